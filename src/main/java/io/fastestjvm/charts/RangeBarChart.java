package io.fastestjvm.charts;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Bars of one latency figure per JVM with the min-max over runs as a whisker, as in the article. XChart's error bars
 * are symmetric, so the whisker is an invisible bar at mid-range; its category charts ignore a log axis, so a wide
 * span ({@link ChartLook#LOG_SCALE_RANGE}) is drawn in log10 space with decade labels.
 */
public final class RangeBarChart {
    private static final Color INVISIBLE = new Color(0, 0, 0, 0);
    private static final Color RUN_DOT = new Color(40, 40, 40, 170);

    private RangeBarChart() {
    }

    public static CategoryChart of(final String title, final String yTitle, final List<BarWithRange> bars) {
        final List<String> labels = bars.stream().map(bar -> bar.label).collect(Collectors.toList());
        final double smallest = Math.min(Double.MAX_VALUE, bars.stream().flatMapToDouble(bar -> bar.reference > 0
                ? DoubleStream.of(bar.min, bar.reference) : DoubleStream.of(bar.min)).min().orElse(Double.MAX_VALUE));
        final double largest = Math.max(0, bars.stream().flatMapToDouble(bar -> bar.reference > 0
                ? DoubleStream.of(bar.max, bar.reference) : DoubleStream.of(bar.max)).max().orElse(0));
        final boolean log = smallest > 0 && largest / smallest > ChartLook.LOG_SCALE_RANGE;
        final DoubleUnaryOperator scale = log ? Math::log10 : v -> v;
        final CategoryChart chart = new CategoryChartBuilder().width(ChartFiles.WIDTH).height(ChartFiles.HEIGHT)
                .title(title)
                .xAxisTitle("JVM [verdict group] (bar: median over runs; dot: one run; whisker: min to max over runs)")
                .yAxisTitle(yTitle + (log ? ", log scale" : "")).build();
        ChartLook.apply(chart.getStyler());
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setErrorBarsColor(Color.BLACK);
        chart.getStyler().setAvailableSpaceFill(0.6);
        chart.getStyler().setXAxisLabelRotation(labelsFit(labels) ? 0 : 25);
        if (log) {
            chart.getStyler().setYAxisMin(Math.floor(Math.log10(smallest)));
            chart.getStyler().setYAxisMax(Math.ceil(Math.log10(largest)));
            chart.getStyler().setyAxisTickLabelsFormattingFunction(RangeBarChart::decade);
        } else {
            chart.getStyler().setYAxisMin(0.0);
            chart.getStyler().setyAxisTickLabelsFormattingFunction(ChartLook::nanos);
        }
        for (int i = 0; i < bars.size(); i++) {
            final BarWithRange bar = bars.get(i);
            final CategorySeries median = chart.addSeries(bar.label, labels,
                    only(i, bars.size(), scale.applyAsDouble(bar.value)));
            median.setFillColor(ProfilePalette.colour(bar.profile));
        }
        // Added last so its whiskers are drawn over the bars.
        final List<Double> middles = bars.stream().map(bar -> (scale.applyAsDouble(bar.min)
                + scale.applyAsDouble(bar.max)) / 2).collect(Collectors.toList());
        final List<Double> halfRanges = bars.stream().map(bar -> (scale.applyAsDouble(bar.max)
                - scale.applyAsDouble(bar.min)) / 2).collect(Collectors.toList());
        final CategorySeries range = chart.addSeries("min-max over runs", labels, middles, halfRanges);
        range.setFillColor(INVISIBLE);
        range.setLineColor(INVISIBLE);
        range.setShowInLegend(false);
        runDots(chart, labels, bars, scale);
        references(chart, labels, bars, scale);
        return chart;
    }

    /** Every run as a dot on its JVM's bar: one scatter series per run index (XChart has one value per category). */
    private static void runDots(final CategoryChart chart, final List<String> labels, final List<BarWithRange> bars,
                                final DoubleUnaryOperator scale) {
        final int most = bars.stream().mapToInt(bar -> bar.runs.length).max().orElse(0);
        for (int run = 0; run < most; run++) {
            final int index = run;
            final List<Double> values = bars.stream().map(bar -> index < bar.runs.length && bar.runs[index] > 0
                    ? scale.applyAsDouble(bar.runs[index]) : null).collect(Collectors.toList());
            final CategorySeries dots = chart.addSeries(run == 0 ? "one run (fresh JVM)" : "run " + (run + 1),
                    labels, values);
            dots.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
            dots.setMarker(SeriesMarkers.CIRCLE);
            dots.setMarkerColor(RUN_DOT);
            dots.setShowInLegend(run == 0);
        }
    }

    /** The reference figures (the article's) as a black diamond where there is one. */
    private static void references(final CategoryChart chart, final List<String> labels,
                                   final List<BarWithRange> bars, final DoubleUnaryOperator scale) {
        final List<Double> values = bars.stream().map(bar -> !Double.isNaN(bar.reference) && bar.reference > 0
                ? scale.applyAsDouble(bar.reference) : null).collect(Collectors.toList());
        if (values.stream().anyMatch(Objects::nonNull)) {
            final CategorySeries marks = chart.addSeries("the article's figure (their machine)", labels, values);
            marks.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
            marks.setMarker(SeriesMarkers.DIAMOND);
            marks.setMarkerColor(Color.BLACK);
        }
    }

    /** Whether the labels fit side by side at ~7 px a character in a plot narrowed to ~560 px by the legend. */
    private static boolean labelsFit(final List<String> labels) {
        final int longest = labels.stream().mapToInt(String::length).max().orElse(0);
        return longest * 7 < 560 / Math.max(1, labels.size());
    }

    /** Tick label of a log10 axis: the value at whole decades, nothing in between. */
    private static String decade(final Double exponent) {
        return Math.abs(exponent - Math.rint(exponent)) < 1e-9 ? ChartLook.nanos(Math.pow(10, Math.rint(exponent)))
                : "";
    }

    /** A series that has a value only in its own category. */
    private static List<Double> only(final int index, final int size, final double value) {
        final List<Double> values = new ArrayList<>(Collections.nCopies(size, (Double) null));
        values.set(index, value);
        return values;
    }
}
