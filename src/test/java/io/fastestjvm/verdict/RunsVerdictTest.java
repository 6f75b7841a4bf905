package io.fastestjvm.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;

class RunsVerdictTest {
    /** Run values around {@code centre} with about +-15 % run-to-run spread (a quiet machine's), seeded. */
    private static double[] runs(final double centre, final int n, final long seed) {
        final Random random = new Random(seed);
        final double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = centre * Math.exp(0.1 * random.nextGaussian());
        }
        return values;
    }

    private static RunValues subject(final String label, final double centre, final int n, final long seed) {
        final RunValues subject = new RunValues(label);
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : RunsVerdict.PERCENTILES) {
                subject.with(latency, percentile, runs(centre * (1 + percentile.ordinal()), n,
                        seed * 31 + percentile.ordinal() * 7 + latency.ordinal()));
            }
        }
        return subject;
    }

    @Test
    void identicalJvmsAreNotSeparable() {
        final double[] same = runs(400, 10, 1);
        final RunValues a = new RunValues("a");
        final RunValues b = new RunValues("b");
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : RunsVerdict.PERCENTILES) {
                a.with(latency, percentile, same);
                b.with(latency, percentile, same);
            }
        }
        final RunsVerdict verdict = RunsVerdict.of(Arrays.asList(a, b));
        assertEquals(6, verdict.pairs().size());
        for (final RunsPair pair : verdict.pairs()) {
            assertFalse(pair.separable, pair.a + " vs " + pair.b);
            assertEquals(1.0, pair.ratio, 1e-12);
            assertTrue(pair.low <= 1 && pair.high >= 1);
        }
        assertEquals(Arrays.asList(Arrays.asList("a", "b")), verdict.groups(Latency.ACTUAL_SEND, Percentile.P50));
    }

    @Test
    void sameDistributionDifferentRunsAreNotSeparable() {
        final RunsVerdict verdict = RunsVerdict.of(Arrays.asList(subject("a", 400, 10, 1), subject("b", 400, 10, 2)));
        for (final RunsPair pair : verdict.pairs()) {
            assertFalse(pair.separable, pair.percentile + " p=" + pair.pValue);
        }
    }

    @Test
    void clearlyApartJvmsSeparateAtFiveAndTenRunsWithTheRightDirection() {
        for (final int n : new int[] {5, 10}) {
            final RunsVerdict verdict = RunsVerdict.of(Arrays.asList(subject("slow", 600, n, 3),
                    subject("fast", 300, n, 4)));
            for (final RunsPair pair : verdict.pairs()) {
                assertTrue(pair.separable, n + " runs: p=" + pair.pValue);
                assertEquals("fast", pair.lower());
                assertTrue(pair.ratio > 1.5 && pair.low > 1, n + " runs: ratio " + pair.ratio
                        + " [" + pair.low + ", " + pair.high + "]");
            }
            assertEquals(Arrays.asList(Arrays.asList("fast"), Arrays.asList("slow")),
                    verdict.groups(Latency.INTENDED_SEND, Percentile.P99_99));
        }
    }

    @Test
    void aMatrixOfNineSeparatesTheOddOneOutAtFiveRunsDespiteTheFalseDiscoveryCorrection() {
        final List<RunValues> subjects = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            subjects.add(subject("same" + i, 400, 5, 10 + i));
        }
        subjects.add(subject("apart", 800, 5, 99));
        final RunsVerdict verdict = RunsVerdict.of(subjects);
        assertEquals(36 * 6, verdict.pairs().size());
        for (final RunsPair pair : verdict.pairs()) {
            final boolean involvesApart = pair.a.equals("apart") || pair.b.equals("apart");
            if (involvesApart) {
                assertTrue(pair.separable, pair.a + "/" + pair.b + " p=" + pair.pValue);
                assertEquals("apart", pair.higher());
            }
        }
        final List<List<String>> groups = verdict.groups(Latency.ACTUAL_SEND, Percentile.P50);
        assertEquals(Arrays.asList("apart"), groups.get(groups.size() - 1));
    }

    @Test
    void tooFewRunsGiveNoTestAndNoSeparation() {
        final RunsVerdict verdict = RunsVerdict.of(Arrays.asList(subject("one", 300, 1, 1),
                subject("many", 900, 5, 2)));
        for (final RunsPair pair : verdict.pairs()) {
            assertTrue(Double.isNaN(pair.pValue));
            assertFalse(pair.separable);
        }
    }

    @Test
    void intervalsAreReproducible() {
        final RunsVerdict first = RunsVerdict.of(Arrays.asList(subject("a", 300, 7, 1), subject("b", 330, 7, 2)));
        final RunsVerdict second = RunsVerdict.of(Arrays.asList(subject("a", 300, 7, 1), subject("b", 330, 7, 2)));
        for (int i = 0; i < first.pairs().size(); i++) {
            assertEquals(first.pairs().get(i).low, second.pairs().get(i).low, 0);
            assertEquals(first.pairs().get(i).high, second.pairs().get(i).high, 0);
        }
    }

    @Test
    void benjaminiHochbergRejectsTheStepUpSet() {
        // m = 5, q = 0.05: thresholds 0.01, 0.02, 0.03, 0.04, 0.05; the largest k with p(k) <= k/m q is 4.
        final boolean[] rejected = Separation.discoveries(
                new double[] {0.039, 0.001, 0.5, 0.025, 0.03}, 0.05);
        assertTrue(Arrays.equals(new boolean[] {true, true, false, true, true}, rejected));
        assertFalse(Separation.discoveries(new double[] {0.02, 0.04}, 0.03)[1]);
    }

    @Test
    void aPairWhoseIntervalReachesOneIsNotSeparableHoweverSmallItsP() {
        // b's runs sit at 1; 8 of a's 20 runs do too and 12 are at 3. Welch on the logs is far below BH's
        // threshold, but a resample of a holds 11 or more of the 1s (its median is then 1) often enough that the
        // interval's low end is 1.
        final double[] one = new double[20];
        final double[] mixed = new double[20];
        Arrays.fill(one, 1);
        for (int i = 0; i < mixed.length; i++) {
            mixed[i] = i < 8 ? 1 : 3;
        }
        final RunValues a = new RunValues("a");
        final RunValues b = new RunValues("b");
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : RunsVerdict.PERCENTILES) {
                a.with(latency, percentile, mixed);
                b.with(latency, percentile, one);
            }
        }
        final List<RunsPair> pairs = RunsVerdict.of(Arrays.asList(a, b)).pairs();
        assertEquals(6, pairs.size());
        for (final RunsPair pair : pairs) {
            assertEquals(3, pair.ratio, 0);
            assertTrue(pair.pValue < Separation.FALSE_DISCOVERY_RATE / pairs.size(), "p " + pair.pValue);
            assertEquals(1, pair.low, 0);
            assertFalse(pair.separable);
        }
    }

    @Test
    void runSpreadHasTheR7Quartiles() {
        final Spread spread = Spread.of(new double[] {5, 1, 4, 2, 3, Double.NaN});
        assertEquals(5, spread.runs());
        assertEquals(3, spread.median(), 0);
        assertEquals(2, spread.q1(), 0);
        assertEquals(4, spread.q3(), 0);
        assertEquals(1, spread.min(), 0);
        assertEquals(5, spread.max(), 0);
        assertEquals(400.0 / 3, spread.variationPercent(), 1e-9);
    }
}
