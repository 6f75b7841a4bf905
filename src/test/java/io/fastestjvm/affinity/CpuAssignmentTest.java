package io.fastestjvm.affinity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.InvalidSettingException;

class CpuAssignmentTest {
    @Test
    void usableCpusAreGivenExactly() {
        final CpuAssignment[] plan = CpuAssignment.plan(ThreadAffinity.parseCpuList("0-7"), false, 2, 4);
        assertEquals(2, plan[0].planned());
        assertEquals(4, plan[1].planned());
        assertFalse(plan[0].isFallback());
        assertNull(plan[1].reason());
    }

    @Test
    void onTwoCpusTheDefaultsFallBackToTheHighestFreeCpusConsumerFirst() {
        final CpuAssignment[] plan = CpuAssignment.plan(ThreadAffinity.parseCpuList("0-1"), false, 2, 4);
        assertEquals("producer", plan[0].thread());
        assertEquals(0, plan[0].planned());
        assertEquals(1, plan[1].planned());
        assertTrue(plan[0].isFallback());
        assertEquals("CPU 4 is not usable by this process (usable: 0-1); pinned to CPU 1 instead",
                plan[1].reason());
    }

    @Test
    void aFallbackAvoidsTheCpuTheOtherThreadWasGiven() {
        final CpuAssignment[] plan = CpuAssignment.plan(ThreadAffinity.parseCpuList("0-3"), false, 9, 3);
        assertEquals(3, plan[1].planned());
        assertEquals(2, plan[0].planned());
    }

    @Test
    void withOneCpuAFallbackLeavesTheThreadUnpinned() {
        final CpuAssignment[] plan = CpuAssignment.plan(ThreadAffinity.parseCpuList("0"), false, 2, 4);
        assertEquals(CpuAssignment.UNPINNED, plan[0].planned());
        assertEquals(CpuAssignment.UNPINNED, plan[1].planned());
        assertTrue(plan[1].reason().endsWith("left unpinned"));
    }

    @Test
    void minusOneMeansUnpinnedAndIsNotAFallback() {
        final CpuAssignment[] plan = CpuAssignment.plan(ThreadAffinity.parseCpuList("0-1"), true, -1, 1);
        assertEquals(CpuAssignment.UNPINNED, plan[0].planned());
        assertFalse(plan[0].isFallback());
    }

    @Test
    void strictAffinityMakesAMissingCpuAnError() {
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> CpuAssignment.plan(ThreadAffinity.parseCpuList("0-1"), true, 0, 4));
        assertEquals("qp.consumerCpu: CPU 4 is not usable by this process with qp.strictAffinity=true;"
                + " accepted: -1 or one of 0-1", e.getMessage());
    }

    @Test
    void cpuListsRoundTrip() {
        assertEquals("0-3,8,10-11", ThreadAffinity.cpuList(ThreadAffinity.parseCpuList("0-3, 8,10-11")));
        assertTrue(ThreadAffinity.parseCpuList("").isEmpty());
    }
}
