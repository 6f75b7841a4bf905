package io.fastestjvm.pacing;

import io.fastestjvm.timing.IdleTurns;

/**
 * The producer's timetable: message {@code first + i} is due at {@code start + i * interval}. A late producer sends at
 * once and never shifts the schedule, so the intended send time stays the reference for coordinated-omission-free
 * latency. Intervals are kept in picoseconds so that rates which do not divide a second (e.g. 300,000 msg/s)
 * do not drift.
 */
public final class FixedRateSchedule {
    private static final long PICOS_PER_SECOND = 1_000_000_000_000L;
    private static final long PICOS_PER_NANO = 1_000L;

    private final long startNanos;
    private final long intervalPicos;
    private final long firstSequence;
    private final long messagesPerSecond;

    public FixedRateSchedule(final long startNanos, final long messagesPerSecond) {
        this(startNanos, messagesPerSecond, 0);
    }

    /** A schedule that starts at {@code firstSequence}, as each warm-up stage and the measured runs do. */
    public FixedRateSchedule(final long startNanos, final long messagesPerSecond, final long firstSequence) {
        if (messagesPerSecond <= 0) {
            throw new IllegalArgumentException("messagesPerSecond must be positive: " + messagesPerSecond);
        }
        this.startNanos = startNanos;
        this.intervalPicos = PICOS_PER_SECOND / messagesPerSecond;
        this.firstSequence = firstSequence;
        this.messagesPerSecond = messagesPerSecond;
    }

    /**
     * The same rate with message {@code sequence} due at {@code nowNanos}: resumes the timetable after a pause (the
     * placement probe) without a backlog of messages that fell due during it.
     */
    public FixedRateSchedule resumedAt(final long sequence, final long nowNanos) {
        return new FixedRateSchedule(nowNanos, messagesPerSecond, sequence);
    }

    public long startNanos() {
        return startNanos;
    }

    public long intervalPicos() {
        return intervalPicos;
    }

    /** Expected gap between messages in ns, as HdrHistogram's {@code expectedIntervalBetweenValueSamples} wants. */
    public long intervalNanos() {
        return Math.max(1, intervalPicos / PICOS_PER_NANO);
    }

    public long intendedSendTimeNanos(final long sequence) {
        return intendedSendTimeNanos(startNanos, intervalPicos, sequence - firstSequence);
    }

    /** The interval between messages at {@code messagesPerSecond}, in picoseconds. */
    public static long intervalPicos(final long messagesPerSecond) {
        return PICOS_PER_SECOND / messagesPerSecond;
    }

    /**
     * When the {@code offset}-th message after the one due at {@code startNanos} is due: the timetable as plain
     * arithmetic, for a loop that restarts it often and may not allocate a schedule each time.
     */
    public static long intendedSendTimeNanos(final long startNanos, final long intervalPicos, final long offset) {
        // offset * intervalPicos overflows past ~9.2e6 s at 1 msg/s; split into whole and fractional nanos.
        final long wholeNanos = (intervalPicos / PICOS_PER_NANO) * offset;
        final long fractionNanos = (intervalPicos % PICOS_PER_NANO) * offset / PICOS_PER_NANO;
        return startNanos + wholeNanos + fractionNanos;
    }

    /**
     * Spins until message {@code sequence} is due and returns its intended send time, counting each spin in
     * {@code idle}. Returns at once when the producer is already late. Busy-spins rather than parks: a park's
     * wake-up is tens of microseconds.
     */
    public long awaitIntendedSendTime(final long sequence, final IdleTurns idle) {
        final long intended = intendedSendTimeNanos(sequence);
        while (System.nanoTime() - intended < 0) {
            idle.turn();
        }
        return intended;
    }
}
