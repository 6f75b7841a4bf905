package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.MedianStop;
import io.fastestjvm.verdict.SteinStop;

/** The line per pair a running comparison prints after each block. */
class ComparisonProgressTest {
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
                + " blocks, about 10 min to go", only(ComparisonProgress.lines(analysis, 4, 9,
                        new double[] {130, 100, 120, 110}, NO_CAP)));
    }

    @Test
    void underThreeBlocksTheRatioAlone() {
        final ComparisonAnalysis analysis = Synthetic.generate(7, 2, 10, 300, 0).analyse();
        assertEquals(ComparisonReport.fmt("[qp] after block 2 of 6: a / b p50 %.3f, interval from 3 blocks; 4 blocks,"
                + " about 8 min to go", analysis.figure("a", "b", BlocksPair.P50).ratio()),
                only(ComparisonProgress.lines(analysis, 2, 6, new double[] {115, 125}, NO_CAP)));
    }

    @Test
    void underTheMedianRuleItsOwnLeastBlocksAndOneBlockAtATime() {
        final MedianStop rule = new MedianStop(6, 5, true);
        final Synthetic early = Synthetic.generate(7, 4, 10, 300, 0);
        final ComparisonAnalysis four = new ComparisonAnalysis(early.variants, early.slices, early.blocks, null, rule);
        assertEquals(ComparisonReport.fmt("[qp] after block 4 of 6: a / b p50 %.3f, interval from 6 blocks; 2 blocks,"
                + " about 4 min to go", four.figure("a", "b", BlocksPair.P50).ratio()),
                only(ComparisonProgress.lines(four, 4, 6, new double[] {115, 125}, NO_CAP)));
        final Synthetic late = Synthetic.generate(7, 8, 10, 0, 0);
        final ComparisonAnalysis eight = new ComparisonAnalysis(late.variants, late.slices, late.blocks, null, rule);
        assertTrue(only(ComparisonProgress.lines(eight, 8, 9, new double[] {120}, 250)).endsWith("; one more block"
                + " (the median rule, +/-5 % not reached yet), at most 3 more before the time cap"));
    }

    @Test
    void aSeparablePairAtTheLastBlock() {
        final ComparisonAnalysis analysis = Synthetic.generate(7, 6, 60, 300, 0).analyse();
        assertEquals("[qp] after block 6 of 6: a / b " + ratioAndInterval(analysis) + ", a slower so far; done",
                only(ComparisonProgress.lines(analysis, 6, 6, new double[] {120}, NO_CAP)));
    }

    @Test
    void theTimeCapBoundsTheBlocksThatCanStillStart() {
        final ComparisonAnalysis analysis = Synthetic.generate(1, 4, 10, 0, 0).analyse();
        final double[] seconds = {120, 120, 120, 120};
        // 250 s left: blocks start at 0, 120 and 240 s, the fourth would start after the cap
        assertTrue(only(ComparisonProgress.lines(analysis, 4, 9, seconds, 250)).endsWith("; 5 blocks, 3 before the"
                + " time cap, about 6 min to go"));
        assertTrue(only(ComparisonProgress.lines(analysis, 4, 9, seconds, -5)).endsWith("; the time cap is"
                + " reached: done"));
        assertTrue(only(ComparisonProgress.lines(analysis, 4, 5, new double[] {20}, NO_CAP)).endsWith("; 1 block,"
                + " under a minute to go"));
    }

    @Test
    void underSteinThePilotThenTheRulesBlocks() {
        final SteinStop stein = new SteinStop(6, 1);
        assertTrue(only(ComparisonProgress.lines(Synthetic.generate(7, 4, 10, 30, 0).analyse(stein), 4, 6,
                new double[] {120}, NO_CAP)).endsWith("; 2 blocks of the pilot, then Stein's rule, about 4 min to"
                + " the pilot's end"));
        final ComparisonAnalysis planned = Synthetic.generate(7, 6, 10, 30, 0).analyse(stein);
        final int total = planned.figure("a", "b", BlocksPair.P50).stein.totalBlocks();
        assertTrue(total > 8, "the rule asks for a second stage: " + total);
        assertEquals("[qp] after block 6 of " + total + ": a / b " + ratioAndInterval(planned) + ", a slower so"
                + " far; " + (total - 6) + " blocks, about " + 2 * (total - 6) + " min to go",
                only(ComparisonProgress.lines(planned, 6, total, new double[] {120}, NO_CAP)));
    }

    @Test
    void everyPairInOrderAndAPairWithoutACountedBlock() {
        final List<String> three = ComparisonProgress.lines(Synthetic.generate(11, 3, 10, 0, 0, 400).analyse(), 3,
                6, new double[] {60}, NO_CAP);
        assertEquals(3, three.size());
        assertTrue(three.get(0).startsWith("[qp] after block 3 of 6: a / b p50 "), three.toString());
        assertTrue(three.get(1).startsWith("[qp] after block 3 of 6: a / c p50 "), three.toString());
        assertTrue(three.get(2).startsWith("[qp] after block 3 of 6: b / c p50 "), three.toString());
        final Synthetic failed = new Synthetic("a", "b");
        failed.failed(1, "a did not connect");
        assertEquals(Collections.singletonList("[qp] after block 1 of 6: a / b no counted block yet; 5 blocks, about"
                + " 5 min to go"), ComparisonProgress.lines(failed.analyse(), 1, 6, new double[] {60}, NO_CAP));
        assertEquals(Arrays.asList("a", "b"), failed.variants);
    }
}
