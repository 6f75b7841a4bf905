package io.fastestjvm.report.verdict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Fewer than two runs: no spread, the same as the report's Spread (SpreadTest). */
class RunSpreadTest {
    @Test
    void oneRunHasItsValueButNoSpread() {
        final RunSpread one = new RunSpread(new double[] {700, Double.NaN});
        assertEquals(1, one.runs());
        assertEquals(700, one.median(), 0);
        assertEquals(700, one.min(), 0);
        assertEquals(700, one.max(), 0);
        assertEquals(700, one.q1(), 0);
        assertEquals(700, one.q3(), 0);
        assertTrue(Double.isNaN(one.variationPercent()), "one run: no spread, not 0 %");
    }

    @Test
    void noRunsHaveNoFigures() {
        final RunSpread none = new RunSpread(new double[] {Double.NaN});
        assertEquals(0, none.runs());
        assertArrayEquals(new double[0], none.values());
        assertTrue(Double.isNaN(none.median()));
        assertTrue(Double.isNaN(none.min()));
        assertTrue(Double.isNaN(none.max()));
        assertTrue(Double.isNaN(none.q1()));
        assertTrue(Double.isNaN(none.q3()));
        assertTrue(Double.isNaN(none.variationPercent()));
    }

    @Test
    void twoEqualRunsVaryByZero() {
        assertEquals(0, new RunSpread(new double[] {700, 700}).variationPercent(), 0);
    }
}
