package io.fastestjvm.verdict;

import java.util.stream.IntStream;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * How much of a pair's block values the start order explains (the JVM started first takes its memory first): a
 * least-squares fit of {@code ln(A / B) = mu + gamma * s}, s = +1 when B started first, -1 when A did.
 */
public final class StartOrderEffect {
    private final SimpleRegression fit = new SimpleRegression(true);

    private StartOrderEffect(final double[] values, final int[] signs) {
        for (int i = 0; i < values.length; i++) {
            fit.addData(signs[i], values[i]);
        }
    }

    /** The fit, or null below 4 blocks, with an order unknown (sign 0), or with one order only. */
    public static StartOrderEffect of(final double[] values, final int[] signs) {
        final boolean bothOrders = IntStream.of(signs).anyMatch(sign -> sign == 1)
                && IntStream.of(signs).anyMatch(sign -> sign == -1);
        return values.length >= 4 && bothOrders && IntStream.of(signs).allMatch(sign -> sign == 1 || sign == -1)
                ? new StartOrderEffect(values, signs) : null;
    }

    public int blocks() {
        return (int) fit.getN();
    }

    /** gamma with its interval: {@code exp} of it is how much slower the JVM started second is. */
    public Interval effect(final double confidence) {
        final double half = PairedBlocks.criticalT(residualDf(), confidence) * fit.getSlopeStdErr();
        return Interval.around(fit.getSlope(), half, confidence);
    }

    /** The sd of the block values about the fit (n - 2 df): their spread were the order's effect removed. */
    public double residualSd() {
        return Math.sqrt(fit.getMeanSquareError());
    }

    public int residualDf() {
        return blocks() - 2;
    }
}
