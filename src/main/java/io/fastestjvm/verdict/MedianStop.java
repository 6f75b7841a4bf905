package io.fastestjvm.verdict;

import java.util.List;

import io.fastestjvm.config.ComparisonOptions;

/**
 * The median stop rule ({@code qp.compare.stop=median}): one more block at a time until every pair's median of
 * blocks has its interval within +/-{@code qp.compare.targetPercent} %. A fresh JVM now and then draws a state far
 * slower for life (docs/findings/memory-draw.md), which a mean carries whole and a median by one rank. Stopping on
 * an interval's width, not its place, keeps the coverage ({@code MedianStopTest}).
 */
public final class MedianStop {
    /** The most blocks the rule may run under a time cap: {@code qp.compare.blocks}' own upper bound. */
    public static final int MAX_BLOCKS = SteinStop.MAX_BLOCKS;
    /** Without a time cap, at most this many times its least blocks: the median may never be narrow enough. */
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

    /** The wider side of a ratio's interval, as a log: ln(upper / ratio) or ln(ratio / lower). */
    public static double halfWidth(final Interval ratio) {
        return Math.max(Math.log(ratio.upper() / ratio.estimate()), Math.log(ratio.estimate() / ratio.lower()));
    }

    /** Whether a pair's p50 figure is as narrow as the rule wants, from at least its least blocks. */
    public boolean reached(final BlocksPair p50) {
        final Interval interval = p50.ratioInterval();
        return p50.blocks.blocks() >= leastBlocks && interval != null
                && halfWidth(interval) <= SteinStop.targetHalfWidth(targetPercent) + 1e-12;
    }

    /** The last block to run once {@code block} has ended; a pair with no p50 yet (null) keeps it going too. */
    public int lastBlock(final List<BlocksPair> p50s, final int block) {
        if (block < leastBlocks) {
            return leastBlocks;
        }
        return p50s.stream().allMatch(p50 -> p50 != null && reached(p50)) ? block
                : Math.max(block, Math.min(block + 1, mostBlocks));
    }
}
