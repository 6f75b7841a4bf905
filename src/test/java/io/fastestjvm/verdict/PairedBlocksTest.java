package io.fastestjvm.verdict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Test;

class PairedBlocksTest {
    private static final int EXPERIMENTS = 2000;
    private static final double MU = Math.log(1.03); // variant A 3 % slower

    @Test
    void blockValuesAreTheMeansOfTheirCyclesAndTheIntervalIsTheTextbookT() {
        final PairedBlocks blocks = PairedBlocks.of(Arrays.asList(
                new double[] {0.5, 1.5}, new double[] {2}, new double[] {1, 3, 2, 2}));
        assertEquals(3, blocks.blocks());
        assertEquals(Arrays.toString(new double[] {1, 2, 2}), Arrays.toString(blocks.blockValues()));
        // block values {1, 2, 3}: mean 2, sd 1, t_{2,0.975} = 4.302653, half-width 4.302653 / sqrt(3) = 2.484138
        final PairedBlocks simple = PairedBlocks.of(Arrays.asList(new double[] {1}, new double[] {2},
                new double[] {3}));
        assertEquals(2.0, simple.mean(), 1e-12);
        assertEquals(1.0, simple.blockSd(), 1e-12);
        final Interval interval = simple.interval(0.95);
        assertEquals(2.0, interval.estimate(), 1e-12);
        assertEquals(2.484138, halfWidth(interval), 1e-6);
        assertEquals(2 - 2.484138, interval.lower(), 1e-6);
        assertEquals(2 + 2.484138, interval.upper(), 1e-6);
        assertEquals(0.95, interval.confidence(), 0);
        assertTrue(interval.contains(0));
        assertFalse(interval.contains(4.5));
        // t = 2 / (1 / sqrt(3)) = 3.4641 with 2 df: two-sided p = 0.074180
        assertEquals(0.074180, simple.pValue(), 1e-6);
    }

    @Test
    void eachBlockWeighsTheSameHoweverManyCyclesItKept() {
        final PairedBlocks blocks = PairedBlocks.of(Arrays.asList(new double[] {0}, new double[] {1, 1, 1, 1, 1}));
        assertEquals(0.5, blocks.mean(), 1e-12);
    }

    @Test
    void fewerThanMinBlocksGiveNoInterval() {
        assertEquals(3, PairedBlocks.MIN_BLOCKS);
        final PairedBlocks two = PairedBlocks.of(Arrays.asList(new double[] {1, 2}, new double[] {3}));
        assertNull(two.interval(0.95));
        assertEquals(2.25, two.mean(), 1e-12); // block values {1.5, 3}
        // the p-value is still defined: block values {2, 7} against 0, t = 4.5 / 2.5 = 1.8 with 1 df: p = 0.322829
        assertEquals(0.322829, PairedBlocks.of(Arrays.asList(new double[] {2}, new double[] {7})).pValue(), 1e-6);
        final PairedBlocks one = PairedBlocks.of(Collections.singletonList(new double[] {1, 2, 3}));
        assertNull(one.interval(0.95));
        assertTrue(Double.isNaN(one.blockSd()));
        assertTrue(Double.isNaN(one.pValue()));
        final PairedBlocks none = PairedBlocks.of(Collections.<double[]>emptyList());
        assertNull(none.interval(0.95));
        assertTrue(Double.isNaN(none.mean()));
    }

