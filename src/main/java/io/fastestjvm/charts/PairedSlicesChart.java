package io.fastestjvm.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;

import org.apache.commons.math3.stat.StatUtils;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One pair A / B of an interleaved comparison, cycle by cycle: each variant's per-slice p50 on top (so the host's
 * level is seen moving both), the per-cycle, per-block and overall ratio below. Off-scale values sit at the edge as
 * triangles. XChart has no stacked plots: two charts are rendered with aligned plot areas into one PNG.
 */
public final class PairedSlicesChart {
    public static final int WIDTH = 1100;
    static final int TOP_HEIGHT = 400;
    static final int BOTTOM_HEIGHT = 430;
    /** The ratio panel never shows more than this factor either way around 1. */
    static final double RATIO_CAP = 2;
    /** The p50 panel never shows more than this factor either way around the median of all slices' p50s. */
    static final double LEVEL_CAP = 4;
    /** The axis reaches this share of the shown range beyond it, where the off-scale marks sit whole. */
    private static final double EDGE = 0.04;
    /** The p50 panel's band for the block numbers, above its range, as a share of the range. */
    private static final double LABEL_BAND = 0.09;

    private static final Color BOUNDARY = new Color(0x999999);
    private static final Color CYCLE_RATIO = new Color(0x80, 0x80, 0x80, 0xB0);
    private static final Color BLOCK_VALUE = new Color(0x222222);
    private static final Color OVERALL = new Color(0x1A5FB4);

    private final String title;
    private final String a;
    private final String b;
    private final Color colourA;
    private final Color colourB;
    /** B's colour is a shade of A's: its markers are squares too. */
    private final boolean shadedB;
    private final List<double[]> cycles = new ArrayList<>(); // block, x, p50 A, p50 B
    private final List<double[]> blocks = new ArrayList<>(); // block, first x, last x, block ratio (NaN: none)
    private double ratio = Double.NaN;
    private double low = Double.NaN;
    private double high = Double.NaN;

    /** Colours from the given profiles (e.g. "jdk17" for "jdk17#2"); B alike to A gets a darker shade. */
    public PairedSlicesChart(final String title, final String a, final String b, final String colourKeyA,
                             final String colourKeyB) {
        this.title = title;
        this.a = a;
        this.b = b;
        this.colourA = ProfilePalette.colour(colourKeyA);
        final Color other = ProfilePalette.colour(colourKeyB);
        this.shadedB = alike(colourA, other);
        this.colourB = shadedB ? shade(colourA, 0.5) : other;
    }

    /** Whether two colours are too close to tell two lines apart (sum of channel differences below 120 of 765). */
    static boolean alike(final Color one, final Color two) {
        return Math.abs(one.getRed() - two.getRed()) + Math.abs(one.getGreen() - two.getGreen())
                + Math.abs(one.getBlue() - two.getBlue()) < 120;
    }

    private static Color shade(final Color colour, final double factor) {
        return new Color((int) (colour.getRed() * factor), (int) (colour.getGreen() * factor),
                (int) (colour.getBlue() * factor));
    }

    /** One paired cycle; the lines break where x skips (a voided cycle) or the block changes. */
    public void cycle(final int block, final double x, final double p50a, final double p50b) {
        cycles.add(new double[] {block, x, p50a, p50b});
    }

    /** A counted block spanning cycle numbers {@code firstX..lastX}, with its ratio A / B (NaN: it has none). */
    public void block(final int block, final double firstX, final double lastX, final double blockRatio) {
        blocks.add(new double[] {block, firstX, lastX, blockRatio});
    }

    /** The overall ratio A / B and its interval (NaN low and high: no interval). */
    public void overall(final double overallRatio, final double lower, final double upper) {
        this.ratio = overallRatio;
        this.low = lower;
        this.high = upper;
    }

