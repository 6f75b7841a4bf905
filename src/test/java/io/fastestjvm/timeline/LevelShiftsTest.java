package io.fastestjvm.timeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class LevelShiftsTest {
    /** n seconds around {@code level} with uniform noise of +-{@code noise} (a fraction), seeded. */
    private static long[] series(final int n, final long level, final double noise, final long seed) {
        final Random random = new Random(seed);
        final long[] p50 = new long[n];
        for (int i = 0; i < n; i++) {
            p50[i] = Math.round(level * (1 + noise * (2 * random.nextDouble() - 1)));
        }
        return p50;
    }

    @Test
    void peltPlacesACleanStepExactly() {
        final double[] step = new double[60];
        for (int i = 30; i < step.length; i++) {
            step[i] = 1;
        }
        assertArrayEquals(new int[] {30}, LevelShifts.pelt(step));
    }

    @Test
    void oneShiftIsFoundAtTheRightSecondWithItsLevels() {
        final long[] p50 = series(100, 210, 0.05, 1);
        final long[] high = series(78, 515, 0.05, 2);
        System.arraycopy(high, 0, p50, 22, high.length);
        final List<LevelShifts.Shift> shifts = LevelShifts.find(p50);
        assertEquals(1, shifts.size());
        assertEquals(22, shifts.get(0).at);
        assertTrue(Math.abs(shifts.get(0).fromNanos - 210) <= 6, "from " + shifts.get(0).fromNanos);
        assertTrue(Math.abs(shifts.get(0).toNanos - 515) <= 15, "to " + shifts.get(0).toNanos);
        assertTrue(shifts.get(0).changePercent() > 100);
    }

    @Test
    void aShiftUpAndBackDownGivesTwo() {
        final long[] p50 = series(100, 200, 0.03, 3);
        for (int i = 22; i < 93; i++) {
            p50[i] *= 2.5;
        }
        final List<LevelShifts.Shift> shifts = LevelShifts.find(p50);
        assertEquals(2, shifts.size());
        assertEquals(22, shifts.get(0).at);
        assertEquals(93, shifts.get(1).at);
        assertTrue(shifts.get(1).toNanos < shifts.get(1).fromNanos);
    }

    @Test
    void aFlatSeriesHasNone() {
        final long[] p50 = new long[100];
        java.util.Arrays.fill(p50, 200);
        assertEquals(0, LevelShifts.find(p50).size());
    }

    @Test
    void noiseAloneGivesNone() {
        for (long seed = 10; seed < 30; seed++) {
            assertEquals(0, LevelShifts.find(series(100, 200, 0.15, seed)).size(), "seed " + seed);
        }
    }

    @Test
    void aThreeSecondBlipIsNotAShiftButFiveSecondsAre() {
        final long[] blip = series(60, 200, 0.03, 4);
        for (int i = 30; i < 33; i++) {
            blip[i] *= 3;
        }
        assertEquals(0, LevelShifts.find(blip).size());
        final long[] plateau = series(60, 200, 0.03, 4);
        for (int i = 30; i < 35; i++) {
            plateau[i] *= 3;
        }
        final List<LevelShifts.Shift> shifts = LevelShifts.find(plateau);
        assertEquals(2, shifts.size());
        assertEquals(30, shifts.get(0).at);
        assertEquals(35, shifts.get(1).at);
    }

    @Test
    void aChangeOfTwentyPercentIsNotAShift() {
        final long[] p50 = series(60, 200, 0.02, 5);
        for (int i = 30; i < 60; i++) {
            p50[i] = Math.round(p50[i] * 1.2);
        }
        assertEquals(0, LevelShifts.find(p50).size());
    }

    @Test
    void tooShortASeriesHasNone() {
        assertEquals(0, LevelShifts.find(new long[] {200, 200, 900, 900}).size());
        assertEquals(0, LevelShifts.find(new long[0]).size());
    }
}
