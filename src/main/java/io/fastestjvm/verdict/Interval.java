package io.fastestjvm.verdict;

import org.apache.commons.math3.distribution.BetaDistribution;

/** A two-sided interval with the confidence it was built for, so a report never shows a range without it. */
public final class Interval {
    private final double estimate;
    private final double lower;
    private final double upper;
    private final double confidence;

    public Interval(final double estimate, final double lower, final double upper, final double confidence) {
        if (lower > upper) {
            throw new IllegalArgumentException("lower " + lower + " > upper " + upper);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1): " + confidence);
        }
        this.estimate = estimate;
        this.lower = lower;
        this.upper = upper;
        this.confidence = confidence;
    }

    public static Interval around(final double estimate, final double halfWidth, final double confidence) {
        return new Interval(estimate, estimate - halfWidth, estimate + halfWidth, confidence);
    }

    /** k of n with its exact (Clopper-Pearson) interval: conservative at any n, as a rate of few fresh JVMs needs. */
    public static Interval binomialShare(final int k, final int n, final double confidence) {
        if (n <= 0 || k < 0 || k > n) {
            throw new IllegalArgumentException(k + " of " + n);
        }
        final double alpha = 1 - confidence;
        final double lower = k == 0 ? 0 : new BetaDistribution(k, n - k + 1).inverseCumulativeProbability(alpha / 2);
        final double upper = k == n ? 1
                : new BetaDistribution(k + 1, n - k).inverseCumulativeProbability(1 - alpha / 2);
        return new Interval((double) k / n, lower, upper, confidence);
    }

    public double estimate() {
        return estimate;
    }

    public double lower() {
        return lower;
    }

    public double upper() {
        return upper;
    }

    public double confidence() {
        return confidence;
    }

    /** Whether {@code value} lies in the closed interval, e.g. whether "no difference" (0) is still plausible. */
    public boolean contains(final double value) {
        return lower <= value && value <= upper;
    }

    @Override
    public String toString() {
        return estimate + " [" + lower + ", " + upper + "] (" + 100 * confidence + "%)";
    }
}
