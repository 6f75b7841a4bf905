package io.fastestjvm.verdict;

import java.util.List;

import io.fastestjvm.config.ComparisonOptions;

/**
 * The median stop rule ({@code qp.compare.stop=median}): at least {@code qp.compare.blocks} blocks (and
 * {@link MedianOfBlocks#MIN_BLOCKS}), then one more block at a time until every pair's p50, read as the median of
 * its block values, has an order-statistic interval within +/-{@code qp.compare.targetPercent} % on both sides of
 * the median, or {@code qp.compare.maxMinutes} has passed (without a cap, at {@link #UNCAPPED_FACTOR}x its least
 * blocks). Under it the median of blocks is each pair's primary figure.
 * <p>
 * Why a rule of its own: now and then (one JVM in ten, in some sets far more) a fresh JVM draws a state 1.3-1.4x
 * slower for life (docs/findings/memory-draw.md). A mean of blocks, and so Stein's rule, carries each such JVM at its
 * whole distance, and the sd it plans from asks for over a hundred blocks for +/-5 %; the median moves by a rank,
 * and its interval narrows once the blocks on each side outnumber the far ones. Stopping when an interval is narrow enough
 * is optional stopping on its width, not on its place, so the coverage holds; {@code MedianStopTest} measures it on
 * the default's mixture. Immutable.
 */
public final class MedianStop {
    /** The most blocks the rule may run under a time cap: {@code qp.compare.blocks}' own upper bound. */
    public static final int MAX_BLOCKS = SteinStop.MAX_BLOCKS;
    /** Without a time cap, at most this many times its least blocks: where one side draws the slow state often the
     *  median may never be narrow enough, and an uncapped comparison must still end. */
    public static final int UNCAPPED_FACTOR = 5;

    public final int leastBlocks;
    public final int targetPercent;
    /** The last block it may run. */
    public final int mostBlocks;

    public MedianStop(final int leastBlocks, final int targetPercent, final boolean capped) {
        this.leastBlocks = Math.max(leastBlocks, MedianOfBlocks.MIN_BLOCKS);
        this.targetPercent = targetPercent;
        this.mostBlocks = capped ? MAX_BLOCKS : UNCAPPED_FACTOR * this.leastBlocks;
    }

    /** The rule of a comparison's settings, or null when it runs another. */
    public static MedianStop of(final ComparisonOptions plan) {
        return plan.medianStop() ? new MedianStop(plan.blocks(), plan.targetPercent(), plan.maxMinutes() > 0) : null;
    }

    public double targetHalfWidth() {
        return Math.log(1 + targetPercent / 100.0);
    }

    /** The wider side of a ratio's interval, as a log: ln(upper / ratio) or ln(ratio / lower). */
    public static double halfWidth(final Interval ratio) {
        return Math.max(Math.log(ratio.upper() / ratio.estimate()), Math.log(ratio.estimate() / ratio.lower()));
    }

    /** Whether a pair's p50 figure is as narrow as the rule wants, from at least its least blocks. */
    public boolean reached(final BlocksPair p50) {
        final Interval interval = p50.ratioInterval();
        return p50.blocks.blocks() >= leastBlocks && interval != null
                && halfWidth(interval) <= targetHalfWidth() + 1e-12;
    }

    /**
     * The blocks to run, as the last block number, once block {@code block} has ended: this block when every pair's
     * p50 is narrow enough ({@link #reached}), else the next, up to its most blocks; never fewer than its least
     * blocks. A pair with no p50 yet (null: its blocks failed) keeps it going too.
     */
    public int lastBlock(final List<BlocksPair> p50s, final int block) {
        if (block < leastBlocks) {
            return leastBlocks;
        }
        for (final BlocksPair p50 : p50s) {
            if (p50 == null || !reached(p50)) {
                return Math.max(block, Math.min(block + 1, mostBlocks));
            }
        }
        return block;
    }
}
