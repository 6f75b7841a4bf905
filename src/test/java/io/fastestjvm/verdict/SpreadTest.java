package io.fastestjvm.verdict;

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
    void quartilesAreR7() {
        // R: quantile(c(1, 2, 3, 4, 10), c(.25, .75)) gives 2 and 4; of 1..4, 1.75 and 3.25
        final Spread five = Spread.of(new double[] {10, 1, 4, 2, 3});
        assertEquals(2, five.q1(), 1e-12);
        assertEquals(4, five.q3(), 1e-12);
        final Spread four = Spread.of(new double[] {4, 3, 2, 1});
        assertEquals(1.75, four.q1(), 1e-12);
        assertEquals(3.25, four.q3(), 1e-12);
    }

    @Test
    void missingFiguresAreLeftOutNotCountedAsZero() {
        final Spread spread = Spread.of(new double[] {Double.NaN, 700});
        assertEquals(1, spread.runs());
        assertEquals(700, spread.median());
        assertEquals(700, spread.min());
        assertTrue(Spread.of(new double[] {Double.NaN}).isEmpty());
    }

    @Test
    void fewerThanTwoRunsHaveNoSpread() {
        final Spread one = Spread.of(new double[] {700, Double.NaN});
        assertEquals(700, one.median());
        assertEquals(700, one.min());
        assertEquals(700, one.max());
        assertEquals(700, one.q1(), 0);
        assertEquals(700, one.q3(), 0);
        assertTrue(Double.isNaN(one.variationPercent()), "one run: no spread, not 0 %");
        final Spread none = Spread.of(new double[0]);
        assertTrue(none.isEmpty());
        assertEquals(0, none.runs());
        assertArrayEquals(new double[0], none.values());
        assertTrue(Double.isNaN(none.median()));
        assertTrue(Double.isNaN(none.min()));
        assertTrue(Double.isNaN(none.max()));
        assertTrue(Double.isNaN(none.q1()));
        assertTrue(Double.isNaN(none.q3()));
        assertTrue(Double.isNaN(none.variationPercent()));
        assertEquals(0, Spread.of(new double[] {700, 700}).variationPercent(), 0, "two equal runs: 0 %");
    }
}
