package io.fastestjvm.charts;

import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import io.fastestjvm.recording.Latency;

/**
 * Latency against percentile on HdrHistogram's 1/(1-p) axis, one more nine a step, so the tail gets as much room as
 * the body. Plotted as log10(1/(1-p)) on a linear axis: XChart's tick-label function fails on log axes.
 */
public final class PercentileSpectrumChart {
    /** 1/(1-p) at 50%. */
    public static final double FROM = 2;
    /** 1/(1-p) at 99.999%. */
    public static final double TO = 100_000;
    private static final Marker[] HOST_MARKERS = {SeriesMarkers.NONE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
        SeriesMarkers.TRIANGLE_UP, SeriesMarkers.CIRCLE};

    private PercentileSpectrumChart() {
    }

    public static XYChart of(final String title, final List<SpectrumLine> lines) {
        final XYChart chart = ChartLook.xyChart(ChartFiles.WIDTH, ChartFiles.HEIGHT, title,
                "percentile (log scale of 1/(1-p): each step right is one more nine)", "latency (ns), log scale");
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(Math.log10(TO));
        chart.getStyler().setxAxisTickLabelsFormattingFunction(PercentileSpectrumChart::percentile);
        chart.getStyler().setMarkerSize(5);
        final DoubleSummaryStatistics nanos = new DoubleSummaryStatistics();
        for (final SpectrumLine line : lines) {
            final double[] x = Arrays.stream(line.inverseTail).map(Math::log10).toArray(); // the line keeps its own
            ChartLook.line(chart, line.label, x, line.nanos, ProfilePalette.colour(line.profile), ChartLook.SOLID)
                    .setMarker(HOST_MARKERS[line.hostIndex % HOST_MARKERS.length]);
            Arrays.stream(line.nanos).forEach(nanos);
        }
        ChartLook.logNanosAxis(chart.getStyler(), Math.min(Double.MAX_VALUE, nanos.getMin()),
                Math.max(1, nanos.getMax()));
        return chart;
    }

    /** log10(1/(1-p)) -> "99.9%" at whole decades (0%, 90%, 99%, 99.9% ...), no label in between. */
    static String percentile(final Double decades) {
        if (Math.abs(decades - Math.rint(decades)) > 1e-9) {
            return "";
        }
        final int nines = (int) Math.rint(decades);
        final double percent = 100 * (1 - Math.pow(10, -nines));
        return String.format(Locale.ROOT, "%." + Math.max(0, nines - 2) + "f%%", percent);
    }
}
