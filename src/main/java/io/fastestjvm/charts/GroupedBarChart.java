package io.fastestjvm.charts;

import java.util.List;
import java.util.Map;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;

/** Bars grouped by category (e.g. percentile), one series per JVM profile in its fixed colour. */
public final class GroupedBarChart {
    private GroupedBarChart() {
    }

    /** @param series label -> (profile, one value per category) */
    public static CategoryChart of(final String title, final String xTitle, final String yTitle,
                                   final List<String> categories, final Map<String, String> profiles,
                                   final Map<String, List<Double>> series) {
        final CategoryChart chart = new CategoryChartBuilder().width(ChartFiles.WIDTH).height(ChartFiles.HEIGHT)
                .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        ChartLook.apply(chart.getStyler());
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0.##");
        double largest = 0;
        for (final List<Double> values : series.values()) {
            for (final Double value : values) {
                largest = value == null ? largest : Math.max(largest, value);
            }
        }
        // Headroom above the tallest bar, so the axis gets ticks between 0 and it.
        chart.getStyler().setYAxisMax(Math.max(1, largest) * 1.2);
        for (final Map.Entry<String, List<Double>> values : series.entrySet()) {
            final CategorySeries bars = chart.addSeries(values.getKey(), categories, values.getValue());
            bars.setFillColor(ProfilePalette.colour(profiles.get(values.getKey())));
        }
        return chart;
    }
}