    @Test
    void aBlockWithoutCyclesIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> PairedBlocks.of(Arrays.asList(new double[] {1}, new double[0], new double[] {2})));
    }

    @Test
    void pValueWithoutSpread() {
        assertEquals(0.0, PairedBlocks.of(Arrays.asList(new double[] {1}, new double[] {1}, new double[] {1}))
                .pValue(), 0);
        assertTrue(Double.isNaN(PairedBlocks.of(Arrays.asList(new double[] {0, 0}, new double[] {0}))
                .pValue()));
    }

    @Test
    void theBlockIntervalCoversTheTrueDifferenceAtItsConfidence() {
        final Random random = new Random(20130616);
        for (final int b : new int[] {3, 6, 10}) {
            int covered = 0;
            for (int e = 0; e < EXPERIMENTS; e++) {
                final PairedBlocks blocks = PairedBlocks.of(TwoLevelData.blocks(random, MU, b, TwoLevelData.CYCLES));
                if (blocks.interval(0.95).contains(MU)) {
                    covered++;
                }
            }
            final double coverage = (double) covered / EXPERIMENTS;
            assertTrue(coverage >= 0.93, "coverage " + coverage + " too low with " + b + " blocks");
            assertTrue(coverage <= 0.975, "coverage " + coverage + " too high (interval too wide) with " + b
                    + " blocks");
        }
    }

    /**
     * The production estimator (block value = median of the block's per-cycle log ratios, Student t over blocks) on
     * data shaped like a comparison's: 10 cycles a block with sd 3 %, one cycle in 20 an outlier 30 % up (a slice
     * the host stalled), fresh JVMs 11 % apart between blocks (the first compilation kept, qp.compare.recompile=false)
     * or 2 % (recompiled, the default: A/As drew 1.4-2.7 %). The outliers shift a block's median a little (0.2 % at
     * 5 %); even at 2 % the blocks' spread outweighs that, so the interval still covers the true ratio.
     */
    @Test
    void theMedianOfCyclesIntervalCoversWithOutlierCycles() {
        final Random random = new Random(20261127);
        final double trueLogRatio = Math.log(1.04);
        final int trials = 2000;
        final int cycles = 10;
        for (final double betweenBlocks : new double[] {0.11, 0.02}) {
            for (final int b : new int[] {3, 5, 8, 12, 20}) {
                int covered = 0;
                for (int trial = 0; trial < trials; trial++) {
                    final List<double[]> blocks = new ArrayList<>(b);
                    for (int block = 0; block < b; block++) {
                        final double effect = betweenBlocks * random.nextGaussian();
                        final double[] values = new double[cycles];
                        for (int c = 0; c < cycles; c++) {
                            values[c] = trueLogRatio + effect + 0.03 * random.nextGaussian()
                                    + (random.nextDouble() < 0.05 ? Math.log(1.3) : 0);
                        }
                        blocks.add(values);
                    }
                    if (PairedBlocks.ofMedians(blocks).interval(0.95).contains(trueLogRatio)) {
                        covered++;
                    }
                }
                final double coverage = (double) covered / trials;
                assertTrue(coverage >= 0.93, "coverage " + coverage + " with " + b + " blocks of " + cycles
                        + " cycles, " + betweenBlocks + " between blocks");
            }
        }
    }

    /**
     * Why the block is the unit: a t interval over all cycles pooled treats each cycle as independent, so its
     * width shrinks with the cycle count while the block effects it ignores do not, and it misses the true value
     * most of the time.
     */
    @Test
    void pooledCyclesPseudoReplicateAndUnderCover() {
        final Random random = new Random(20130616);
        for (final int b : new int[] {3, 6, 10}) {
            final double t = new TDistribution(b * TwoLevelData.CYCLES - 1).inverseCumulativeProbability(0.975);
            int covered = 0;
            for (int e = 0; e < EXPERIMENTS; e++) {
                final double[] pooled = pool(TwoLevelData.blocks(random, MU, b, TwoLevelData.CYCLES));
                final double halfWidth = t * Math.sqrt(StatUtils.variance(pooled) / pooled.length);
                if (Math.abs(StatUtils.mean(pooled) - MU) <= halfWidth) {
                    covered++;
                }
            }
            final double coverage = (double) covered / EXPERIMENTS;
            assertTrue(coverage < 0.80, "naive coverage " + coverage + " with " + b + " blocks");
        }
    }

    @Test
    void meanCyclesPerBlockWeighsEveryBlockByItsCycles() {
        assertEquals(2.5, PairedBlocks.of(Arrays.asList(new double[] {1, 3}, new double[] {5, 7, 9}))
                .meanCyclesPerBlock(), 1e-12);
    }

    @Test
    void bestCyclesPerBlockMinimisesTheVarianceForTheTime() {
        // within 0.0009 (3 %), between 0.0324 (18 %), 110 s fixed, 2.2 s a cycle: sqrt(110 x 0.0009 / (2.2 x 0.0324))
        final double best = VarianceComponents.bestCyclesPerBlock(0.0009, 0.0324, 110, 2.2);
        assertEquals(Math.sqrt(110 * 0.0009 / (2.2 * 0.0324)), best, 1e-12);
        final java.util.function.DoubleUnaryOperator varianceTimesTime = n -> (0.0324 + 0.0009 / n) * (110 + 2.2 * n);
        for (final double other : new double[] {best / 2, best * 0.9, best * 1.1, best * 2, 60}) {
            assertTrue(varianceTimesTime.applyAsDouble(best) < varianceTimesTime.applyAsDouble(other), "n = " + other);
        }
        assertEquals(Double.POSITIVE_INFINITY, VarianceComponents.bestCyclesPerBlock(0.0009, 0, 110, 2.2),
                "nothing varies between blocks: cycles are all that help");
        assertEquals(0, VarianceComponents.bestCyclesPerBlock(0.0009, 0.0324, 0, 2.2), "blocks cost nothing");
        assertThrows(IllegalArgumentException.class, () -> VarianceComponents.bestCyclesPerBlock(0.0009, 0.0324, 110, 0));
    }

    @Test
    void blocksNeededByHand() {
        // t_{B-1,0.975} / sqrt(B): B = 6 -> 1.0494, B = 7 -> 0.9248; so sd 1 and half-width 1 need 7 blocks
        assertEquals(7, PairedBlocks.blocksNeeded(1.0, 1.0, 0.95));
        assertEquals(7, PairedBlocks.of(Arrays.asList(new double[] {1}, new double[] {2}, new double[] {3}))
                .blocksNeeded(1.0, 0.95)[0]);
        // B = 3 -> 2.4841, B = 2 -> 8.9846
        assertEquals(3, PairedBlocks.blocksNeeded(1.0, 2.5, 0.95));
        assertEquals(2, PairedBlocks.blocksNeeded(1.0, 9.0, 0.95));
        assertEquals(2, PairedBlocks.blocksNeeded(0.0, 0.01, 0.95));
        assertEquals(PairedBlocks.MAX_BLOCKS_NEEDED + 1, PairedBlocks.blocksNeeded(1.0, 0.001, 0.95));
        assertThrows(IllegalStateException.class,
                () -> PairedBlocks.of(Collections.singletonList(new double[] {1, 2})).blocksNeeded(1, 0.95));
    }

    /**
     * A block sd of 10 % from 6 blocks: chi-square(5) quantiles 0.831212 and 12.832502 give the sd 6.2418 % to
     * 24.526 %; +/-5 % (half-width ln 1.05 = 0.048790) then needs 19 blocks at the sd itself (t_18 / sqrt 19 =
     * 0.4820 <= 0.048790 / 0.1, t_17 / sqrt 18 = 0.4973 is not), 9 at its lower bound (t_8 / 3 = 0.7687 <= 0.7817,
     * t_7 / sqrt 8 = 0.8362 is not) and 100 at its upper (t_99 / 10 = 0.19842 <= 0.19893, t_98 / sqrt 99 = 0.19945
     * is not).
     */
    @Test
    void blocksNeededHasAnIntervalFromTheSdsChiSquareInterval() {
        final Interval sd = VarianceComponents.sdInterval(0.1, 5, 0.95);
        assertEquals(0.1, sd.estimate(), 0);
        assertEquals(0.0624208, sd.lower(), 1e-7);
        assertEquals(0.2452614, sd.upper(), 1e-7);
        final double[] raw = {-1.3, -0.4, 0.1, 0.2, 0.9, 1.7};
        final double scale = 0.1 / Math.sqrt(StatUtils.variance(raw));
        final List<double[]> blocks = new ArrayList<>();
        for (final double value : raw) {
            blocks.add(new double[] {0.02 + value * scale});
        }
        final PairedBlocks paired = PairedBlocks.of(blocks);
        assertEquals(0.1, paired.blockSd(), 1e-12);
        assertArrayEquals(new int[] {19, 9, 100}, paired.blocksNeeded(Math.log(1.05), 0.95));
        assertThrows(IllegalStateException.class,
                () -> PairedBlocks.of(blocks.subList(0, 1)).blocksNeeded(Math.log(1.05), 0.95));
    }

    @Test
    void blocksNeededIsMonotoneAndTheSmallestThatSuffices() {
        final double sd = 0.02;
        int previous = 2;
        for (double halfWidth = 0.05; halfWidth > 0.002; halfWidth *= 0.8) {
            final int needed = PairedBlocks.blocksNeeded(sd, halfWidth, 0.95);
            assertTrue(needed >= previous, "narrower targets never need fewer blocks");
            assertTrue(halfWidth(needed, sd) <= halfWidth);
            if (needed > 2) {
                assertTrue(halfWidth(needed - 1, sd) > halfWidth, "one block fewer would not do");
            }
            previous = needed;
        }
        int previousForSd = 2;
        for (double blockSd = 0.005; blockSd < 0.1; blockSd *= 1.3) {
            final int needed = PairedBlocks.blocksNeeded(blockSd, Math.log(1.05), 0.95);
            assertTrue(needed >= previousForSd, "noisier blocks never need fewer");
            previousForSd = needed;
        }
    }

    @Test
    void intervalValue() {
        final Interval interval = Interval.around(1, 0.5, 0.9);
        assertEquals(0.5, interval.lower(), 0);
        assertEquals(1.5, interval.upper(), 0);
        assertTrue(interval.contains(0.5) && interval.contains(1.5));
        assertFalse(interval.contains(1.6));
        assertThrows(IllegalArgumentException.class, () -> new Interval(0, 1, -1, 0.95));
        assertThrows(IllegalArgumentException.class, () -> new Interval(0, -1, 1, 1.0));
    }

    private static double halfWidth(final int blocks, final double sd) {
        return new TDistribution(blocks - 1).inverseCumulativeProbability(0.975) * sd / Math.sqrt(blocks);
    }

    private static double[] pool(final List<double[]> blocks) {
        final double[] pooled = new double[blocks.size() * blocks.get(0).length];
        int at = 0;
        for (final double[] block : blocks) {
            System.arraycopy(block, 0, pooled, at, block.length);
            at += block.length;
        }
        return pooled;
    }

    private static double halfWidth(final Interval interval) {
        return (interval.upper() - interval.lower()) / 2;
    }
}
