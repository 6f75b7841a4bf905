package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Properties;
import java.util.Random;

import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.SteinTwoStage;
import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.SteinStop;

/** Under Stein's stop rule the p50 figure carries Stein's interval and test, through the product's own code. */
class SteinStopTest {
    private static final SteinStop STEIN = new SteinStop(6, 5);

    private static BlocksPair p50(final ComparisonAnalysis analysis) {
        final BlocksPair figure = analysis.figure("a", "b", BlocksPair.P50);
        assertNotNull(figure);
        return figure;
    }

    private static Interval exp(final Interval log) {
        return new Interval(Math.exp(log.estimate()), Math.exp(log.lower()), Math.exp(log.upper()), log.confidence());
    }

    private static void assertSameInterval(final Interval expected, final Interval actual) {
        assertEquals(expected.estimate(), actual.estimate(), 1e-15);
        assertEquals(expected.lower(), actual.lower(), 1e-15);
        assertEquals(expected.upper(), actual.upper(), 1e-15);
    }

    @Test
    void underSteinTheP50CarriesSteinsIntervalAndTestOtherwiseT() {
        final Synthetic data = Synthetic.generate(7, 10, 10, 30, 0);
        final BlocksPair stein = p50(data.analyse(STEIN));
        final BlocksPair fixed = p50(data.analyse(null));
        final double[] values = fixed.blocks.blockValues();
        final SteinTwoStage plan = new SteinTwoStage(Arrays.copyOf(values, 6), Math.log(1.05), 0.95, 1000);
        assertSameInterval(exp(plan.interval(values)), stein.ratioInterval());
        assertSameInterval(exp(fixed.blocks.interval(0.95)), fixed.ratioInterval());
        assertTrue(stein.ratioInterval().upper() - stein.ratioInterval().lower()
                != fixed.ratioInterval().upper() - fixed.ratioInterval().lower(), "the two intervals differ here");
        // Stein's statistic: |mean| sqrt(n) / s0 with n0 - 1 df, two-sided
        final double mean = Arrays.stream(values).average().getAsDouble();
        final double t = Math.abs(mean) * Math.sqrt(10) / plan.pilotSd();
        assertEquals(2 * new TDistribution(5).cumulativeProbability(-t), stein.pValue(), 1e-15);
        assertEquals(fixed.blocks.pValue(), fixed.pValue(), 0);
        assertEquals(String.format(java.util.Locale.ROOT, "Stein, pilot 6 blocks, s0 = %.1f %%",
                100 * plan.pilotSd()), stein.method());
        assertEquals("t over blocks", fixed.method());
        for (final BlocksPair other : data.analyse(STEIN).figures) {
            if (!BlocksPair.P50.equals(other.figure)) {
                assertNull(other.stein, other.figure + ": only the p50 is what the rule planned");
            }
        }
    }

    @Test
    void beforeThePilotIsCompleteTheP50CarriesT() {
        final Synthetic data = Synthetic.generate(7, 5, 10, 30, 0);
        final BlocksPair figure = p50(data.analyse(STEIN));
        assertNull(figure.stein);
        assertSameInterval(exp(figure.blocks.interval(0.95)), figure.ratioInterval());
    }

    /**
     * Block values from N(ln 1.03, 0.10^2), a pilot of 6, a target of +/-5 %, the second stage as many blocks as
     * the rule asks for: Stein's interval, as the product computes it, covers the true ratio at its confidence.
     */
    @Test
    void steinsIntervalThroughTheProductCoversTheTrueRatio() {
        final int trials = 2000;
        final double mu = Math.log(1.03);
        final Random random = new Random(1945);
        int stein = 0;
        int plainT = 0;
        long blocks = 0;
        for (int trial = 0; trial < trials; trial++) {
            final Synthetic data = new Synthetic("a", "b");
            for (int block = 1; block <= STEIN.pilotBlocks; block++) {
                data.pairedBlock(block, mu + 0.10 * random.nextGaussian());
            }
            final int total = p50(data.analyse(STEIN)).stein.totalBlocks();
            for (int block = STEIN.pilotBlocks + 1; block <= total; block++) {
                data.pairedBlock(block, mu + 0.10 * random.nextGaussian());
            }
            final BlocksPair figure = p50(data.analyse(STEIN));
            assertEquals(total, figure.blocks.blocks());
            blocks += total;
            stein += figure.ratioInterval().contains(1.03) ? 1 : 0;
            plainT += exp(figure.blocks.interval(0.95)).contains(1.03) ? 1 : 0;
        }
        final String message = String.format(java.util.Locale.ROOT, "Stein covers %.3f, the plain t over all"
                + " blocks %.3f, in %d trials of %.1f blocks on average", (double) stein / trials,
                (double) plainT / trials, trials, (double) blocks / trials);
        assertTrue(stein >= 0.93 * trials && stein <= 0.97 * trials, message);
    }

