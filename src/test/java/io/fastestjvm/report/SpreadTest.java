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
}
