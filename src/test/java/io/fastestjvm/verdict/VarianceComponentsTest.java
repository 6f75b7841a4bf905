package io.fastestjvm.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The pooled variance and phi with its F interval, against hand-computed cases. */
class VarianceComponentsTest {
    @Test
    void pooledVarianceWeighsEachSetByItsDf() {
        // 0.008 on 8 df and 0.0113333 on 12: (0.064 + 0.136) / 20 = 0.01
        assertEquals(0.01, VarianceComponents.pooledVariance(new double[] {0.008, 0.136 / 12},
                new double[] {8, 12}), 1e-15);
        assertThrows(IllegalArgumentException.class,
                () -> VarianceComponents.pooledVariance(new double[] {1}, new double[] {1, 2}));
    }

    /**
     * A block sd of 5 % on 5 df against a base of 10 % on 20: phi = 1 - 0.0025 / 0.01 = 0.75; F(5, 20) quantiles
     * 0.158014 (2.5 %) and 3.289056 (97.5 %) put the variance ratio in 0.25 / 3.289056 = 0.076010 to
     * 0.25 / 0.158014 = 1.582138, so phi in -0.582138 to 0.923990.
     */
    @Test
    void phiAndItsFInterval() {
        final Interval phi = VarianceComponents.varianceReduction(0.0025, 5, 0.01, 20, 0.95);
        assertEquals(0.75, phi.estimate(), 1e-12);
        assertEquals(-0.582138, phi.lower(), 1e-6);
        assertEquals(0.923990, phi.upper(), 1e-6);
        assertEquals(0.95, phi.confidence(), 0);
        assertThrows(IllegalArgumentException.class, () -> VarianceComponents.varianceReduction(0.1, 5, 0, 20, 0.95));
    }
}
