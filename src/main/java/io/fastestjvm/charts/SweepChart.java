package io.fastestjvm.charts;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import io.fastestjvm.recording.Latency;

/**
 * Latency against offered rate or message size, both axes logarithmic: one colour per percentile, actual send solid
 * and intended send dashed (the intended-send line leaving the actual-send one is where the consumer falls behind).
 */
public final class SweepChart {
    private static final Color[] PERCENTILE_COLOURS = {new Color(0x1F77B4), new Color(0x2CA02C),
        new Color(0xFF7F0E), new Color(0xD62728), new Color(0x7F7F7F)};

    private SweepChart() {
    }

    /**
     * Maps percentile label to latency per x point; failed-check points marked by a black cross, unsustained rates
     * by a black square, on actual send.
     */
    public static XYChart of(final String title, final String xTitle, final double[] x,
                             final Map<String, double[]> actual, final Map<String, double[]> intended,
                             final boolean[] failed, final boolean[] unsustained) {
        final XYChart chart = ChartLook.xyChart(ChartFiles.WIDTH, ChartFiles.HEIGHT, title, xTitle + ", log scale",
                "latency (ns), log scale");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setXAxisDecimalPattern("#,###");
        chart.getStyler().setMarkerSize(7);
        final DoubleSummaryStatistics positive = new DoubleSummaryStatistics();
        int colour = 0;
        for (final Map.Entry<String, double[]> line : actual.entrySet()) {
            final Color c = PERCENTILE_COLOURS[colour++ % PERCENTILE_COLOURS.length];
            ChartLook.line(chart, line.getKey() + ", actual send", x, line.getValue(), c, ChartLook.SOLID);
            final double[] dashed = intended.get(line.getKey());
            if (dashed != null) {
                ChartLook.line(chart, line.getKey() + ", intended send", x, dashed, c, ChartLook.DASHED);
            }
            DoubleStream.concat(Arrays.stream(line.getValue()), dashed == null ? DoubleStream.empty()
                    : Arrays.stream(dashed)).filter(v -> v > 0).forEach(positive);
        }
        mark(chart, "run failed its checks", x, actual, failed, SeriesMarkers.CROSS);
        mark(chart, "rate not sustained", x, actual, unsustained, SeriesMarkers.SQUARE);
        ChartLook.logNanosAxis(chart.getStyler(), Math.min(Double.MAX_VALUE, positive.getMin()),
                Math.max(1, positive.getMax()));
        return chart;
    }

    private static void mark(final XYChart chart, final String name, final double[] x,
                             final Map<String, double[]> actual, final boolean[] marked, final Marker marker) {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final double[] line : actual.values()) {
            for (int i = 0; i < x.length; i++) {
                if (marked[i] && line[i] > 0) {
                    xs.add(x[i]);
                    ys.add(line[i]);
                }
            }
        }
        if (xs.isEmpty()) {
            return;
        }
        ChartLook.dots(chart.addSeries(name, xs, ys), marker, Color.BLACK);
    }
}
