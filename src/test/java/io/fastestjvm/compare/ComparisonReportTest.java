package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;

import org.junit.jupiter.api.Test;

import io.fastestjvm.verdict.PairedBlocks;
import io.fastestjvm.verdict.BlocksPair;

/** report.md of synthetic comparisons: the tables, the verdicts in them, failed blocks and failed voids. */
class ComparisonReportTest {
    static final String TABLE_HEADER = "| pair | figure | family | ratio | 95 % interval | interval from | p | blocks"
            + " | verdict |";

    private static String line(final String markdown, final String start) {
        for (final String line : markdown.split("\n")) {
            if (line.startsWith(start)) {
                return line;
            }
        }
        throw new AssertionError("no line starting " + start + " in\n" + markdown);
    }

    @Test
    void farBlocksNameWhichSideDrewTheSlowState() {
        final Synthetic data = new Synthetic("a", "b");
        final double[] values = {0.01, Math.log(1.35), -0.02, -Math.log(1.4), Math.log(1.14), -Math.log(1.2)};
        for (int block = 1; block <= values.length; block++) {
            data.pairedBlock(block, values[block - 1]);
        }
        final String md = ComparisonReport.markdown("t", Collections.emptyList(), data.analyse(), 20);
        assertEquals("Far blocks, a / b (1.15x or more off the median block): a slower in 1 of 6 blocks [2]"
                + " (95 %: 0-64 %), b slower in 2 [4, 6] (4-78 %).", line(md, "Far blocks"));
        // a real difference of 1.5x is not the slow state; a block 1.3x off it is
        final Synthetic shifted = new Synthetic("a", "b");
        final double[] real = {0.41, 0.40, 0.40 + Math.log(1.3), 0.39, 0.41, 0.40};
        for (int block = 1; block <= real.length; block++) {
            shifted.pairedBlock(block, real[block - 1]);
        }
        assertEquals("Far blocks, a / b (1.15x or more off the median block): a slower in 1 of 6 blocks [3]"
                + " (95 %: 0-64 %), b slower in 0 (0-46 %).", line(ComparisonReport.markdown("t",
                Collections.emptyList(), shifted.analyse(), 20), "Far blocks"));
    }

    @Test
    void aKnownDifferenceReadsAsSeparable() {
        final ComparisonAnalysis analysis = Synthetic.generate(7, 6, 60, 300, 0).analyse();
        final String md = ComparisonReport.markdown("Interleaved comparison x", Arrays.asList("Started then",
                "Variant a: flags []"), analysis, 20);
        assertTrue(md.startsWith("# Interleaved comparison x\n\nStarted then  \nVariant a: flags []  \n"), md);
        assertTrue(md.contains("Blocks counted: 6. The primary figure is each pair's actual-send p50. A figure is"
                + " separable when Benjamini-Hochberg at a 5 % false discovery rate accepts it within its family, the"
                + " primary figures (1) or the secondary ones (4: the p50's median of blocks, intended-send p50,"
                + " p99, p99.9), and its 95 % interval"), md);
        final BlocksPair robust = analysis.figure("a", "b", BlocksPair.P50_MEDIAN_OF_BLOCKS);
        assertTrue(line(md, "| a / b | actual-send p50, median of blocks | secondary | ").contains(ComparisonReport.fmt(
                " | %.3f | %.3f - %.3f | sign test over blocks |", robust.ratio(), robust.ratioInterval().lower(),
                robust.ratioInterval().upper())), md);
        assertTrue(md.contains("## Pairwise verdict\n\n" + TABLE_HEADER + "\n"), md);
        final String p50 = line(md, "| a / b | actual-send p50 | ");
        assertTrue(p50.endsWith(" | 6 | **a slower** |"), p50);
        final BlocksPair figure = analysis.figure("a", "b", BlocksPair.P50);
        assertTrue(p50.contains(ComparisonReport.fmt("| primary | %.3f | %.3f - %.3f | t over blocks |", figure.ratio(),
                figure.ratioInterval().lower(), figure.ratioInterval().upper())), p50);
        assertTrue(line(md, "| a / b | actual-send p99 (pooled per block) | secondary | ").endsWith("**a slower** |"),
                md);
        assertTrue(md.contains("## Paired shift of the median (ns, A - B per cycle, median per block)"), md);
        final double shift = analysis.shifts.get("a / b").mean();
        assertTrue(line(md, ComparisonReport.fmt("| a / b | %.1f | ", shift)).endsWith(" | 6 | "
                + ComparisonReport.fmt("%.1f", analysis.shifts.get("a / b").blockValues()[0]) + ", "
                + ComparisonReport.fmt("%.1f", analysis.shifts.get("a / b").blockValues()[1]) + ", "
                + ComparisonReport.fmt("%.1f", analysis.shifts.get("a / b").blockValues()[2]) + ", "
                + ComparisonReport.fmt("%.1f", analysis.shifts.get("a / b").blockValues()[3]) + ", "
                + ComparisonReport.fmt("%.1f", analysis.shifts.get("a / b").blockValues()[4]) + ", "
                + ComparisonReport.fmt("%.1f", analysis.shifts.get("a / b").blockValues()[5]) + " |"), md);
        assertTrue(md.contains("## Where the variance lives"), md);
        assertEquals("| a | 0 of 360 (0.0 %) | 21, 22, 23, 24, 25, 26 | 1.00 ms | 2.00 ms |", line(md, "| a | "));
        assertFalse(md.contains("FAILED"), md);
        assertFalse(md.contains("NaN"), md);
    }

