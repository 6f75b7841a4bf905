package io.fastestjvm.pacing;

/**
 * The producer's timetable: a late producer never shifts it, so intended send times stay free of coordinated
 * omission. Picosecond intervals keep rates that do not divide a second from drifting; restartable, so one suffices.
 */
public final class FixedRateSchedule {
    private static final long PICOS_PER_SECOND = 1_000_000_000_000L;
    private static final long PICOS_PER_NANO = 1_000L;

    private long startNanos;
    private long intervalPicos;
    private long firstSequence;

    public FixedRateSchedule(final long startNanos, final long messagesPerSecond, final long firstSequence) {
        restart(startNanos, messagesPerSecond, firstSequence);
    }

    /** A new stage or slice starts without a backlog of messages due before it. */
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
        final long offset = sequence - firstSequence;
        // offset * intervalPicos overflows past ~9.2e6 s at 1 msg/s; split into whole and fractional nanos.
        final long wholeNanos = (intervalPicos / PICOS_PER_NANO) * offset;
        final long fractionNanos = (intervalPicos % PICOS_PER_NANO) * offset / PICOS_PER_NANO;
        return startNanos + wholeNanos + fractionNanos;
    }
}
