package io.fastestjvm.verdict;

import org.apache.commons.math3.distribution.BetaDistribution;

/** k of n with its exact (Clopper-Pearson) interval: conservative at any n, as a rate from a few fresh JVMs needs. */
public final class BinomialShare {
    private BinomialShare() {
    }

    /** k of n with its interval at {@code confidence}; n must be positive and k within 0..n. */
    public static Interval of(final int k, final int n, final double confidence) {
        if (n <= 0 || k < 0 || k > n) {
            throw new IllegalArgumentException(k + " of " + n);
        }
        final double alpha = 1 - confidence;
        final double lower = k == 0 ? 0 : new BetaDistribution(k, n - k + 1).inverseCumulativeProbability(alpha / 2);
        final double upper = k == n ? 1
                : new BetaDistribution(k + 1, n - k).inverseCumulativeProbability(1 - alpha / 2);
        return new Interval((double) k / n, lower, upper, confidence);
    }
}