    @Test
    void theBlockLoopPlansFromThePilotTheReportUses() throws Exception {
        final Properties settings = new Properties();
        settings.setProperty("qp.compare.variants", "a=|;b=|");
        settings.setProperty("qp.compare.stop", "stein");
        settings.setProperty("qp.compare.targetPercent", "1");
        final ComparisonOptions plan = ComparisonOptions.fromProperties(settings);
        final SteinStop rule = SteinStop.of(plan);
        assertEquals(6, rule.pilotBlocks);
        assertEquals(1, rule.targetPercent);
        assertNull(SteinStop.of(ComparisonOptions.fromProperties(new Properties())), "fixed: no rule");
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream err = new PrintStream(bytes, true, "UTF-8");

        final Synthetic data = Synthetic.generate(7, 6, 10, 30, 0);
        final BlocksPair figure = p50(data.analyse(rule));
        assertTrue(figure.stein.totalBlocks() > 6, "this pilot asks for a second stage");
        assertEquals(figure.stein.totalBlocks(), SteinStop.of(plan).lastBlock(data.analyse(rule).p50s(), 6, err));
        assertTrue(new String(bytes.toByteArray(), StandardCharsets.UTF_8).startsWith("[qp] Stein's rule, a / b: "
                + figure.stein.totalBlocks() + " blocks for +/-1 % (Stein, pilot 6 blocks, s0 = "), bytes.toString());

        // block 3 failed: the pilot is short after block 6, so one more block, up to block 12; its last block
        // then moves the second stage's end by one
        final Synthetic shortPilot = Synthetic.generate(7, 6, 10, 30, 0);
        shortPilot.blocks.removeIf(row -> row.block == 3);
        shortPilot.slices.removeIf(row -> row.block == 3);
        shortPilot.failed(3, "x");
        bytes.reset();
        assertEquals(7, SteinStop.of(plan).lastBlock(shortPilot.analyse(rule).p50s(), 6, err));
        assertEquals("[qp] Stein's pilot has 5 of 6 blocks after block 6: one more block\n",
                new String(bytes.toByteArray(), StandardCharsets.UTF_8));
        assertEquals(12, SteinStop.of(plan).lastBlock(shortPilot.analyse(rule).p50s(), 12, err), "no more after 12");
        final Synthetic complete = Synthetic.generate(7, 7, 10, 30, 0);
        complete.blocks.removeIf(row -> row.block == 3);
        complete.slices.removeIf(row -> row.block == 3);
        complete.failed(3, "x");
        final BlocksPair late = p50(complete.analyse(rule));
        assertEquals(Arrays.asList(1, 2, 4, 5, 6, 7), late.blockNumbers.subList(0, 6));
        assertEquals(7 + late.stein.totalBlocks() - 6,
                SteinStop.of(plan).lastBlock(complete.analyse(rule).p50s(), 7, err));

        settings.setProperty("qp.compare.blocks", "1");
        bytes.reset();
        assertEquals(1, SteinStop.of(ComparisonOptions.fromProperties(settings))
                .lastBlock(Synthetic.generate(7, 1, 10, 30, 0).analyse(new SteinStop(1, 1)).p50s(), 1, err),
                "a single block has no sd to plan from");
        assertEquals("[qp] Stein's rule needs a pilot of 2 blocks or more (qp.compare.blocks=1): no second stage\n",
                new String(bytes.toByteArray(), StandardCharsets.UTF_8));
    }
}
