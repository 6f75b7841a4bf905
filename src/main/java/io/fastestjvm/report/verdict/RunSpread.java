package io.fastestjvm.report.verdict;

import java.util.Arrays;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * One figure over a JVM's runs (one value per fresh JVM): median, min-max and interquartile range. Quartiles use
 * the R-7 definition (R's and numpy's default), so the figures can be checked in either. Immutable.
 */
public final class RunSpread {
    private final double[] values;
    private final double median;
    private final double q1;
    private final double q3;

    public RunSpread(final double[] perRun) {
        this.values = Arrays.stream(perRun).filter(v -> !Double.isNaN(v)).sorted().toArray();
        final Percentile quantile = new Percentile().withEstimationType(EstimationType.R_7);
        this.median = values.length == 0 ? Double.NaN : quantile.evaluate(values, 50);
        this.q1 = values.length == 0 ? Double.NaN : quantile.evaluate(values, 25);
        this.q3 = values.length == 0 ? Double.NaN : quantile.evaluate(values, 75);
    }

    public int runs() {
        return values.length;
    }

    public double median() {
        return median;
    }

    public double min() {
        return values.length == 0 ? Double.NaN : values[0];
    }

    public double max() {
        return values.length == 0 ? Double.NaN : values[values.length - 1];
    }

    public double q1() {
        return q1;
    }

    public double q3() {
        return q3;
    }

    /**
     * (max - min) / median in percent: how far apart the runs of one JVM are. NaN for fewer than two runs: one run
     * has no spread to show (not 0 %), the same as the report's Spread.
     */
    public double variationPercent() {
        return values.length < 2 || median == 0 ? Double.NaN : (max() - min()) / median * 100;
    }

    /** The values, ascending. */
    public double[] values() {
        return values.clone();
    }
}
