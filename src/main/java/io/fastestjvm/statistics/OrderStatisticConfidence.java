package io.fastestjvm.statistics;

import java.util.Arrays;

import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * Distribution-free 95% interval of a percentile from order statistics: the number of samples below the true
 * p-quantile is binomial(n, p) whatever the latency distribution ({@link #METHOD}).
 */
public final class OrderStatisticConfidence {
    public static final int EXACT_MAX_N = 10_000;
    static final double Z_95 = 1.959964;
    public static final String METHOD = "distribution-free order-statistic interval: ranks from binomial(n, p),"
            + " exact for n <= " + EXACT_MAX_N + ", else n*p -/+ 1.96*sqrt(n*p*(1-p)) rounded outwards;"
            + " values are the sorted raw samples at those ranks";

    public final long low;
    /** The latency at the high rank, or the largest sample when the high rank is beyond n (see bounded). */
    public final long high;
    /** False when the upper rank lies beyond the samples: the percentile then has no upper confidence bound. */
    public final boolean bounded;

    private OrderStatisticConfidence(final long low, final long high, final boolean bounded) {
        this.low = low;
        this.high = high;
        this.bounded = bounded;
    }

    /** The interval for percentile {@code percentile} (0..100) of {@code sorted}, which must be sorted ascending. */
    public static OrderStatisticConfidence of(final long[] sorted, final int count, final double percentile) {
        final long[] ranks = ranks(count, percentile / 100.0); // {lo, hi}
        return new OrderStatisticConfidence(count == 0 ? 0 : sorted[(int) Math.max(0, Math.min(count, ranks[0]) - 1)],
                count == 0 ? 0 : sorted[(int) Math.max(0, Math.min(count, ranks[1]) - 1)], ranks[1] <= count);
    }

    /** Sorts the first {@code count} samples into {@code buffer}, allocated before measurement so none is needed. */
    public static long[] sortInto(final long[] samples, final int count, final long[] buffer) {
        System.arraycopy(samples, 0, buffer, 0, count);
        Arrays.sort(buffer, 0, count);
        return buffer;
    }

    /** 1-based ranks {lo, hi} covering the p-quantile at 95 %; hi > n: too few samples to bound it from above. */
    public static long[] ranks(final long n, final double p) {
        if (n <= 0) {
            return new long[] {0, 0};
        }
        if (n <= EXACT_MAX_N) {
            return exactRanks((int) n, p);
        }
        final double centre = n * p;
        final double halfWidth = Z_95 * Math.sqrt(n * p * (1 - p));
        final long lo = Math.max(1, (long) Math.floor(centre - halfWidth));
        final long hi = (long) Math.ceil(centre + halfWidth) + 1;
        return new long[] {lo, hi};
    }

    /**
     * lo: the largest rank with P(B < lo) <= 2.5%; hi: the smallest with P(B < hi) >= 97.5%, n + 1 when even the
     * largest sample falls short. P(B < k) is commons-math's cumulative probability at k - 1.
     */
    static long[] exactRanks(final int n, final double p) {
        if (p <= 0 || p >= 1) {
            final long rank = p <= 0 ? 1 : n;
            return new long[] {rank, rank};
        }
        final BinomialDistribution binomial = new BinomialDistribution(null, n, p); // null: no random generator
        return new long[] {Math.max(1, binomial.inverseCumulativeProbability(0.025)),
            binomial.inverseCumulativeProbability(0.975) + 1L};
    }
}
