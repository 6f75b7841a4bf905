package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The allocation check's failure names the likely cause: a GC in or just before the window; else, after a steady
 * warm-up, a path the warm-up did not run; else a short warm-up.
 */
class AllocationCheckTest {
    @Test
    void anAllocationWithAGcReachingTheWindowNamesTheGc() {
        final List<String> failures = new RunSummary.Builder().allocation(240, 0, 1, true).build().failures();
        assertEquals(1, failures.size(), failures.toString());
        final String failure = failures.get(0);
        assertTrue(failure.startsWith("measured loops allocated: producer 240 B, consumer 0 B"), failure);
        assertTrue(failure.contains("1 GC(s) in the measured window or the second before it, the likely cause:"
                + " Chronicle"), failure);
        assertFalse(failure.contains("qp.warmupSeconds"), "no advice to warm up longer: " + failure);
    }

    @Test
    void anAllocationWithoutAGcAfterAWarmUpCutShortPointsAtTheWarmUp() {
        final List<String> failures = new RunSummary.Builder().allocation(352, 0, 0, false).build().failures();
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).endsWith("so raise qp.warmupSeconds"), failures.get(0));
    }

    @Test
    void anAllocationWithoutAGcAfterASteadyWarmUpDoesNotAdviseAWarmUpThatWouldEndAtTheSamePlace() {
        final List<String> failures = new RunSummary.Builder().allocation(352, 0, 0, true).build().failures();
        assertEquals(1, failures.size(), failures.toString());
        final String failure = failures.get(0);
        assertTrue(failure.endsWith("a path the warm-up did not run allocated; jvm-events.csv lists what compiled in"
                + " the window (docs/steady-state.md#allocation-after-a-steady-warm-up-with-no-gc)"), failure);
        assertFalse(failure.contains("raise qp.warmupSeconds"), failure);
    }

    @Test
    void noAllocationNoFailure() {
        assertTrue(new RunSummary.Builder().allocation(0, 0, 3, false).build().failures().isEmpty());
    }
}
