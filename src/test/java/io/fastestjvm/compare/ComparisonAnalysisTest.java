package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.fastestjvm.verdict.Separation;
import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.BlocksPair;

/** The paired block-level analysis on rows built by {@link Synthetic}: error rate, power, voids, failed blocks. */
class ComparisonAnalysisTest {
    private static final int BLOCKS = 6;
    private static final int CYCLES = 60;

    private static BlocksPair p50(final ComparisonAnalysis analysis) {
        final BlocksPair figure = analysis.figure("a", "b", BlocksPair.P50);
        assertNotNull(figure, "no p50 figure for a / b");
        return figure;
    }

    @Test
    void sameDistributionIsRarelySeparable() {
        int separable = 0;
        final List<String> calls = new ArrayList<>();
        for (long seed = 1; seed <= 20; seed++) {
            final ComparisonAnalysis analysis = Synthetic.generate(seed, BLOCKS, CYCLES, 0, 0).analyse();
            final BlocksPair figure = p50(analysis);
            assertEquals(BLOCKS, figure.blocks.blocks());
            assertEquals(5, analysis.figures.size(),
                    "p50, its median of blocks, p99, p99.9 and intended p50 of the one pair");
            if (figure.separable()) {
                separable++;
                calls.add(seed + ": " + figure.ratio() + " " + figure.ratioInterval());
            }
        }
        assertTrue(separable <= 2, "identical variants separable in " + separable + " of 20 seeds: " + calls);

        final BlocksPair first = p50(Synthetic.generate(1, BLOCKS, CYCLES, 0, 0).analyse());
        final Interval interval = first.ratioInterval();
        assertNotNull(interval);
        assertTrue(interval.contains(1.0), "A/A ratio interval " + interval);
        assertFalse(first.separable());
        assertEquals("cannot tell apart", first.verdict());
        assertEquals(1.0, first.ratio(), 0.03);
        assertTrue(interval.upper() / interval.lower() < 1.1, "6 blocks at 1 % JVM effect: " + interval);
    }

    @Test
    void aKnownShiftIsSeparableInTheRightDirection() {
        final ComparisonAnalysis analysis = Synthetic.generate(7, BLOCKS, CYCLES, 300, 0).analyse();
        final BlocksPair figure = p50(analysis);
        assertTrue(figure.separable(), "p=" + figure.pValue() + " " + figure.ratioInterval());
        assertTrue(figure.ratio() > 1.2 && figure.ratio() < 1.6, "ratio " + figure.ratio());
        assertTrue(figure.ratioInterval().lower() > 1, figure.ratioInterval().toString());
        assertEquals("a slower", figure.verdict());
        final double shift = analysis.shifts.get("a / b").mean();
        assertEquals(300, shift, 15, "mean paired shift " + shift);
        assertEquals(BLOCKS, analysis.shifts.get("a / b").blocks());
        final BlocksPair intended = analysis.figure("a", "b", "intended-send p50");
        assertTrue(intended.separable(), intended.ratioInterval().toString());
        assertEquals("a slower", intended.verdict());
        for (final BlocksPair each : analysis.figures) {
            assertTrue(each.ratio() > 1, each.figure + ": " + each.ratio()); // 300 ns is 4 % of a p99.9 near 7 us
        }

        final BlocksPair reversed = p50(Synthetic.generate(7, BLOCKS, CYCLES, 0, 300).analyse());
        assertTrue(reversed.ratio() < 1);
        assertEquals("a faster", reversed.verdict());
    }

    @Test
    void pairsFollowTheVariantOrderAndShareOneCorrection() {
        final ComparisonAnalysis analysis = Synthetic.generate(11, BLOCKS, CYCLES, 0, 0, 400).analyse();
        assertEquals(15, analysis.figures.size());
        assertEquals(Arrays.asList("a / b", "a / c", "b / c"), new ArrayList<>(analysis.shifts.keySet()));
        assertNull(analysis.figure("b", "a", BlocksPair.P50), "only A listed before B");
        assertFalse(analysis.figure("a", "b", BlocksPair.P50).separable());
        assertEquals("a faster", analysis.figure("a", "c", BlocksPair.P50).verdict());
        assertEquals("b faster", analysis.figure("b", "c", BlocksPair.P50).verdict());
        assertEquals(-400, analysis.shifts.get("b / c").mean(), 20);
    }

