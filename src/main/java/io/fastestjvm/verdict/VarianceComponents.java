package io.fastestjvm.verdict;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.FDistribution;

/**
 * Arithmetic on the variance of paired cycle values split within and between blocks: more cycles shrink only the
 * within part, so once the between part dominates only more blocks narrow the interval.
 */
public final class VarianceComponents {
    private VarianceComponents() {
    }

    /**
     * The cycles per block that give the narrowest interval for the time spent (Kalibera &amp; Jones, ISMM 2013):
     * it minimises (between + within / n) x (fixed + perCycle x n). Infinite when nothing varies between blocks.
     */
    public static double bestCyclesPerBlock(final double withinVariance, final double betweenVariance,
                                            final double fixedSeconds, final double secondsPerCycle) {
        if (!(fixedSeconds >= 0 && secondsPerCycle > 0 && withinVariance >= 0 && betweenVariance >= 0)) {
            throw new IllegalArgumentException("costs and variances must be non-negative (per cycle positive): "
                    + fixedSeconds + ", " + secondsPerCycle + ", " + withinVariance + ", " + betweenVariance);
        }
        return betweenVariance == 0 ? Double.POSITIVE_INFINITY
                : Math.sqrt(fixedSeconds * withinVariance / (secondsPerCycle * betweenVariance));
    }

    /** The chi-square interval of a normal sd from a sample sd: from 5 blocks it may be 0.6x to 2.5x the true one. */
    public static Interval sdInterval(final double sd, final double df, final double confidence) {
        if (!(sd >= 0 && df > 0)) {
            throw new IllegalArgumentException("sd must be non-negative and df positive: " + sd + ", " + df);
        }
        final ChiSquaredDistribution chiSquared = new ChiSquaredDistribution(null, df);
        return new Interval(sd, sd * Math.sqrt(df / chiSquared.inverseCumulativeProbability((1 + confidence) / 2)),
                sd * Math.sqrt(df / chiSquared.inverseCumulativeProbability((1 - confidence) / 2)), confidence);
    }

    /** The df-weighted mean of sample variances, {@code sum(df_i x var_i) / sum(df_i)}, on {@code sum(df_i)} df. */
    public static double pooledVariance(final double[] variances, final double[] dfs) {
        if (variances.length != dfs.length || variances.length == 0) {
            throw new IllegalArgumentException(variances.length + " variances, " + dfs.length + " dfs");
        }
        double sum = 0;
        double df = 0;
        for (int i = 0; i < variances.length; i++) {
            sum += dfs[i] * variances[i];
            df += dfs[i];
        }
        return sum / df;
    }

    /** The share of the base's variance a change removed (negative: added), with its interval from F. */
    public static Interval varianceReduction(final double variance, final double df, final double baseVariance,
                                             final double baseDf, final double confidence) {
        if (!(variance >= 0 && baseVariance > 0 && df > 0 && baseDf > 0)) {
            throw new IllegalArgumentException("variances must be non-negative (the base positive), dfs positive: "
                    + variance + " on " + df + ", " + baseVariance + " on " + baseDf);
        }
        final double ratio = variance / baseVariance;
        final FDistribution f = new FDistribution(null, df, baseDf);
        return new Interval(1 - ratio, 1 - ratio / f.inverseCumulativeProbability((1 - confidence) / 2),
                1 - ratio / f.inverseCumulativeProbability((1 + confidence) / 2), confidence);
    }
}
