package io.fastestjvm.charts;

import java.awt.Color;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Ratios per category as a dot with its interval as a whisker and a line at 1.0. Not bars: XChart's error bars are
 * symmetric and a ratio's interval is not.
 */
public final class RatioChart {
    /** One series: a label, its colour key and, per category, ratio, low and high (NaN: none). */
    public static final class Series {
        final String label;
        final String colourKey;
        final double[] ratio;
        final double[] low;
        final double[] high;

        public Series(final String label, final String colourKey, final double[] ratio, final double[] low,
                      final double[] high) {
            this.label = label;
            this.colourKey = colourKey;
            this.ratio = ratio.clone();
            this.low = low.clone();
            this.high = high.clone();
        }
    }

    private RatioChart() {
    }

    public static XYChart of(final String title, final String xTitle, final String yTitle,
                             final List<String> categories, final List<Series> series) {
        final XYChart chart = ChartLook.xyChart(ChartFiles.WIDTH, ChartFiles.HEIGHT, title, xTitle, yTitle);
        chart.getStyler().setXAxisMin(-0.5);
        chart.getStyler().setXAxisMax(categories.size() - 0.5);
        // The categories are written into the plot at its foot: on this chart XChart's tick-label function drew
        // no labels at all (checked on the rendered PNG), so the x axis's own labels are hidden.
        chart.getStyler().setXAxisTicksVisible(false);
        chart.getStyler().setMarkerSize(9);
        final double[] everyCategory = IntStream.range(0, categories.size()).asDoubleStream().toArray();
        final double[] ones = new double[categories.size()];
        Arrays.fill(ones, 1);
        ChartLook.plainLine(chart.addSeries("1.0 = no difference", everyCategory, ones), Color.BLACK, ChartLook.DASHED);
        double largest = 1;
        double smallest = 1;
        final double width = 0.5;
        for (int s = 0; s < series.size(); s++) {
            final Series one = series.get(s);
            final Color colour = ProfilePalette.colour(one.colourKey);
            final double offset = series.size() == 1 ? 0 : -width / 2 + width * s / (series.size() - 1);
            final double[] x = new double[categories.size()];
            for (int c = 0; c < x.length; c++) {
                x[c] = c + offset;
                if (!Double.isNaN(one.low[c]) && !Double.isNaN(one.high[c])) {
                    ChartLook.plainLine(chart.addSeries(one.label + " interval " + c, new double[] {x[c], x[c]},
                            new double[] {one.low[c], one.high[c]}), colour, ChartLook.SOLID).setShowInLegend(false);
                    smallest = Math.min(smallest, one.low[c]);
                    largest = Math.max(largest, one.high[c]);
                }
                if (!Double.isNaN(one.ratio[c])) {
                    smallest = Math.min(smallest, one.ratio[c]);
                    largest = Math.max(largest, one.ratio[c]);
                }
            }
            ChartLook.dots(chart.addSeries(one.label, x, one.ratio), SeriesMarkers.CIRCLE, colour);
        }
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(smallest))));
        chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(largest * 1.01))));
        chart.getStyler().setYAxisDecimalPattern("#,##0.##");
        final double labelY = chart.getStyler().getYAxisMin() * 1.15;
        for (int c = 0; c < categories.size(); c++) {
            chart.addAnnotation(new AnnotationText(categories.get(c), c, labelY, false));
        }
        return chart;
    }
}
