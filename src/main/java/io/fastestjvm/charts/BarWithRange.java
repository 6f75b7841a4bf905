package io.fastestjvm.charts;

/**
 * One bar of a bar chart: a JVM's median-over-runs value with the min and max over its runs, each run's value (drawn
 * as dots) and an optional reference figure (the article's; NaN when none). Immutable.
 */
public final class BarWithRange {
    final String label;
    /** The colour key (see {@link ProfilePalette}). */
    final String profile;
    final double value;
    final double min;
    final double max;
    final double[] runs;
    final double reference;

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
}
