package io.fastestjvm.pacing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FixedRateScheduleTest {
    @Test
    void messageIIsDueAtStartPlusITimesTheInterval() {
        final FixedRateSchedule schedule = new FixedRateSchedule(1_000, 100_000, 0);
        assertEquals(1_000, schedule.intendedSendTimeNanos(0));
        assertEquals(11_000, schedule.intendedSendTimeNanos(1));
        assertEquals(1_000 + 10_000_000L * 10_000, schedule.intendedSendTimeNanos(10_000_000));
    }

    @Test
    void ratesThatDoNotDivideASecondDoNotDrift() {
        final FixedRateSchedule schedule = new FixedRateSchedule(0, 300_000, 0);
        // After exactly one second's worth of messages the schedule is at one second, not 300,000 x 3,333 ns.
        assertEquals(1_000_000_000L - 100, schedule.intendedSendTimeNanos(300_000), 100);
        // 3,333,333 ps per message: 100 s of messages lands within 0.1 ppm of 100 s (integer ns would be 100 ppm).
        assertEquals(99_999_990_000L, schedule.intendedSendTimeNanos(30_000_000));
    }

    @Test
    void largeSequencesDoNotOverflow() {
        final FixedRateSchedule schedule = new FixedRateSchedule(0, 1, 0);
        assertEquals(86_400L * 1_000_000_000L * 100, schedule.intendedSendTimeNanos(86_400L * 100));
    }

    @Test
    void aRestartedScheduleTakesItsNewRateWithNoBacklog() {
        final FixedRateSchedule schedule = new FixedRateSchedule(1_000, 250_000, 0);
        schedule.restart(9_000_000_000L, 100_000, 4_000_000);
        assertEquals(9_000_000_000L, schedule.intendedSendTimeNanos(4_000_000));
        assertEquals(9_000_000_000L + 1_000_000_000L, schedule.intendedSendTimeNanos(4_100_000));
        assertEquals(9_000_000_000L, schedule.startNanos());
    }

    @Test
    void rejectsANonPositiveRate() {
        assertThrows(IllegalArgumentException.class, () -> new FixedRateSchedule(0, 0, 0));
        final FixedRateSchedule schedule = new FixedRateSchedule(0, 1, 0);
        assertThrows(IllegalArgumentException.class, () -> schedule.restart(0, -5, 0));
    }

    @Test
    void aScheduleThatStartsMidStreamDuesItsFirstSequenceAtItsStart() {
        final FixedRateSchedule schedule = new FixedRateSchedule(5_000, 100_000, 1_000_000);
        assertEquals(5_000, schedule.intendedSendTimeNanos(1_000_000));
        assertEquals(5_000 + 10_000, schedule.intendedSendTimeNanos(1_000_001));
    }
}
