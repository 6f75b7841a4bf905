package io.fastestjvm.verdict;

import java.util.Arrays;

import io.fastestjvm.config.ComparisonOptions;

/**
 * Stein's stop rule ({@code qp.compare.stop=stein}) as a comparison applies it, in one place for the block loop
 * (how many blocks to run) and the report (the interval the p50 figures carry): the pilot is the first
 * {@code qp.compare.blocks} p50 block values of a pair, in block order, and the target half-width is
 * ln(1 + {@code qp.compare.targetPercent} / 100). Immutable.
 */
public final class SteinStop {
    /** The most blocks the rule may ask for: {@code qp.compare.blocks}' own upper bound. */
    public static final int MAX_BLOCKS = 1000;

    public final int pilotBlocks;
    public final int targetPercent;

    public SteinStop(final int pilotBlocks, final int targetPercent) {
        this.pilotBlocks = pilotBlocks;
        this.targetPercent = targetPercent;
    }

    /** The rule of a comparison's settings, or null when it runs a fixed number of blocks. */
    public static SteinStop of(final ComparisonOptions plan) {
        return plan.steinStop() ? new SteinStop(plan.blocks(), plan.targetPercent()) : null;
    }

    public double targetHalfWidth() {
        return Math.log(1 + targetPercent / 100.0);
    }

    /**
     * Stein's plan from a pair's p50 block values, or null while fewer than the pilot's blocks have a value (or
     * the pilot is a single block, which has no sd).
     */
    public SteinTwoStage plan(final PairedBlocks p50) {
        if (pilotBlocks < 2 || p50.blocks() < pilotBlocks) {
            return null;
        }
        return SteinTwoStage.plan(Arrays.copyOf(p50.blockValues(), pilotBlocks), targetHalfWidth(),
                Separation.CONFIDENCE, Math.max(pilotBlocks, MAX_BLOCKS));
    }
}
