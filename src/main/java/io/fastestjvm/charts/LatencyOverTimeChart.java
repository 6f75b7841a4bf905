package io.fastestjvm.charts;

import java.awt.Color;
import java.util.Arrays;

import org.knowm.xchart.XYChart;
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

    public static XYChart of(final String title, final String profile, final double[] seconds, final double[] p50,
                             final double[] p99, final double[] max, final boolean[] warmup) {
        final XYChart chart = ChartLook.xyChart(ChartFiles.WIDTH, ChartFiles.HEIGHT, title,
                "seconds since the first interval (one point per 1 s interval)", "latency (ns), log scale");
        chart.getStyler().setMarkerSize(5);
        ChartLook.logNanosAxis(chart.getStyler(), Arrays.stream(p50).reduce(Double.MAX_VALUE, Math::min),
                Arrays.stream(max).reduce(1, Math::max));
        final double top = chart.getStyler().getYAxisMax();
        final double first = seconds.length == 0 ? 0 : seconds[0];
        double warmupEnd = 0; // where the last warm-up interval ends
        for (int i = 0; i < seconds.length; i++) {
            if (warmup[i]) {
                warmupEnd = i + 1 < seconds.length ? seconds[i + 1] : seconds[i] + 1;
            }
        }
        if (warmupEnd > first) {
            final XYSeries shade = chart.addSeries("warm-up (intervals tagged warmup)",
                    new double[] {first, warmupEnd}, new double[] {top, top});
            shade.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
            shade.setFillColor(WARMUP_SHADE);
            shade.setLineColor(WARMUP_SHADE);
            shade.setMarker(SeriesMarkers.NONE);
        }
        final Color colour = ProfilePalette.colour(profile);
        ChartLook.line(chart, "p50", seconds, p50, colour, ChartLook.SOLID);
        ChartLook.line(chart, "p99", seconds, p99, colour, ChartLook.DASHED);
        ChartLook.line(chart, "max", seconds, max, colour.darker(), ChartLook.DOTTED);
        return chart;
    }
}
