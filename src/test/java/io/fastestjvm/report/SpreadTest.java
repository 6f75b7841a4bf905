package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpreadTest {
    @Test
    void oddCountMedianIsTheMiddleRun() {
        final Spread spread = Spread.of(new double[] {900, 300, 500});
        assertEquals(500, spread.median());
        assertEquals(300, spread.min());
        assertEquals(900, spread.max());
        assertEquals(120, spread.variationPercent(), 1e-9);
        assertArrayEquals(new double[] {900, 300, 500}, spread.values(), "run order kept for tracing");
    }

    @Test
    void evenCountMedianIsTheMeanOfTheMiddleTwo() {
        assertEquals(450, Spread.of(new double[] {500, 400, 300, 900}).median());
    }

    @Test
    void missingFiguresAreLeftOutNotCountedAsZero() {
        final Spread spread = Spread.of(new double[] {Double.NaN, 700});
        assertEquals(700, spread.median());
        assertEquals(700, spread.min());
        assertTrue(Spread.of(new double[] {Double.NaN}).isEmpty());
    }

    @Test
    void fewerThanTwoRunsHaveNoSpreadTheSameAsRunSpread() {
        final Spread one = Spread.of(new double[] {700, Double.NaN});
        assertEquals(700, one.median());
        assertEquals(700, one.min());
        assertEquals(700, one.max());
        assertTrue(Double.isNaN(one.variationPercent()), "one run: no spread, not 0 %");
        final Spread none = Spread.of(new double[0]);
        assertTrue(none.isEmpty());
        assertTrue(Double.isNaN(none.median()));
        assertTrue(Double.isNaN(none.min()));
        assertTrue(Double.isNaN(none.max()));
        assertTrue(Double.isNaN(none.variationPercent()));
        assertEquals(0, Spread.of(new double[] {700, 700}).variationPercent(), 0, "two equal runs: 0 %");
    }
}
