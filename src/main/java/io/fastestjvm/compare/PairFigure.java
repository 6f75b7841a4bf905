package io.fastestjvm.compare;

import io.fastestjvm.statistics.Interval;
import io.fastestjvm.statistics.PairedBlocks;

/**
 * One figure of one pair: A / B at a percentile, as block values of ln(A / B) (the mean of the block's per-cycle
 * log ratios for the paired median; the log ratio of the block's pooled percentiles for the tail), with its
 * interval over blocks and its test. Whether it is separable is decided over all figures together
 * ({@link ComparisonAnalysis}: Benjamini-Hochberg, then the interval must exclude 1).
 */
final class PairFigure {
    static final double CONFIDENCE = 0.95;

    final String a;
    final String b;
    final String figure;
    final PairedBlocks blocks;
    /** Set by the analysis once every figure's p-value is known. */
    boolean discovery;

    PairFigure(final String a, final String b, final String figure, final PairedBlocks blocks) {
        this.a = a;
        this.b = b;
        this.figure = figure;
        this.blocks = blocks;
    }

    double ratio() {
        return Math.exp(blocks.mean());
    }

    /** The ratio's interval, or null below {@link PairedBlocks#MIN_BLOCKS} blocks. */
    Interval ratioInterval() {
        final Interval log = blocks.interval(CONFIDENCE);
        return log == null ? null : new Interval(Math.exp(log.estimate()), Math.exp(log.lower()),
                Math.exp(log.upper()), log.confidence());
    }

    double pValue() {
        return blocks.blocks() < PairedBlocks.MIN_BLOCKS ? Double.NaN : blocks.pValue();
    }

    boolean separable() {
        final Interval interval = ratioInterval();
        return discovery && interval != null && !interval.contains(1.0);
    }

    String verdict() {
        final Interval interval = ratioInterval();
        if (interval == null) {
            return "too few blocks (" + blocks.blocks() + " < " + PairedBlocks.MIN_BLOCKS + ")";
        }
        if (!separable()) {
            return "cannot tell apart";
        }
        return ratio() > 1 ? a + " slower" : a + " faster";
    }
}
