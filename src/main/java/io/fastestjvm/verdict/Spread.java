package io.fastestjvm.verdict;

import java.util.Arrays;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * One figure across runs: median, quartiles and range, by R-7 (R's and numpy's default, so either can check them).
 * The fresh design's one definition of spread; JLBH's "% variation" ({@code PercentileTable}) is kept apart on purpose.
 */
public final class Spread {
    /** In run order, for tracing a value to its run. */
    private final double[] values;
    private final double[] sorted;

    private Spread(final double[] values) {
        this.values = values;
        this.sorted = values.clone();
        Arrays.sort(sorted);
    }

    /** The spread of the given per-run values; NaN values (figure missing from a run) are left out. */
    public static Spread of(final double[] perRun) {
        return new Spread(Arrays.stream(perRun).filter(v -> !Double.isNaN(v)).toArray());
    }

    /** Runs that have the figure. */
    public int runs() {
        return values.length;
    }

    public boolean isEmpty() {
        return values.length == 0;
    }

    public double median() {
        return quantile(50);
    }

    public double q1() {
        return quantile(25);
    }

    public double q3() {
        return quantile(75);
    }

    /** NaN without values. */
    private double quantile(final double percent) {
        return new Percentile().withEstimationType(EstimationType.R_7).evaluate(sorted, percent);
    }

    public double min() {
        return sorted.length == 0 ? Double.NaN : sorted[0];
    }

    public double max() {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }

    /** (max - min) / median in percent; NaN for one run, which has no spread to show (not 0 %). */
    public double variationPercent() {
        return values.length < 2 || median() == 0 ? Double.NaN : (max() - min()) / median() * 100;
    }

    public double[] values() {
        return values.clone();
    }
}
