package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import javax.imageio.ImageIO;

import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.MedianStop;
import io.fastestjvm.verdict.PairedBlocks;
import io.fastestjvm.verdict.SteinStop;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        assertArrayEquals(p50.blocksNeeded(Math.log(1.05), 0.95), new int[] {Integer.parseInt(needed[0]),
            Integer.parseInt(needed[1]), Integer.parseInt(needed[2])});
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

    // The line per pair a running comparison prints after each block.
    private static final double NO_CAP = Double.POSITIVE_INFINITY;

    private static String only(final List<String> lines) {
        assertEquals(1, lines.size(), lines.toString());
        return lines.get(0);
    }

    private static String ratioAndInterval(final ComparisonAnalysis analysis) {
        final BlocksPair p50 = analysis.figure("a", "b", BlocksPair.P50);
        final Interval interval = p50.ratioInterval();
        return ComparisonReport.fmt("p50 %.3f (%.3f-%.3f)", p50.ratio(), interval.lower(), interval.upper());
    }

    @Test
    void anUndecidedPairWithBlocksAndMinutesToGo() {
        final ComparisonAnalysis analysis = Synthetic.generate(1, 4, 10, 0, 0).analyse();
        // median of 100, 110, 120, 130 s = 115 s; 5 blocks = 575 s
        assertEquals("[qp] after block 4 of 9: a / b " + ratioAndInterval(analysis) + ", cannot tell apart yet; 5"
                + " blocks, about 10 min to go", only(ComparisonReport.progress(analysis, 4, 9,
                        new double[] {130, 100, 120, 110}, NO_CAP)));
    }

    @Test
    void underThreeBlocksTheRatioAlone() {
        final ComparisonAnalysis analysis = Synthetic.generate(7, 2, 10, 300, 0).analyse();
        assertEquals(ComparisonReport.fmt("[qp] after block 2 of 6: a / b p50 %.3f, interval from 3 blocks; 4 blocks,"
                + " about 8 min to go", analysis.figure("a", "b", BlocksPair.P50).ratio()),
                only(ComparisonReport.progress(analysis, 2, 6, new double[] {115, 125}, NO_CAP)));
    }

    @Test
    void underTheMedianRuleItsOwnLeastBlocksAndOneBlockAtATime() {
        final MedianStop rule = new MedianStop(6, 5, true);
        final Synthetic early = Synthetic.generate(7, 4, 10, 300, 0);
        final ComparisonAnalysis four = new ComparisonAnalysis(early.variants, early.slices, early.blocks, null, rule);
        assertEquals(ComparisonReport.fmt("[qp] after block 4 of 6: a / b p50 %.3f, interval from 6 blocks; 2 blocks,"
                + " about 4 min to go", four.figure("a", "b", BlocksPair.P50).ratio()),
                only(ComparisonReport.progress(four, 4, 6, new double[] {115, 125}, NO_CAP)));
        final Synthetic late = Synthetic.generate(7, 8, 10, 0, 0);
        final ComparisonAnalysis eight = new ComparisonAnalysis(late.variants, late.slices, late.blocks, null, rule);
        assertTrue(only(ComparisonReport.progress(eight, 8, 9, new double[] {120}, 250)).endsWith("; one more block"
                + " (the median rule, +/-5 % not reached yet), at most 3 more before the time cap"));
    }

    @Test
    void aSeparablePairAtTheLastBlock() {
        final ComparisonAnalysis analysis = Synthetic.generate(7, 6, 60, 300, 0).analyse();
        assertEquals("[qp] after block 6 of 6: a / b " + ratioAndInterval(analysis) + ", a slower so far; done",
                only(ComparisonReport.progress(analysis, 6, 6, new double[] {120}, NO_CAP)));
    }

    @Test
    void theTimeCapBoundsTheBlocksThatCanStillStart() {
        final ComparisonAnalysis analysis = Synthetic.generate(1, 4, 10, 0, 0).analyse();
        final double[] seconds = {120, 120, 120, 120};
        // 250 s left: blocks start at 0, 120 and 240 s, the fourth would start after the cap
        assertTrue(only(ComparisonReport.progress(analysis, 4, 9, seconds, 250)).endsWith("; 5 blocks, 3 before the"
                + " time cap, about 6 min to go"));
        assertTrue(only(ComparisonReport.progress(analysis, 4, 9, seconds, -5)).endsWith("; the time cap is"
                + " reached: done"));
        assertTrue(only(ComparisonReport.progress(analysis, 4, 5, new double[] {20}, NO_CAP)).endsWith("; 1 block,"
                + " under a minute to go"));
    }

    @Test
    void underSteinThePilotThenTheRulesBlocks() {
        final SteinStop stein = new SteinStop(6, 1);
        assertTrue(only(ComparisonReport.progress(Synthetic.generate(7, 4, 10, 30, 0).analyse(stein), 4, 6,
                new double[] {120}, NO_CAP)).endsWith("; 2 blocks of the pilot, then Stein's rule, about 4 min to"
                + " the pilot's end"));
        final ComparisonAnalysis planned = Synthetic.generate(7, 6, 10, 30, 0).analyse(stein);
        final int total = planned.figure("a", "b", BlocksPair.P50).stein.totalBlocks();
        assertTrue(total > 8, "the rule asks for a second stage: " + total);
        assertEquals("[qp] after block 6 of " + total + ": a / b " + ratioAndInterval(planned) + ", a slower so"
                + " far; " + (total - 6) + " blocks, about " + 2 * (total - 6) + " min to go",
                only(ComparisonReport.progress(planned, 6, total, new double[] {120}, NO_CAP)));
    }

    @Test
    void everyPairInOrderAndAPairWithoutACountedBlock() {
        final List<String> three = ComparisonReport.progress(Synthetic.generate(11, 3, 10, 0, 0, 400).analyse(), 3,
                6, new double[] {60}, NO_CAP);
        assertEquals(3, three.size());
        assertTrue(three.get(0).startsWith("[qp] after block 3 of 6: a / b p50 "), three.toString());
        assertTrue(three.get(1).startsWith("[qp] after block 3 of 6: a / c p50 "), three.toString());
        assertTrue(three.get(2).startsWith("[qp] after block 3 of 6: b / c p50 "), three.toString());
        final Synthetic failed = new Synthetic("a", "b");
        failed.failed(1, "a did not connect");
        assertEquals(Collections.singletonList("[qp] after block 1 of 6: a / b no counted block yet; 5 blocks, about"
                + " 5 min to go"), ComparisonReport.progress(failed.analyse(), 1, 6, new double[] {60}, NO_CAP));
        assertEquals(Arrays.asList("a", "b"), failed.variants);
    }

    // charts/A-vs-B.png per pair of a synthetic comparison, and the report's links to them.
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    @TempDir
    File folder;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static void assertPng(final File png) throws IOException {
        assertTrue(png.isFile(), png + " missing");
        final byte[] bytes = Files.readAllBytes(png.toPath());
        assertTrue(bytes.length > 1000, png + ": " + bytes.length + " bytes");
        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(bytes, PNG_MAGIC.length), png + " is no PNG");
        final BufferedImage image = ImageIO.read(png);
        assertNotNull(image, png + " unreadable");
        assertTrue(image.getWidth() >= 1000 && image.getHeight() >= 800, image.getWidth() + "x" + image.getHeight());
    }

    @Test
    void onePngPerPairOfThreeVariants() throws IOException {
        final ComparisonAnalysis analysis = Synthetic.generate(3, 4, 30, 0, 150, -100).analyse();
        ComparisonReport.writeCharts(folder, analysis);
        final List<String> names = ComparisonReport.chartNames(analysis);
        assertEquals(Arrays.asList("charts/a-vs-b.png", "charts/a-vs-c.png", "charts/b-vs-c.png"), names);
        for (final String name : names) {
            assertPng(new File(folder, name));
        }
        assertEquals(3, new File(folder, ComparisonReport.CHARTS).list().length, "no temp or SVG files left");
    }

    @Test
    void aFailedBlockVoidedCyclesAndAStalledSliceStillChart() throws IOException {
        final Synthetic data = Synthetic.generate(11, 4, 20, 200, 0);
        data.blocks.removeIf(row -> row.block == 2);
        data.failed(2, "b (pid 9): ended before its slice reply");
        for (final SliceRow row : data.slices) {
            if (row.block == 3 && row.cycle < 20 && row.cycle % 7 == 3) {
                row.voided = true;
            }
            if (row.block == 4 && row.cycle == 5 && "a".equals(row.variant)) {
                row.actualSend[0] *= 20; // the host stalled it: off the scale of both panels
            }
        }
        final ComparisonAnalysis analysis = data.analyse();
        assertEquals(Collections.singletonMap(2, "failed: b (pid 9): ended before its slice reply"),
                analysis.failedBlocks);
        ComparisonReport.writeCharts(folder, analysis);
        assertEquals(Collections.singletonList("charts/a-vs-b.png"), ComparisonReport.chartNames(analysis));
        assertPng(new File(folder, "charts/a-vs-b.png"));
    }

    @Test
    void oneBlockHasNoIntervalAndStillCharts() throws IOException {
        final ComparisonAnalysis analysis = Synthetic.generate(5, 1, 40, 50, 0).analyse();
        ComparisonReport.writeCharts(folder, analysis);
        assertEquals(Collections.singletonList("charts/a-vs-b.png"), ComparisonReport.chartNames(analysis));
        assertPng(new File(folder, "charts/a-vs-b.png"));
    }

    @Test
    void namesAreSanitised() {
        assertEquals("jdk17-1-vs-jdk17-tuned-2", ComparisonReport.chartName("jdk17#1", "jdk17-tuned+2"));
        assertEquals("jdk21-vs-x-y", ComparisonReport.chartName("jdk21", "x/y"));
    }

    @Test
    void theReportLinksTheCharts() {
        final ComparisonAnalysis analysis = Synthetic.generate(3, 4, 30, 0, 150, -100).analyse();
        final String md = ComparisonReport.markdown("t", Collections.<String>emptyList(), analysis, 20);
        assertTrue(md.endsWith("\n## Charts\n\nPer pair: each variant's per-slice actual-send p50 by cycle (top), and"
                + " the per-cycle ratio with the block values and the overall ratio (bottom).\n\n"
                + "- [a-vs-b](charts/a-vs-b.png)\n- [a-vs-c](charts/a-vs-c.png)\n- [b-vs-c](charts/b-vs-c.png)\n"),
                md);
        assertEquals("", ComparisonReport.chartsMarkdown(Collections.<String>emptyList()));
    }
}
