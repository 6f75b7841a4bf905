package io.fastestjvm.warmup;

/**
 * When the paced warm-up may end, decided one second at a time from that second's counters: steady once
 * {@code quietSeconds} seconds in a row had no JIT event (compilation or deoptimisation) and the hot loops
 * allocated 0 B in the last of them. Pure: fed by {@link SteadyStateWatch}, tested on synthetic counters.
 */
public final class SteadyStateCriterion {
    /** A counter the JVM cannot provide: never counts as quiet for JIT events, never blocks for bytes. */
    public static final long UNKNOWN = -1;

    private final int quietSeconds;
    private final int maxSeconds;
    private final long[] jitEvents;
    private final long[] hotLoopBytes;
    private int seconds;
    private int quietRun;
    private int reachedAt = -1;

    /** {@code maxSeconds}: the paced warm-up's upper bound, after which measurement starts regardless. */
    public SteadyStateCriterion(final int quietSeconds, final int maxSeconds) {
        if (quietSeconds < 1 || maxSeconds < 0) {
            throw new IllegalArgumentException("quietSeconds " + quietSeconds + ", maxSeconds " + maxSeconds);
        }
        this.quietSeconds = quietSeconds;
        this.maxSeconds = maxSeconds;
        this.jitEvents = new long[maxSeconds];
        this.hotLoopBytes = new long[maxSeconds];
    }

    /**
     * One paced second has ended. {@code jitEvents}: compilations plus deoptimisations in it (or, with only a
     * compile-time counter, milliseconds compiled); {@code bytes}: what the hot loops allocated in it.
     * Returns the number of paced seconds after which measurement starts (at most {@code maxSeconds}), or 0
     * while the warm-up goes on.
     */
    public int second(final long jitEvents, final long bytes) {
        if (seconds >= maxSeconds) {
            return maxSeconds;
        }
        this.jitEvents[seconds] = jitEvents;
        this.hotLoopBytes[seconds] = bytes;
        seconds++;
        quietRun = jitEvents == 0 ? quietRun + 1 : 0;
        if (reachedAt < 0 && quietRun >= quietSeconds && bytes <= 0) { // negative: unknown, does not block
            reachedAt = seconds;
        }
        return measureAfter();
    }

    /** The paced seconds after which measurement starts, 0 while undecided: one more second after the decision. */
    public int measureAfter() {
        if (reachedAt > 0) {
            return Math.min(reachedAt + 1, maxSeconds);
        }
        return seconds >= maxSeconds ? maxSeconds : 0;
    }

    public boolean reached() {
        return reachedAt > 0;
    }

    /** The paced second (1-based) at whose end the criterion held, -1 if it never did. */
    public int reachedAt() {
        return reachedAt;
    }

    public int quietSeconds() {
        return quietSeconds;
    }

    /** Paced seconds seen so far. */
    public int seconds() {
        return seconds;
    }

    /** JIT events per paced second seen, oldest first. */
    public long[] jitEvents() {
        return java.util.Arrays.copyOf(jitEvents, seconds);
    }

    /** Hot-loop bytes per paced second seen, oldest first. */
    public long[] hotLoopBytes() {
        return java.util.Arrays.copyOf(hotLoopBytes, seconds);
    }
}
