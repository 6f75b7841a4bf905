package io.fastestjvm.statistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunVariationTest {
    @Test
    void followsJlbhsFormulaIncludingItsPrecedence() {
        // 100 * (120 - 100) / (120 + 100 / 2) = 2000 / 170
        assertEquals(11.7647, RunVariation.percent(new long[] {100, 110, 120}), 1e-4);
        // not (max - min) / mean, which would be 2000 / 110 = 18.18
        assertEquals(100.0 * 50 / (150 + 50), RunVariation.percent(new long[] {150, 100}), 1e-9);
    }

    @Test
    void identicalRunsVaryByZeroAndOneRunIsUndefined() {
        assertEquals(0.0, RunVariation.percent(new long[] {7, 7, 7}), 0);
        assertTrue(Double.isNaN(RunVariation.percent(new long[] {7})));
        assertTrue(Double.isNaN(RunVariation.percent(new long[0])));
        assertEquals(0.0, RunVariation.percent(new long[] {0, 0}), 0);
    }
}