    /** The data of {@code seed} plus one extra cycle in block 1 that a's slice voided, with an absurd p50. */
    private static Synthetic withVoidedCycle(final long seed) {
        final Synthetic data = Synthetic.generate(seed, BLOCKS, CYCLES, 300, 0);
        final SliceRow absurd = data.slice(1, CYCLES, 0, "-", "a", 1_000_000_000L);
        absurd.failure = "gc in slice, 40 ms";
        data.slice(1, CYCLES, 1, "a", "b", 900);
        for (final SliceRow row : data.slices) {
            if (row.block == 1 && row.cycle == CYCLES) {
                row.voided = true;
            }
        }
        for (final BlockRow row : data.blocks) {
            if (row.block == 1) {
                row.cycles = CYCLES + 1;
                row.voids = "a".equals(row.variant) ? 1 : 0;
            }
        }
        return data;
    }

    @Test
    void aVoidedCycleIsLeftOutAndCountedAsTheVariantsVoid() {
        final ComparisonAnalysis without = Synthetic.generate(7, BLOCKS, CYCLES, 300, 0).analyse();
        final ComparisonAnalysis with = withVoidedCycle(7).analyse();
        assertEquals(without.figures.size(), with.figures.size());
        for (int i = 0; i < without.figures.size(); i++) {
            final BlocksPair expected = without.figures.get(i);
            final BlocksPair actual = with.figures.get(i);
            assertEquals(expected.figure, actual.figure);
            assertArrayEquals(expected.blocks.blockValues(), actual.blocks.blockValues(), 0, expected.figure);
            assertEquals(expected.separable(), actual.separable());
        }
        assertArrayEquals(without.shifts.get("a / b").blockValues(), with.shifts.get("a / b").blockValues(), 0);
        assertEquals(0, without.voidPercent("a"), 0);
        assertEquals(100.0 / (CYCLES + 1 + (BLOCKS - 1) * CYCLES), with.voidPercent("a"), 1e-9);
        assertEquals(0, with.voidPercent("b"), 0);
        assertArrayEquals(new int[] {1, CYCLES + 1 + (BLOCKS - 1) * CYCLES}, with.voidsPerVariant.get("a"));
    }

    @Test
    void aBlockWhoseEveryCycleWasVoidedHasNoPairedMedian() {
        final Synthetic data = Synthetic.generate(7, BLOCKS, CYCLES, 300, 0);
        for (final SliceRow row : data.slices) {
            if (row.block == 2) {
                row.voided = true;
            }
        }
        final ComparisonAnalysis analysis = data.analyse();
        assertTrue(analysis.countedBlocks.contains(2), "the block completed: it counts");
        assertEquals(BLOCKS - 1, p50(analysis).blocks.blocks(), "but has no cycle to pair");
    }

    /** The data of {@code seed} without block {@code dropped}, for comparison with a failed or incomplete block. */
    private static Synthetic without(final long seed, final int dropped) {
        final Synthetic data = Synthetic.generate(seed, BLOCKS, CYCLES, 300, 0);
        data.slices.removeIf(row -> row.block == dropped);
        data.blocks.removeIf(row -> row.block == dropped);
        return data;
    }

    @Test
    void aFailedBlockNeverCountsEvenWithItsRows() {
        final Synthetic data = Synthetic.generate(7, BLOCKS, CYCLES, 300, 0);
        for (final SliceRow row : data.slices) {
            if (row.block == 2 && "a".equals(row.variant)) {
                row.actualSend[0] = 50_000_000;
            }
        }
        data.failed(2, "x");
        final ComparisonAnalysis analysis = data.analyse();
        assertEquals(Arrays.asList(1, 3, 4, 5, 6), new ArrayList<>(analysis.countedBlocks));
        assertEquals(Collections.singletonMap(2, "failed: x"), analysis.failedBlocks);
        final ComparisonAnalysis reference = without(7, 2).analyse();
        assertArrayEquals(p50(reference).blocks.blockValues(), p50(analysis).blocks.blockValues(), 0);
        assertEquals(BLOCKS - 1, p50(analysis).blocks.blocks());
        assertArrayEquals(new int[] {0, (BLOCKS - 1) * CYCLES}, analysis.voidsPerVariant.get("a"));
        assertTrue(p50(analysis).separable());
    }