    @Test
    void theBlocksCostsGiveTheBestCyclesPerBlock() {
        final Synthetic data = Synthetic.generate(7, 6, 60, 300, 0);
        assertFalse(ComparisonReport.markdown("t", Collections.<String>emptyList(), data.analyse(), 20)
                .contains("A block took"), "no times, no costs");
        for (final BlockRow row : data.blocks) {
            row.startMillis = 2_000 + row.block; // medians over blocks: 2 x 50.5 s fixed, 130 s for 60 cycles
            row.warmupMillis = 40_000;
            row.finishMillis = 8_500;
            row.cyclesMillis = 130_000 + 1_000 * row.block;
        }
        final ComparisonAnalysis analysis = data.analyse();
        final double[] cost = analysis.blockCostSeconds();
        assertEquals(2 * 50.504, cost[0], 1e-9);
        assertEquals(134.0 / 60, cost[1], 1e-9);
        final String md = ComparisonReport.markdown("t", Collections.<String>emptyList(), analysis, 20);
        assertTrue(md.contains("A block took 101 s besides its cycles (starting, warming up and reading back its"
                + " JVMs) and 2.2 s a cycle (medians over blocks)"), md);
        final String row = Arrays.stream(md.split("\n")).filter(l -> l.matches("\\| a / b \\| [0-9.]+ % \\|.*"))
                .findFirst().orElseThrow(AssertionError::new);
        final String[] cells = row.split(" \\| ");
        final String best = cells[cells.length - 1].replace(" |", "");
        assertTrue(best.matches("\\d+|> 1000"), best);
        final String[] needed = cells[cells.length - 2].split("[ ()-]+");
        assertEquals(3, needed.length, cells[cells.length - 2]);
        final PairedBlocks p50 = analysis.figure("a", "b", BlocksPair.P50).blocks;
        assertEquals(p50.blocksNeeded(Math.log(1.05), 0.95), Integer.parseInt(needed[0]));
        assertArrayEquals(p50.blocksNeededRange(Math.log(1.05), 0.95), new int[] {Integer.parseInt(needed[1]),
            Integer.parseInt(needed[2])});
        assertTrue(Integer.parseInt(needed[1]) < Integer.parseInt(needed[0])
                && Integer.parseInt(needed[0]) < Integer.parseInt(needed[2]), cells[cells.length - 2]);
    }

    @Test
    void anAaComparisonCannotTellApart() {
        final String md = ComparisonReport.markdown("t", Collections.<String>emptyList(),
                Synthetic.generate(1, 6, 60, 0, 0).analyse(), 20);
        assertTrue(line(md, "| a / b | actual-send p50 | ").endsWith(" | cannot tell apart |"), md);
        assertFalse(md.contains("**a "), md);
    }

    @Test
    void failedBlocksTooFewBlocksAndTooManyVoidsAreShown() {
        final Synthetic data = Synthetic.generate(7, 3, 60, 300, 0);
        data.blocks.removeIf(row -> row.block == 3);
        data.failed(3, "b (pid 9): ended before its slice reply");
        data.blocks.get(0).voids = 2;
        final String md = ComparisonReport.markdown("t", Collections.<String>emptyList(), data.analyse(), 1);
        assertTrue(md.contains("Blocks counted: 2; failed (never counted): block 3 (failed: b (pid 9): ended before"
                + " its slice reply) "), md);
        final String p50 = line(md, "| a / b | actual-send p50 | ");
        assertTrue(p50.endsWith(" | - | - | - | 2 | too few blocks (2 < 3) |"), p50);
        final String a = line(md, "| a | ");
        assertEquals(0, a.indexOf("| a | 2 of 120 (1.7 %) **FAILED** | "), a);
        assertFalse(line(md, "| b | ").contains("FAILED"), md);
    }

    @Test
    void disturbedCyclesAreCountedForTheMachineNotTheVariant() {
        final Synthetic data = Synthetic.generate(7, 3, 10, 300, 0);
        data.slices.get(0).failure = ProcSample.disturbance(300_000_000L, 1_000_000_000L, 10);
        data.slices.get(0).voided = true;
        data.slices.get(1).voided = true; // the same cycle's other slice
        final String md = ComparisonReport.markdown("t", Collections.<String>emptyList(), data.analyse(), 20);
        assertTrue(md.contains("during a slice: 1 of 30 (counted against no variant)."), md);
        assertFalse(line(md, "| a | ").contains("FAILED"), md);
    }

    @Test
    void theStartOrderIsReportedWhereBlocksRecordedIt() {
        final Synthetic data = Synthetic.generate(7, 6, 10, 300, 0);
        assertFalse(ComparisonReport.markdown("t", Collections.<String>emptyList(), data.analyse(), 20)
                .contains("Start order"), "sets before the start order was recorded say nothing of it");
        for (final BlockRow row : data.blocks) {
            row.startPosition = (row.block % 2 == 0) == "a".equals(row.variant) ? 0 : 1;
        }
        final String md = ComparisonReport.markdown("t", Collections.<String>emptyList(), data.analyse(), 20);
        assertTrue(md.contains("Start order, a / b: the JVM started second was slower by "), md);
        assertTrue(md.contains(" over 6 blocks; without that, the block values would spread by "), md);
    }
}
