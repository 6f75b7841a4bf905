package io.fastestjvm.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

class IntervalTest {
    @Test
    void knownValues() {
        // 0 of 10: upper 1 - 0.025^(1/10) = 0.3085; 10 of 10 mirrors it
        assertEquals(0.3085, Interval.binomialShare(0, 10, 0.95).upper(), 1e-4);
        assertEquals(0, Interval.binomialShare(0, 10, 0.95).lower(), 0);
        assertEquals(1 - 0.3085, Interval.binomialShare(10, 10, 0.95).lower(), 1e-4);
        // 6 of 15: 0.1634-0.6771 (Clopper-Pearson, as tabulated)
        final Interval six = Interval.binomialShare(6, 15, 0.95);
        assertEquals(0.4, six.estimate(), 1e-12);
        assertEquals(0.1634, six.lower(), 1e-4);
        assertEquals(0.6771, six.upper(), 1e-4);
        assertThrows(IllegalArgumentException.class, () -> Interval.binomialShare(3, 2, 0.95));
    }

    /** Exact coverage: for each true p, the binomial probability of the k whose interval holds p is at least 95 %. */
    @Test
    void coversAtLeastItsConfidenceForEveryP() {
        for (final int n : new int[] {6, 12, 30}) {
            for (double p = 0.02; p < 1; p += 0.04) {
                final BinomialDistribution binomial = new BinomialDistribution(n, p);
                double coverage = 0;
                for (int k = 0; k <= n; k++) {
                    final Interval interval = Interval.binomialShare(k, n, 0.95);
                    coverage += interval.lower() <= p && p <= interval.upper() ? binomial.probability(k) : 0;
                }
                assertTrue(coverage >= 0.95 - 1e-9, "n " + n + ", p " + p + ": " + coverage);
            }
        }
    }
}
