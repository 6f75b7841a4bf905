package io.fastestjvm.charts;

import java.awt.BasicStroke;
import java.awt.Color;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Per-second p50, p99 and max of one run, from its .hlog: shows jitter, and where warm-up (shaded) ends and the
 * measured intervals begin. Drawn in the JVM's colour: p50 solid, p99 dashed, max dotted.
 */
public final class LatencyOverTimeChart {
    private static final Color WARMUP_SHADE = new Color(0, 0, 0, 40);

    private LatencyOverTimeChart() {
    }

    public static XYChart of(final String title, final String profile, final TimeSeries series) {
        final XYChart chart = new XYChartBuilder().width(ChartFiles.WIDTH).height(ChartFiles.HEIGHT).title(title)
                .xAxisTitle("seconds since the first interval (one point per 1 s interval)")
                .yAxisTitle("latency (ns), log scale").build();
        ChartLook.apply(chart.getStyler());
        chart.getStyler().setMarkerSize(5);
        double smallest = Double.MAX_VALUE;
        double largest = 1;
        for (final double v : series.p50()) {
            smallest = Math.min(smallest, v);
        }
        for (final double v : series.max()) {
            largest = Math.max(largest, v);
        }
        ChartLook.logNanosAxis(chart.getStyler(), smallest, largest);
        final double top = chart.getStyler().getYAxisMax();
        final double warmupEnd = series.warmupEnd();
        if (warmupEnd > series.first()) {
            final XYSeries shade = chart.addSeries("warm-up (intervals tagged warmup)",
                    new double[] {series.first(), warmupEnd}, new double[] {top, top});
            shade.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
            shade.setFillColor(WARMUP_SHADE);
            shade.setLineColor(WARMUP_SHADE);
            shade.setMarker(SeriesMarkers.NONE);
        }
        final Color colour = ProfilePalette.colour(profile);
        line(chart, "p50", series.seconds(), series.p50(), colour, new BasicStroke(2f));
        line(chart, "p99", series.seconds(), series.p99(), colour, new BasicStroke(2f, BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER, 10f, new float[] {8f, 5f}, 0f));
        line(chart, "max", series.seconds(), series.max(), colour.darker(), new BasicStroke(1.5f,
                BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f));
        return chart;
    }

    private static void line(final XYChart chart, final String name, final double[] x, final double[] y,
                             final Color colour, final BasicStroke stroke) {
        final XYSeries series = chart.addSeries(name, x, y);
        series.setLineColor(colour);
        series.setMarkerColor(colour);
        series.setLineStyle(stroke);
        series.setMarker(SeriesMarkers.CIRCLE);
    }
}
