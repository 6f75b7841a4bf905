package io.fastestjvm.pacing;

/**
 * The producer's timetable: message {@code first + i} is due at {@code start + i * interval}. A late producer sends at
 * once and never shifts the schedule, so the intended send time stays the reference for coordinated-omission-free
 * latency. Intervals are kept in picoseconds so that rates which do not divide a second (e.g. 300,000 msg/s)
 * do not drift. Restartable, so that a producer keeps one for all its stages and slices and allocates none; owned
 * by that one thread.
 */
public final class FixedRateSchedule {
    private static final long PICOS_PER_SECOND = 1_000_000_000_000L;
    private static final long PICOS_PER_NANO = 1_000L;

    private long startNanos;
    private long intervalPicos;
    private long firstSequence;

    public FixedRateSchedule(final long startNanos, final long messagesPerSecond) {
        this(startNanos, messagesPerSecond, 0);
    }

    /** A schedule that starts at {@code firstSequence}, as each warm-up stage and the measured runs do. */
    public FixedRateSchedule(final long startNanos, final long messagesPerSecond, final long firstSequence) {
        restart(startNanos, messagesPerSecond, firstSequence);
    }

    /**
     * Message {@code firstSequence} falls due at {@code startNanos}, and each next one an interval at
     * {@code messagesPerSecond} later: a new stage or slice starts without a backlog of messages that fell due before
     * it (during a collection, a placement probe, a parked slice).
     */
    public void restart(final long startNanos, final long messagesPerSecond, final long firstSequence) {
        if (messagesPerSecond <= 0) {
            throw new IllegalArgumentException("messagesPerSecond must be positive: " + messagesPerSecond);
        }
        this.startNanos = startNanos;
        this.intervalPicos = PICOS_PER_SECOND / messagesPerSecond;
        this.firstSequence = firstSequence;
    }

    public long startNanos() {
        return startNanos;
    }

    public long intendedSendTimeNanos(final long sequence) {
        return intendedSendTimeNanos(startNanos, intervalPicos, sequence - firstSequence);
    }

    /** When the {@code offset}-th message after the one due at {@code startNanos} is due. */
    private static long intendedSendTimeNanos(final long startNanos, final long intervalPicos, final long offset) {
        // offset * intervalPicos overflows past ~9.2e6 s at 1 msg/s; split into whole and fractional nanos.
        final long wholeNanos = (intervalPicos / PICOS_PER_NANO) * offset;
        final long fractionNanos = (intervalPicos % PICOS_PER_NANO) * offset / PICOS_PER_NANO;
        return startNanos + wholeNanos + fractionNanos;
    }
}
