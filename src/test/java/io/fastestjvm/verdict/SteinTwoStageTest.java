package io.fastestjvm.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

class SteinTwoStageTest {
    private static final int EXPERIMENTS = 2000;
    private static final int PILOT = 4;
    private static final double MU = Math.log(1.03);
    private static final double TARGET = 0.01;

    @Test
    void totalBlocksByHand() {
        // pilot {1, 2, 3}: s0 = 1, t_{2,0.975} = 4.302653; h = 1: (4.302653)^2 = 18.51 -> 19 blocks
        final SteinTwoStage plan = new SteinTwoStage(new double[] {1, 2, 3}, 1.0, 0.95, Integer.MAX_VALUE);
        assertEquals(3, plan.pilotBlocks());
        assertEquals(1.0, plan.pilotSd(), 1e-12);
        assertEquals(19, plan.totalBlocks());
        // the pilot then 16 values of 2: mean 2, half-width 4.302653 / sqrt(19) = 0.987096
        final double[] all = new double[19];
        Arrays.fill(all, 2);
        all[0] = 1;
        all[2] = 3;
        final Interval interval = plan.interval(all);
        assertEquals(2.0, interval.estimate(), 1e-12);
        assertEquals(0.987096, halfWidth(interval), 1e-6);
        // a wide target needs no second stage
        assertEquals(3, new SteinTwoStage(new double[] {1, 2, 3}, 10.0, 0.95, Integer.MAX_VALUE).totalBlocks());
    }

    @Test
    void totalBlocksGrowWithThePilotSd() {
        // pilot {0, 2, 4}: s0 = 2: (2 * 4.302653)^2 = 74.05 -> 75 blocks
        assertEquals(75, new SteinTwoStage(new double[] {0, 2, 4}, 1.0, 0.95, Integer.MAX_VALUE).totalBlocks());
        int previous = 0;
        for (double spread = 0.01; spread < 0.2; spread *= 1.5) {
            final int total = new SteinTwoStage(new double[] {0, spread, 2 * spread, 3 * spread}, TARGET, 0.95,
                    Integer.MAX_VALUE)
                    .totalBlocks();
            assertTrue(total >= previous, "a noisier pilot never asks for fewer blocks");
            previous = total;
        }
        assertTrue(previous > 100);
    }

    @Test
    void aCapKeepsTheIntervalHonestAndSaysSo() {
        final SteinTwoStage plan = new SteinTwoStage(new double[] {1, 2, 3}, 1.0, 0.95, 10);
        assertEquals(10, plan.totalBlocks());
        final double[] all = {1, 2, 3, 2, 2, 2, 2, 2, 2, 2};
        // 4.302653 / sqrt(10) = 1.360618, wider than the target 1
        assertEquals(1.360618, halfWidth(plan.interval(all)), 1e-6);
    }

    @Test
    void thePilotMustComeFirst() {
        final SteinTwoStage plan = new SteinTwoStage(new double[] {1, 2, 3}, 1.0, 0.95, Integer.MAX_VALUE);
        assertThrows(IllegalArgumentException.class, () -> plan.interval(new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> plan.interval(new double[] {2, 1, 3, 2}));
        assertThrows(IllegalArgumentException.class,
                () -> new SteinTwoStage(new double[] {1}, 1.0, 0.95, Integer.MAX_VALUE));
    }

    @Test
    void coverageIsAtTheConfidenceAndTheWidthWithinTheTarget() {
        final Random random = new Random(1945);
        int covered = 0;
        int withinTarget = 0;
        for (int e = 0; e < EXPERIMENTS; e++) {
            final double[] pilot = blockValues(random, PILOT);
            final SteinTwoStage plan = new SteinTwoStage(pilot, TARGET, 0.95, Integer.MAX_VALUE);
            final double[] second = blockValues(random, plan.totalBlocks() - PILOT);
            final double[] all = Arrays.copyOf(pilot, plan.totalBlocks());
            System.arraycopy(second, 0, all, PILOT, second.length);
            final Interval interval = plan.interval(all);
            if (interval.contains(MU)) {
                covered++;
            }
            if (halfWidth(interval) <= TARGET) {
                withinTarget++;
            }
        }
        final double coverage = (double) covered / EXPERIMENTS;
        assertTrue(coverage >= 0.93, "Stein coverage " + coverage);
        assertTrue(coverage <= 0.975, "Stein coverage " + coverage + " (too wide)");
        assertEquals(EXPERIMENTS, withinTarget, "uncapped, the half-width never exceeds the target");
    }

    /** Block values of the two-level model: the mean of each block's cycles. */
    private static double[] blockValues(final Random random, final int blocks) {
        return PairedBlocks.of(TwoLevelData.blocks(random, MU, blocks, TwoLevelData.CYCLES)).blockValues();
    }

    private static double halfWidth(final Interval interval) {
        return (interval.upper() - interval.lower()) / 2;
    }
}
