package io.fastestjvm.statistics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

class OrderStatisticConfidenceTest {
    @Test
    void exactRanksForTheMedianOfOneHundredMatchTheTextbook() {
        // binomial(100, 0.5): P(B <= 39) = 0.0176, P(B <= 40) = 0.0284, P(B <= 59) = 0.9716, P(B <= 60) = 0.9824
        assertArrayEquals(new long[] {40, 61}, OrderStatisticConfidence.ranks(100, 0.5));
    }

    @Test
    void exactRanksForSmallSamples() {
        // binomial(10, 0.5): P(B <= 1) = 0.0107, P(B <= 2) = 0.0547, P(B <= 7) = 0.9453, P(B <= 8) = 0.9893
        assertArrayEquals(new long[] {2, 9}, OrderStatisticConfidence.ranks(10, 0.5));
        // binomial(20, 0.9): P(B <= 14) = 0.0113, P(B <= 15) = 0.0432; P(B <= 19) = 0.878 < 0.975: beyond n
        assertArrayEquals(new long[] {15, 21}, OrderStatisticConfidence.ranks(20, 0.9));
    }

    @Test
    void normalApproximationForLargeSamples() {
        // n = 1,000,000, p = 0.99: n*p = 990,000, 1.96 * sqrt(9,900) = 195.0138
        assertArrayEquals(new long[] {989_804, 990_197}, OrderStatisticConfidence.ranks(1_000_000, 0.99));
    }

    @Test
    void exactAndNormalRanksAgreeWhereBothApply() {
        for (final double p : new double[] {0.5, 0.9, 0.99}) {
            final long[] exact = OrderStatisticConfidence.exactRanks(10_000, p);
            final double centre = 10_000 * p;
            final double half = OrderStatisticConfidence.Z_95 * Math.sqrt(10_000 * p * (1 - p));
            assertEquals(Math.floor(centre - half), exact[0], 2, "lo at p=" + p);
            assertEquals(Math.ceil(centre + half) + 1, exact[1], 2, "hi at p=" + p);
        }
    }

    @Test
    void valuesAreTheSortedSamplesAtTheRanks() {
        final int n = 100;
        final long[] shuffled = new long[n];
        for (int i = 0; i < n; i++) {
            shuffled[i] = (i * 37 % n + 1) * 10L; // 10..1000, scrambled
        }
        final long[] sorted = OrderStatisticConfidence.sortInto(shuffled, n, new long[n]);
        final OrderStatisticConfidence median = OrderStatisticConfidence.of(sorted, n, 50);
        assertEquals(400, median.low);
        assertEquals(610, median.high);
        assertTrue(median.bounded);
        final OrderStatisticConfidence tail = OrderStatisticConfidence.of(sorted, n, 99.9);
        assertFalse(tail.bounded, "99.9% of 100 samples has no upper bound");
        assertEquals(1000, tail.high);
    }

    @Test
    void theIntervalCoversTheTrueQuantileAtLeastNinetyFivePercentOfTheTime() {
        // uniform samples on [0, 1,000,000): the true 90th percentile is 900,000
        final Random random = new Random(42);
        final int trials = 2_000;
        final int n = 200;
        int covered = 0;
        final long[] samples = new long[n];
        for (int t = 0; t < trials; t++) {
            for (int i = 0; i < n; i++) {
                samples[i] = random.nextInt(1_000_000);
            }
            Arrays.sort(samples);
            final OrderStatisticConfidence ci = OrderStatisticConfidence.of(samples, n, 90);
            if (ci.low <= 900_000 && 900_000 <= ci.high) {
                covered++;
            }
        }
        final double coverage = covered / (double) trials;
        assertTrue(coverage >= 0.94 && coverage <= 0.99, "coverage " + coverage);
    }
}
