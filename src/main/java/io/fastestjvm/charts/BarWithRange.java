package io.fastestjvm.charts;

/** One bar of a bar chart: a JVM's median-over-runs value with the min and max over its runs. Immutable. */
public final class BarWithRange {
    private final String label;
    private final String profile;
    private final double value;
    private final double min;
    private final double max;

    public BarWithRange(final String label, final String profile, final double value, final double min,
                        final double max) {
        this.label = label;
        this.profile = profile;
        this.value = value;
        this.min = min;
        this.max = max;
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
