package io.fastestjvm.verdict;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

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

    /**
     * The blocks to run, as the last block number, once block {@code block} has ended: the pilot's last block plus
     * the second stage each pair's pilot asks for (the most over all pairs; {@code p50s} null where a pair has none).
     * While a failed block leaves the pilot short, one more block, up to twice the pilot's blocks; then it stops
     * with what it has.
     */
    public int lastBlock(final List<BlocksPair> p50s, final int block, final PrintStream err) {
        if (pilotBlocks < 2) {
            err.println("[qp] Stein's rule needs a pilot of 2 blocks or more (qp.compare.blocks=" + pilotBlocks
                    + "): no second stage");
            return block;
        }
        int target = block;
        for (final BlocksPair p50 : p50s) {
            if (p50 == null) {
                continue;
            }
            if (p50.stein == null) {
                final boolean more = block < 2 * pilotBlocks;
                err.println("[qp] Stein's pilot has " + p50.blocks.blocks() + " of " + pilotBlocks
                        + " blocks after block " + block + (more ? ": one more block" : ": stopping without it"));
                return more ? block + 1 : block;
            }
            final int pilotEnd = p50.blockNumbers.get(pilotBlocks - 1);
            if (pilotEnd == block) {
                err.println("[qp] Stein's rule, " + p50.a + " / " + p50.b + ": " + p50.stein.totalBlocks()
                        + " blocks for +/-" + targetPercent + " % (" + p50.method() + ")");
            }
            target = Math.max(target, pilotEnd + p50.stein.totalBlocks() - pilotBlocks);
        }
        return target;
    }
}
