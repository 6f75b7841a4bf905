package io.fastestjvm.verdict;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.FDistribution;

/**
 * The variance of paired cycle values split into its two levels: within a block (cycle to cycle in the same JVMs)
 * and between blocks (one set of fresh JVMs to the next). The split says where more measuring helps: more cycles
 * per block only shrink the within part, so once the between part dominates, only more blocks narrow the interval.
 * The interleaved reports' arithmetic on it, as functions.
 */
public final class VarianceComponents {
    private VarianceComponents() {
    }

    /**
     * The cycles per block that give the narrowest interval for the time spent (Kalibera &amp; Jones, ISMM 2013), when
     * a block costs {@code fixedSeconds} (starting and warming its JVMs, reading back) plus {@code secondsPerCycle}
     * per cycle: {@code sqrt(fixed x within / (perCycle x between))}, which minimises (between + within / n) x
     * (fixed + perCycle x n). Infinite when nothing varies between blocks.
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

    /**
     * The confidence interval of a normal population's sd from a sample sd on {@code df} degrees of freedom:
     * {@code sd x sqrt(df / chi2_{df,(1+c)/2})} to {@code sd x sqrt(df / chi2_{df,(1-c)/2})}, the estimate the sd
     * itself. A handful of blocks give a wide one: a sd from 5 blocks may be 0.6x to 2.5x the true one.
     */
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

    /**
     * phi = 1 - variance / base variance: the share of the base's variance a change removed (negative: added), with
     * its interval from the F distribution of two independent normal sample variances: the true ratio lies in
     * {@code (var / base) / F_{(1+c)/2}(df, baseDf)} to {@code (var / base) / F_{(1-c)/2}(df, baseDf)}.
     */
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
