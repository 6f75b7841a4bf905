package io.fastestjvm.report;

import java.util.Arrays;

import org.apache.commons.math3.stat.StatUtils;

/**
 * One figure across runs: the median of the runs' values (the mean of the middle two for an even count), the
 * smallest and largest, and how far apart those are relative to the median. Immutable.
 */
public final class Spread {
    private final double[] values;
    private final double median;

    private Spread(final double[] values) {
        this.values = values;
        this.median = StatUtils.percentile(values, 50); // NaN for none
    }

    /** The spread of the given per-run values; NaN values (figure missing from a summary) are left out. */
    public static Spread of(final double[] perRun) {
        return new Spread(Arrays.stream(perRun).filter(v -> !Double.isNaN(v)).toArray());
    }

    public boolean isEmpty() {
        return values.length == 0;
    }

    public double median() {
        return median;
    }

    public double min() {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    public double max() {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    /**
     * (max - min) / median in percent: how much the runs disagree. NaN for fewer than two runs: one run has no
     * spread to show (not 0 %), the same as {@link io.fastestjvm.report.verdict.RunSpread#variationPercent()}.
     */
    public double variationPercent() {
        return values.length < 2 || median == 0 ? Double.NaN : (max() - min()) / median * 100;
    }

    /** The values the spread is made of, in run order. */
    public double[] values() {
        return values.clone();
    }
}
