package io.fastestjvm.verdict;

import java.util.Arrays;

import org.apache.commons.math3.stat.StatUtils;
import io.fastestjvm.statistics.OrderStatisticConfidence;

/**
 * The median of block values with its order-statistic interval and the exact sign test: one block whose fresh JVM
 * drew a state far off the rest (docs/findings/memory-draw.md) moves them by one rank, where it moves a mean by its
 * whole distance. The estimand is the median block, not the mean of the log ratios.
 */
public final class MedianOfBlocks {
    /** Fewest blocks whose extreme values cover the median at 95 %: 1 - 2 / 2^6 = 96.9 %. */
    public static final int MIN_BLOCKS = 6;

    private final double[] sorted;

    public MedianOfBlocks(final double[] blockValues) {
        this.sorted = blockValues.clone();
        Arrays.sort(sorted);
    }

    public double median() {
        return StatUtils.percentile(sorted, 50); // NaN for none
    }

    /** The median's 95 % interval from order statistics, or null below {@link #MIN_BLOCKS} blocks. */
    public Interval interval() {
        final int n = sorted.length;
        if (n < MIN_BLOCKS) {
            return null;
        }
        final long[] ranks = OrderStatisticConfidence.ranks(n, 0.5);
        final int lo = (int) ranks[0];
        final int hi = (int) ranks[1];
        final double coverage = binomialBelow(n, hi) - binomialBelow(n, lo);
        return new Interval(median(), sorted[lo - 1], sorted[hi - 1], Math.min(coverage, Math.nextDown(1.0)));
    }

    /** Two-sided exact sign test of a median of 0: 2 x P(B <= the smaller count), B ~ binomial(nonzero, 1/2). */
    public double pValue() {
        final int below = (int) Arrays.stream(sorted).filter(value -> value < 0).count();
        final int above = (int) Arrays.stream(sorted).filter(value -> value > 0).count();
        final int n = below + above;
        if (n == 0) {
            return 1.0;
        }
        return Math.min(1.0, 2 * binomialBelow(n, Math.min(below, above) + 1));
    }

    /** P(B < k) for B ~ binomial(n, 1/2). */
    static double binomialBelow(final int n, final int k) {
        double term = Math.pow(0.5, n);
        double sum = 0;
        for (int i = 0; i < Math.min(k, n + 1); i++) {
            sum += term;
            term = term * (n - i) / (i + 1);
        }
        return sum;
    }
}