    @Test
    void aBlockMissingAVariantsRowIsNotCounted() {
        final Synthetic data = Synthetic.generate(7, BLOCKS, CYCLES, 300, 0);
        data.blocks.removeIf(row -> row.block == 3 && "b".equals(row.variant));
        final ComparisonAnalysis analysis = data.analyse();
        assertEquals(Arrays.asList(1, 2, 4, 5, 6), new ArrayList<>(analysis.countedBlocks));
        assertTrue(analysis.failedBlocks.isEmpty());
        assertArrayEquals(p50(without(7, 3).analyse()).blocks.blockValues(), p50(analysis).blocks.blockValues(), 0);
    }

    @Test
    void fewerThanThreeBlocksGiveNoInterval() {
        final ComparisonAnalysis analysis = Synthetic.generate(7, 2, CYCLES, 300, 0).analyse();
        assertEquals(2, analysis.countedBlocks.size());
        assertEquals(5, analysis.figures.size());
        for (final BlocksPair figure : analysis.figures) {
            assertNull(figure.ratioInterval(), figure.figure);
            assertTrue(Double.isNaN(figure.pValue()), figure.figure);
            assertFalse(figure.separable(), figure.figure);
            assertEquals("too few blocks (2 < " + figure.minBlocks() + ")", figure.verdict(), figure.figure);
        }
        assertTrue(p50(analysis).ratio() > 1.2, "the estimate is still there: " + p50(analysis).ratio());
    }

    @Test
    void noCompletedBlockGivesNoFigures() {
        final Synthetic data = Synthetic.generate(7, 3, CYCLES, 300, 0);
        data.blocks.clear();
        data.failed(1, "a did not connect");
        final ComparisonAnalysis analysis = data.analyse();
        assertTrue(analysis.countedBlocks.isEmpty());
        assertTrue(analysis.figures.isEmpty());
        assertTrue(analysis.shifts.isEmpty());
        assertEquals(0, analysis.voidPercent("a"), 0);
    }

    /**
     * One pair, 4 blocks of one cycle: the p50 log ratios 0.02, 0.05, 0.03, 0.06 (t = 4.38 on 3 df, p = 0.022) and
     * noisy intended-send p50 and tails. Alone in its family the p50 is a discovery (0.022 <= 0.05); pooled with the
     * three noisy figures it would not be (0.022 > 0.05 / 4).
     */
    @Test
    void theP50IsCorrectedInItsOwnFamilyNotDilutedByNoisyTails() {
        final double[] p50 = {0.02, 0.05, 0.03, 0.06};
        final double[] intended = {0.10, -0.12, 0.04, -0.01};
        final double[] p99 = {0.10, -0.10, 0.05, -0.04};
        final double[] p999 = {-0.20, 0.20, 0.10, -0.10};
        final Synthetic data = new Synthetic("a", "b");
        final long base = 1_000_000;
        for (int block = 1; block <= 4; block++) {
            data.slice(block, 0, 0, "-", "a", Math.round(base * Math.exp(p50[block - 1]))).intendedSend[0] =
                    Math.round(base * Math.exp(intended[block - 1]));
            data.slice(block, 0, 1, "a", "b", base).intendedSend[0] = base;
            data.block(block, "a", Math.round(3 * base * Math.exp(p99[block - 1])),
                    Math.round(8 * base * Math.exp(p999[block - 1])), 1, 0);
            data.block(block, "b", 3 * base, 8 * base, 1, 0);
        }
        final ComparisonAnalysis analysis = data.analyse();
        final BlocksPair primary = p50(analysis);
        assertTrue(primary.pValue() > 0.05 / 4 && primary.pValue() < 0.05, "p = " + primary.pValue());
        assertEquals(Collections.singletonList(primary), analysis.family(true));
        assertEquals(4, analysis.family(false).size());
        assertEquals("primary", primary.family());
        assertTrue(primary.separable(), primary.ratioInterval().toString());
        assertEquals("a slower", primary.verdict());
        for (final BlocksPair other : analysis.family(false)) {
            assertEquals("secondary", other.family());
            if (other.minBlocks() > 4) {
                assertTrue(Double.isNaN(other.pValue()), other.figure + ": 4 blocks are too few for the sign test");
                continue;
            }
            assertTrue(other.pValue() > 0.2, other.figure + ": p = " + other.pValue());
            assertFalse(other.separable(), other.figure);
        }
        final double[] pooled = analysis.figures.stream().mapToDouble(BlocksPair::pValue).toArray();
        assertFalse(Separation.discoveries(pooled, Separation.FALSE_DISCOVERY_RATE)[analysis.figures.indexOf(primary)],
                "one family over every figure would lose the p50");
    }
}
