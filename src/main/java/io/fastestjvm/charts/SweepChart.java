package io.fastestjvm.charts;

import java.awt.Color;
import java.util.Map;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

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
     * @param actual   percentile label -> latency per x point, actual send
     * @param intended percentile label -> latency per x point, intended send (may be empty)
     */
    public static XYChart of(final String title, final String xTitle, final double[] x,
                             final Map<String, double[]> actual, final Map<String, double[]> intended) {
        final XYChart chart = new XYChartBuilder().width(ChartFiles.WIDTH).height(ChartFiles.HEIGHT).title(title)
                .xAxisTitle(xTitle + ", log scale").yAxisTitle("latency (ns), log scale").build();
        ChartLook.apply(chart.getStyler());
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setXAxisDecimalPattern("#,###");
        chart.getStyler().setMarkerSize(7);
        double smallest = Double.MAX_VALUE;
        double largest = 1;
        int colour = 0;
        for (final Map.Entry<String, double[]> line : actual.entrySet()) {
            final Color c = PERCENTILE_COLOURS[colour++ % PERCENTILE_COLOURS.length];
            ChartLook.line(chart, line.getKey() + ", actual send", x, line.getValue(), c, ChartLook.SOLID);
            final double[] dashed = intended.get(line.getKey());
            if (dashed != null) {
                ChartLook.line(chart, line.getKey() + ", intended send", x, dashed, c, ChartLook.DASHED);
            }
            for (final double[] values : new double[][] {line.getValue(), dashed == null ? new double[0] : dashed}) {
                for (final double v : values) {
                    if (v > 0) {
                        smallest = Math.min(smallest, v);
                        largest = Math.max(largest, v);
                    }
                }
            }
        }
        ChartLook.logNanosAxis(chart.getStyler(), smallest, largest);
        return chart;
    }
}
