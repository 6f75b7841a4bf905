package io.fastestjvm.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.Locale;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The look every chart shares: white, readable fonts, legend outside the plot, ns figures with separators. */
final class ChartLook {
    /** A y range wider than this factor is drawn on a log axis, or the small values would be a flat line. */
    static final double LOG_SCALE_RANGE = 20;

    static final BasicStroke SOLID = new BasicStroke(2f);
    static final BasicStroke DASHED = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {8f, 5f}, 0f);
    static final BasicStroke DOTTED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {2f, 3f}, 0f);

    private ChartLook() {
    }

    static XYChart xyChart(final int width, final int height, final String title, final String xTitle,
                           final String yTitle) {
        final XYChart chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        apply(chart.getStyler());
        return chart;
    }

    static XYSeries line(final XYChart chart, final String name, final double[] x, final double[] y,
                         final Color colour, final BasicStroke stroke) {
        final XYSeries series = chart.addSeries(name, x, y);
        series.setLineColor(colour);
        series.setMarkerColor(colour);
        series.setLineStyle(stroke);
        series.setMarker(SeriesMarkers.CIRCLE);
        return series;
    }

    /** Styles {@code series} as a line without markers (broken where a y is null). */
    static XYSeries plainLine(final XYSeries series, final Color colour, final BasicStroke stroke) {
        series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(colour);
        series.setLineStyle(stroke);
        return series;
    }

    static XYSeries dots(final XYSeries series, final Marker marker, final Color colour) {
        series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        series.setMarker(marker);
        series.setMarkerColor(colour);
        return series;
    }

    static void apply(final AxesChartStyler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderVisible(true);
        styler.setPlotGridLinesColor(new Color(0xDDDDDD));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setLegendBorderColor(Color.WHITE);
        styler.setAntiAlias(true);
    }

    /**
     * A logarithmic ns y axis from the decade below {@code smallest} to the decade above {@code largest}. Tick labels
     * use a decimal pattern: XChart's tick-label function would replace the log axis's decade ticks with linear ones.
     */
    static void logNanosAxis(final AxesChartStyler styler, final double smallest, final double largest) {
        styler.setYAxisLogarithmic(true);
        styler.setYAxisDecimalPattern("#,###");
        styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(Math.max(1, smallest)))));
        styler.setYAxisMax(Math.pow(10, Math.ceil(Math.log10(Math.max(10, largest)))));
    }

    /** 1234567 -> "1,234,567"; small fractions keep one decimal. */
    static String nanos(final Double value) {
        if (value == null) {
            return "";
        }
        if (Math.abs(value) >= 10 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, "%,.1f", value);
    }
}
