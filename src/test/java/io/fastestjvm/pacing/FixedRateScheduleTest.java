package io.fastestjvm.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.fastestjvm.timing.IdleTurns;

class FixedRateScheduleTest {
    @Test
    void messageIIsDueAtStartPlusITimesTheInterval() {
        final FixedRateSchedule schedule = new FixedRateSchedule(1_000, 100_000);
        assertEquals(10_000, schedule.intervalNanos());
        assertEquals(1_000, schedule.intendedSendTimeNanos(0));
        assertEquals(11_000, schedule.intendedSendTimeNanos(1));
        assertEquals(1_000 + 10_000_000L * 10_000, schedule.intendedSendTimeNanos(10_000_000));
    }

    @Test
    void ratesThatDoNotDivideASecondDoNotDrift() {
        final FixedRateSchedule schedule = new FixedRateSchedule(0, 300_000);
        assertEquals(3_333, schedule.intervalNanos());
        // After exactly one second's worth of messages the schedule is at one second, not 300,000 x 3,333 ns.
        assertEquals(1_000_000_000L - 100, schedule.intendedSendTimeNanos(300_000), 100);
        // 3,333,333 ps per message: 100 s of messages lands within 0.1 ppm of 100 s (integer ns would be 100 ppm).
        assertEquals(99_999_990_000L, schedule.intendedSendTimeNanos(30_000_000));
    }

    @Test
    void largeSequencesDoNotOverflow() {
        final FixedRateSchedule schedule = new FixedRateSchedule(0, 1);
        assertEquals(86_400L * 1_000_000_000L * 100, schedule.intendedSendTimeNanos(86_400L * 100));
    }

    @Test
    void aLateProducerSendsAtOnceWithoutShiftingTheSchedule() {
        final long start = System.nanoTime() - 1_000_000_000L; // a second behind already
        final FixedRateSchedule schedule = new FixedRateSchedule(start, 1_000);
        final long before = System.nanoTime();
        final IdleTurns idle = new IdleTurns();
        assertEquals(start + 5_000_000, schedule.awaitIntendedSendTime(5, idle));
        assertTrue(System.nanoTime() - before < 500_000_000L, "a late message must not wait");
        idle.publish();
        assertEquals(0, idle.read(), "a late message spins no turn");
        assertEquals(start + 6_000_000, schedule.intendedSendTimeNanos(6));
    }

    @Test
    void anEarlyProducerWaitsUntilTheIntendedTime() {
        final FixedRateSchedule schedule = new FixedRateSchedule(System.nanoTime(), 100);
        final IdleTurns idle = new IdleTurns();
        final long intended = schedule.awaitIntendedSendTime(2, idle);
        assertTrue(System.nanoTime() >= intended);
        assertEquals(0, idle.read(), "nothing is visible before it is published");
        idle.publish();
        assertTrue(idle.read() > 0, "the 20 ms wait is counted in turns");
        assertTrue(intended - schedule.startNanos() == 20_000_000L);
    }

    @Test
    void aResumedScheduleHasTheSameRateAndNoBacklog() {
        final FixedRateSchedule schedule = new FixedRateSchedule(1_000, 250_000);
        final FixedRateSchedule resumed = schedule.resumedAt(4_000_000, 9_000_000_000L);
        assertEquals(9_000_000_000L, resumed.intendedSendTimeNanos(4_000_000));
        assertEquals(9_000_000_000L + 1_000_000_000L, resumed.intendedSendTimeNanos(4_250_000));
        assertEquals(schedule.intervalPicos(), resumed.intervalPicos());
    }

    @Test
    void rejectsANonPositiveRate() {
        assertThrows(IllegalArgumentException.class, () -> new FixedRateSchedule(0, 0));
    }

    @Test
    void aScheduleThatStartsMidStreamDuesItsFirstSequenceAtItsStart() {
        final FixedRateSchedule schedule = new FixedRateSchedule(5_000, 100_000, 1_000_000);
        assertEquals(5_000, schedule.intendedSendTimeNanos(1_000_000));
        assertEquals(5_000 + 10_000, schedule.intendedSendTimeNanos(1_000_001));
    }
}
