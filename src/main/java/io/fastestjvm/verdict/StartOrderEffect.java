package io.fastestjvm.verdict;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * How much of a pair's block values the order in which the block started its two JVMs explains: the JVM started
 * first takes its memory first, and may be faster for its whole life. Fits {@code v_b = mu + gamma * s_b + e_b} by
 * least squares, where {@code v_b = ln(A / B)} is block b's value and {@code s_b} is +1 when B started first, -1
 * when A did: gamma is half the log distance between "started second" and "started first", so {@code exp(gamma)} is
 * how much slower the JVM started second is. The residual sd (n - 2 degrees of freedom) is what the blocks would
 * spread by without the order's effect. Needs both orders and 4 or more blocks. Immutable.
 */
public final class StartOrderEffect {
    private final SimpleRegression fit = new SimpleRegression(true);
    private final int blocks;

    private StartOrderEffect(final double[] values, final int[] signs) {
        for (int i = 0; i < values.length; i++) {
            fit.addData(signs[i], values[i]);
        }
        this.blocks = values.length;
    }

    /**
     * The fit, or null when it cannot be made: fewer than 4 blocks, an order unknown (sign 0), or every block
     * started in the same order.
     */
    public static StartOrderEffect of(final double[] values, final int[] signs) {
        if (values.length != signs.length) {
            throw new IllegalArgumentException(values.length + " values, " + signs.length + " signs");
        }
        boolean plus = false;
        boolean minus = false;
        for (final int sign : signs) {
            if (sign != 1 && sign != -1) {
                return null;
            }
            plus |= sign == 1;
            minus |= sign == -1;
        }
        return values.length >= 4 && plus && minus ? new StartOrderEffect(values, signs) : null;
    }

    public int blocks() {
        return blocks;
    }

    /** gamma with its interval: {@code exp} of it is how much slower the JVM started second is. */
    public Interval effect(final double confidence) {
        final double half = PairedBlocks.criticalT(blocks - 2, confidence) * fit.getSlopeStdErr();
        return Interval.around(fit.getSlope(), half, confidence);
    }

    /** The sd of the block values about the fit (n - 2 df): their spread were the order's effect removed. */
    public double residualSd() {
        return Math.sqrt(fit.getMeanSquareError());
    }

    /** Its degrees of freedom, n - 2. */
    public int residualDf() {
        return blocks - 2;
    }
}
