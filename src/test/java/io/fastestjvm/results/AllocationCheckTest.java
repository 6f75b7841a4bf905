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
        final List<String> failures = new RunSummary.Builder().allocation(240, 0, null, 1, true).build().failures();
        assertEquals(1, failures.size(), failures.toString());
        final String failure = failures.get(0);
        assertTrue(failure.startsWith("measured loops allocated: producer 240 B, consumer 0 B"), failure);
        assertTrue(failure.contains("1 GC(s) in the measured window or the second before it, the likely cause:"
                + " Chronicle"), failure);
        assertFalse(failure.contains("qp.warmupSeconds"), "no advice to warm up longer: " + failure);
    }

    @Test
    void anAllocationWithoutAGcAfterAWarmUpCutShortPointsAtTheWarmUp() {
        final List<String> failures = new RunSummary.Builder().allocation(352, 0, null, 0, false).build().failures();
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).endsWith("so raise qp.warmupSeconds"), failures.get(0));
    }

    @Test
    void anAllocationWithoutAGcAfterASteadyWarmUpDoesNotAdviseAWarmUpThatWouldEndAtTheSamePlace() {
        final List<String> failures = new RunSummary.Builder().allocation(352, 0, null, 0, true).build().failures();
        assertEquals(1, failures.size(), failures.toString());
        final String failure = failures.get(0);
        assertTrue(failure.endsWith("a path the warm-up did not run allocated, or a compilation the thread requested"
                + " in the window resolved literals there; jvm-events.csv lists what compiled in the window"
                + " (docs/steady-state.md#allocation-after-a-steady-warm-up-with-no-gc)"), failure);
        assertFalse(failure.contains("raise qp.warmupSeconds"), failure);
    }

    @Test
    void theFailureNamesTheMeasuredSecondsTheTimelineSawTheAllocationIn() {
        final List<String> failures = new RunSummary.Builder()
                .allocation(352, 0, "producer in measured second 9 (352 B)", 0, true).build().failures();
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).startsWith("measured loops allocated: producer 352 B, consumer 0 B (-1: not"
                + " measurable on this JVM), producer in measured second 9 (352 B); no GC reached the window"),
                failures.get(0));
    }

    @Test
    void noAllocationNoFailure() {
        assertTrue(new RunSummary.Builder().allocation(0, 0, null, 3, false).build().failures().isEmpty());
    }
}