    /** Both panels, the plot areas aligned so a cycle sits at the same x in each. */
    public BufferedImage render() {
        final double xMin = 0.5;
        final double xMax = Math.max(1, DoubleStream.concat(blocks.stream().mapToDouble(block -> block[2]),
                cycles.stream().mapToDouble(cycle -> cycle[1])).max().orElse(1)) + 0.5; // the last cycle's right edge
        final int[] widths = {WIDTH, WIDTH};
        final int[] heights = {TOP_HEIGHT, BOTTOM_HEIGHT};
        final BufferedImage[] images = new BufferedImage[2];
        final double[] left = new double[2];
        final double[] right = new double[2];
        for (int pass = 0; pass < 2; pass++) { // render, then once more with the plot widths made equal
            for (int panel = 0; panel < 2; panel++) {
                final XYChart chart = panel == 0 ? levels(widths[0], xMin, xMax) : ratios(widths[1], xMin, xMax);
                images[panel] = BitmapEncoder.getBufferedImage(chart);
                left[panel] = chart.getScreenXFromChart(xMin);
                right[panel] = chart.getScreenXFromChart(xMax);
            }
            final double plotWidth = Math.min(right[0] - left[0], right[1] - left[1]);
            if (pass == 1 || Math.abs((right[0] - left[0]) - (right[1] - left[1])) < 1) {
                break;
            }
            for (int panel = 0; panel < 2; panel++) { // the legend and the y axis keep their widths
                widths[panel] -= (int) Math.round(right[panel] - left[panel] - plotWidth);
            }
        }
        final int leftmost = (int) Math.round(Math.max(left[0], left[1]));
        final int[] shift = {leftmost - (int) Math.round(left[0]), leftmost - (int) Math.round(left[1])};
        final int width = Math.max(shift[0] + widths[0], shift[1] + widths[1]);
        final BufferedImage both = new BufferedImage(width, heights[0] + heights[1], BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = both.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, both.getWidth(), both.getHeight());
            g.drawImage(images[0], shift[0], 0, null);
            g.drawImage(images[1], shift[1], heights[0], null);
        } finally {
            g.dispose();
        }
        return both;
    }

    private XYChart panel(final int width, final int height, final String chartTitle, final String xTitle,
                          final String yTitle, final double xMin, final double xMax) {
        final XYChart chart = ChartLook.xyChart(width, height, chartTitle, xTitle, yTitle);
        chart.getStyler().setXAxisMin(xMin);
        chart.getStyler().setXAxisMax(xMax);
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        chart.getStyler().setMarkerSize(5);
        chart.getStyler().setPlotContentSize(1.0); // the axis is exactly what yAxis(...) sets
        return chart;
    }

    private XYChart levels(final int width, final double xMin, final double xMax) {
        final XYChart chart = panel(width, TOP_HEIGHT, title, "", "actual-send p50 per slice (ns)", xMin, xMax);
        chart.getStyler().setXAxisTitleVisible(false);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        final List<Double> all = cycles.stream().flatMap(cycle -> Stream.of(cycle[2], cycle[3]))
                .collect(Collectors.toList());
        final double median = all.isEmpty() ? 1 : StatUtils.percentile(all.stream().mapToDouble(v -> v).toArray(), 50);
        final double[] range = range(all, median / LEVEL_CAP, median * LEVEL_CAP, new double[0]);
        final double[] axis = yAxis(chart, range, LABEL_BAND);
        boundaries(chart, axis);
        variant(chart, a, 2, colourA, SeriesMarkers.CIRCLE, range);
        variant(chart, b, 3, colourB, shadedB ? SeriesMarkers.SQUARE : SeriesMarkers.CIRCLE, range);
        blockLabels(chart, range[1] + (EDGE + LABEL_BAND / 2) * (range[1] - range[0]));
        return chart;
    }

    private void variant(final XYChart chart, final String name, final int column, final Color colour,
                         final Marker marker, final double[] range) {
        final List<Double> x = new ArrayList<>();
        final List<Double> y = new ArrayList<>();
        double[] previous = null;
        for (final double[] cycle : cycles) {
            if (previous != null && (previous[0] != cycle[0] || cycle[1] != previous[1] + 1)) {
                x.add(previous[1] + 0.5); // a gap: a voided cycle or the next block
                y.add(null);
            }
            x.add(cycle[1]);
            y.add(clip(cycle[column], range));
            previous = cycle;
        }
        if (x.isEmpty()) {
            return;
        }
        final XYSeries line = ChartLook.plainLine(chart.addSeries(name, x, y), colour, ChartLook.SOLID);
        line.setMarkerColor(colour);
        line.setMarker(cycles.size() > 300 ? SeriesMarkers.NONE : marker);
        offScale(chart, name + " beyond the scale", cycle -> cycle[column], colour, range);
    }

    private XYChart ratios(final int width, final double xMin, final double xMax) {
        final XYChart chart = panel(width, BOTTOM_HEIGHT, "", "cycle (running number over the counted blocks;"
                + " dotted lines separate blocks; voided cycles left out)", "p50 ratio " + a + " / " + b,
                xMin, xMax);
        chart.getStyler().setChartTitleVisible(false);
        chart.getStyler().setYAxisDecimalPattern("0.00");
        final List<Double> perCycle = cycles.stream().map(cycle -> cycle[2] / cycle[3]).collect(Collectors.toList());
        final double[] range = range(perCycle, 1 / RATIO_CAP, RATIO_CAP, DoubleStream.concat(
                DoubleStream.of(1.0, ratio, low, high), blocks.stream().mapToDouble(block -> block[3])).toArray());
        boundaries(chart, yAxis(chart, range, 0));
        horizontal(chart, "1 = no difference", 1, xMin, xMax, Color.BLACK, ChartLook.DOTTED);
        if (!cycles.isEmpty()) {
            ChartLook.dots(chart.addSeries("per cycle", cycles.stream().map(cycle -> cycle[1])
                    .collect(Collectors.toList()), perCycle.stream().map(ratio -> clip(ratio, range))
                    .collect(Collectors.toList())), SeriesMarkers.CIRCLE, CYCLE_RATIO);
        }
        offScale(chart, "beyond the scale", cycle -> cycle[2] / cycle[3], CYCLE_RATIO, range);
        blockValues(chart, range);
        if (!Double.isNaN(ratio)) {
            final boolean interval = !Double.isNaN(low) && !Double.isNaN(high);
            horizontal(chart, String.format(Locale.ROOT, "overall %.3f", ratio)
                    + (interval ? "" : " (no interval)"), clip(ratio, range), xMin, xMax, OVERALL, ChartLook.SOLID);
            if (interval) {
                horizontal(chart, String.format(Locale.ROOT, "95 %% interval %.3f - %.3f", low, high),
                        clip(low, range), xMin, xMax, OVERALL, ChartLook.DASHED);
                horizontal(chart, "95 % interval, upper", clip(high, range), xMin, xMax, OVERALL, ChartLook.DASHED)
                        .setShowInLegend(false);
            }
        }
        return chart;
    }

    private void blockValues(final XYChart chart, final double[] range) {
        final List<Double> barX = new ArrayList<>();
        final List<Double> barY = new ArrayList<>();
        final List<Double> dotX = new ArrayList<>();
        final List<Double> dotY = new ArrayList<>();
        for (final double[] block : blocks) {
            if (Double.isNaN(block[3])) {
                continue;
            }
            final double value = clip(block[3], range);
            barX.addAll(Arrays.asList(block[1] - 0.4, block[2] + 0.4, block[2] + 0.4));
            barY.addAll(Arrays.asList(value, value, null));
            dotX.add((block[1] + block[2]) / 2);
            dotY.add(value);
        }
        if (dotX.isEmpty()) {
            return;
        }
        ChartLook.plainLine(chart.addSeries("block span", barX, barY), BLOCK_VALUE, ChartLook.SOLID)
                .setShowInLegend(false);
        ChartLook.dots(chart.addSeries("block value (median of its cycles)", dotX, dotY), big(SeriesMarkers.CIRCLE),
                BLOCK_VALUE);
    }

    /** The range plus {@link #EDGE} either side, so edge marks show whole, and {@code band} more on top. */
    private static double[] yAxis(final XYChart chart, final double[] range, final double band) {
        final double span = range[1] - range[0];
        final double[] axis = {range[0] - EDGE * span, range[1] + (EDGE + band) * span};
        chart.getStyler().setYAxisMin(axis[0]);
        chart.getStyler().setYAxisMax(axis[1]);
        return axis;
    }

    /** Dotted vertical lines between blocks, one series broken by gaps. */
    private void boundaries(final XYChart chart, final double[] range) {
        final List<Double> x = new ArrayList<>();
        final List<Double> y = new ArrayList<>();
        for (int i = 1; i < blocks.size(); i++) {
            final double at = (blocks.get(i - 1)[2] + blocks.get(i)[1]) / 2;
            x.addAll(Arrays.asList(at, at, at));
            y.addAll(Arrays.asList(range[0], range[1], null));
        }
        if (!x.isEmpty()) {
            ChartLook.plainLine(chart.addSeries("block boundary", x, y), BOUNDARY, ChartLook.DOTTED)
                    .setShowInLegend(false);
        }
    }

    /** Block numbers along the top of the p50 panel (every n-th when they are many). */
    private void blockLabels(final XYChart chart, final double y) {
        if (blocks.isEmpty()) {
            return;
        }
        final int every = (int) Math.ceil(blocks.size() / 16.0);
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x555555));
        for (int i = 0; i < blocks.size(); i += every) {
            final double[] block = blocks.get(i);
            final String label = (blocks.size() <= 8 ? "block " : "") + (int) block[0];
            chart.addAnnotation(new AnnotationText(label, (block[1] + block[2]) / 2, y, false));
        }
    }

    private static XYSeries horizontal(final XYChart chart, final String name, final double y, final double xMin,
                                       final double xMax, final Color colour, final BasicStroke stroke) {
        return ChartLook.plainLine(chart.addSeries(name, new double[] {xMin, xMax}, new double[] {y, y}), colour,
                stroke);
    }

    /** Cycles whose {@code value} is off the range, at its edges: triangles up at the top, down below; one legend. */
    private void offScale(final XYChart chart, final String name, final ToDoubleFunction<double[]> value,
                          final Color colour, final double[] range) {
        final List<double[]> off = cycles.stream().filter(cycle -> clip(value.applyAsDouble(cycle), range)
                != value.applyAsDouble(cycle)).collect(Collectors.toList());
        final String label = name + " (" + off.size() + "), at the edge";
        boolean legend = true;
        for (final boolean top : new boolean[] {true, false}) {
            final List<Double> x = new ArrayList<>();
            final List<Double> y = new ArrayList<>();
            for (final double[] cycle : off) {
                final double clipped = clip(value.applyAsDouble(cycle), range);
                if (clipped >= range[1] == top) {
                    x.add(cycle[1]);
                    y.add(clipped);
                }
            }
            if (!x.isEmpty()) {
                ChartLook.dots(chart.addSeries(legend ? label : label + " ", x, y),
                        big(top ? SeriesMarkers.TRIANGLE_UP : SeriesMarkers.TRIANGLE_DOWN), colour.darker())
                        .setShowInLegend(legend);
                legend = false;
            }
        }
    }

    /** The marker at twice the chart's marker size: XChart sizes markers per chart, not per series. */
    private static Marker big(final Marker marker) {
        return new Marker() {
            @Override
            public void paint(final Graphics2D g, final double x, final double y, final int size) {
                marker.paint(g, x, y, size * 2);
            }
        };
    }

    /** The y range: {@code values} within the caps and every finite {@code keep} (clipped), padded by 8 %. */
    static double[] range(final List<Double> values, final double lowCap, final double highCap,
                          final double[] keep) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (final Double value : values) {
            if (value != null && value >= lowCap && value <= highCap) {
                lo = Math.min(lo, value);
                hi = Math.max(hi, value);
            }
        }
        for (final double value : keep) {
            if (!Double.isNaN(value) && !Double.isInfinite(value)) {
                lo = Math.min(lo, Math.max(lowCap, value));
                hi = Math.max(hi, Math.min(highCap, value));
            }
        }
        if (lo > hi) { // nothing within the caps: show the caps
            return new double[] {lowCap, highCap};
        }
        final double pad = Math.max(0.08 * (hi - lo), 0.01 * Math.abs(hi));
        return new double[] {Math.max(lowCap > 0 ? lowCap * 0.98 : lowCap, lo - pad), Math.min(highCap * 1.02,
                hi + pad)};
    }

    static double clip(final double value, final double[] range) {
        return Math.max(range[0], Math.min(range[1], value));
    }
}
