package io.fastestjvm.verdict;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

import io.fastestjvm.config.ComparisonOptions;

/**
 * Stein's stop rule ({@code qp.compare.stop=stein}), one place for the block loop and the report: the pilot is a
 * pair's first {@code qp.compare.blocks} p50 block values.
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

    /** The log half-width of a ratio's interval of +/-{@code targetPercent} %, which both stop rules aim for. */
    static double targetHalfWidth(final int targetPercent) {
        return Math.log(1 + targetPercent / 100.0);
    }

    /** Stein's plan from a pair's p50 block values, or null while the pilot is short (or one block, with no sd). */
    public SteinTwoStage plan(final PairedBlocks p50) {
        if (pilotBlocks < 2 || p50.blocks() < pilotBlocks) {
            return null;
        }
        return new SteinTwoStage(Arrays.copyOf(p50.blockValues(), pilotBlocks), targetHalfWidth(targetPercent),
                Separation.CONFIDENCE, Math.max(pilotBlocks, MAX_BLOCKS));
    }

    /** The last block to run: the most any pilot asks for; while failures leave it short, one more (up to 2x). */
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
