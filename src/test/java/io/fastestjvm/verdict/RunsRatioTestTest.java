package io.fastestjvm.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

class RunsRatioTestTest {
    @Test
    void theWelchIntervalIsTheTestsInterval() {
        final Random random = new Random(17);
        int separated = 0;
        for (int trial = 0; trial < 2_000; trial++) {
            final double[] a = sample(random, 2 + random.nextInt(8), 1_000 * Math.exp(0.3 * random.nextGaussian()));
            final double[] b = sample(random, 2 + random.nextInt(8), 1_000);
            final double[] welch = RunsRatioTest.welchInterval(a, b);
            final boolean excludesOne = welch[1] > 1 || welch[2] < 1;
            final double p = RunsRatioTest.pValue(a, b);
            if (Math.abs(p - (1 - Separation.CONFIDENCE)) > 1e-9) {
                assertEquals(p < 1 - Separation.CONFIDENCE, excludesOne, "p " + p + ", interval " + welch[1] + "-"
                        + welch[2]);
            }
            separated += excludesOne ? 1 : 0;
            assertTrue(welch[1] <= welch[0] && welch[0] <= welch[2]);
        }
        assertTrue(separated > 200 && separated < 1_800, "both outcomes occur: " + separated);
    }

    @Test
    void itGivesTheWidthOfThreeRunsASide() {
        // jdk17 / jdk21 of the fresh set 20261126T221258Z-vm-matrix: run p50s in ns
        final double[] welch = RunsRatioTest.welchInterval(new double[] {932, 1_012, 1_022},
                new double[] {712, 871, 1_293});
        assertEquals(1.063, welch[0], 0.0005);
        assertEquals(0.514, welch[1], 0.0005);
        assertEquals(2.200, welch[2], 0.0005);
    }

    @Test
    void itHasNoIntervalBelowTwoRunsASide() {
        assertTrue(Double.isNaN(RunsRatioTest.welchInterval(new double[] {1}, new double[] {1, 2})[1]));
        final double[] constant = RunsRatioTest.welchInterval(new double[] {2, 2}, new double[] {1, 1});
        assertEquals(2, constant[1], 1e-12);
        assertEquals(2, constant[2], 1e-12);
    }

    private static double[] sample(final Random random, final int n, final double centre) {
        final double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = centre * Math.exp(0.2 * random.nextGaussian());
        }
        return values;
    }
}
