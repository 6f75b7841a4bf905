package io.fastestjvm.charts;

import java.awt.Color;
import java.util.Arrays;

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
        ChartLook.logNanosAxis(chart.getStyler(), Arrays.stream(series.p50).reduce(Double.MAX_VALUE, Math::min),
                Arrays.stream(series.max).reduce(1, Math::max));
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
        ChartLook.line(chart, "p50", series.seconds, series.p50, colour, ChartLook.SOLID);
        ChartLook.line(chart, "p99", series.seconds, series.p99, colour, ChartLook.DASHED);
        ChartLook.line(chart, "max", series.seconds, series.max, colour.darker(), ChartLook.DOTTED);
        return chart;
    }
}
