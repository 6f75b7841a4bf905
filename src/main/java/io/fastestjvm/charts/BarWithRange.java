package io.fastestjvm.charts;

/**
 * One bar of a bar chart: a JVM's median-over-runs value with the min and max over its runs, each run's value (drawn
 * as dots) and an optional reference figure (the article's; NaN when none). Immutable.
 */
public final class BarWithRange {
    private final String label;
    private final String profile;
    private final double value;
    private final double min;
    private final double max;
    private final double[] runs;
    private final double reference;

    public BarWithRange(final String label, final String profile, final double value, final double min,
                        final double max) {
        this(label, profile, value, min, max, new double[0], Double.NaN);
    }

    /** @param profile the colour key (see {@link ProfilePalette}) */
    public BarWithRange(final String label, final String profile, final double value, final double min,
                        final double max, final double[] runs, final double reference) {
        this.label = label;
        this.profile = profile;
        this.value = value;
        this.min = min;
        this.max = max;
        this.runs = runs.clone();
        this.reference = reference;
    }

    public double[] runs() {
        return runs.clone();
    }

    /** The reference figure, or NaN. */
    public double reference() {
        return reference;
    }

    public String label() {
        return label;
    }

    public String profile() {
        return profile;
    }

    public double value() {
        return value;
    }

    public double min() {
        return min;
    }

    public double max() {
        return max;
    }
}
