package io.fastestjvm.warmup;

/**
 * The one steady-state rule, for the single run's paced seconds and a comparison JVM's warm-up slices alike,
 * decided one unit at a time from that unit's counters: a unit is quiet when it had no JIT event (compilation or
 * deoptimisation) and the hot loops allocated 0 B in it; steady once {@code quietSeconds} quiet units came in a
 * row, after at least {@code minUnits}. Pure: fed by {@link SteadyStateWatch} and the slice child, tested on synthetic
 * counters.
 */
public final class SteadyStateCriterion {
    /** A counter the JVM cannot provide: never counts as quiet for JIT events, never blocks for bytes. */
    public static final long UNKNOWN = -1;

    private final int quietSeconds;
    private final int maxSeconds;
    private final int minUnits;
    private final long[] jitEvents;
    private final long[] hotLoopBytes;
    private int seconds;
    private int quietRun;
    private int reachedAt = -1;

    /** {@code maxSeconds}: the paced warm-up's upper bound, after which measurement starts regardless. */
    public SteadyStateCriterion(final int quietSeconds, final int maxSeconds) {
        this(quietSeconds, maxSeconds, 0);
    }

    /** {@code minUnits}: units before any can count as steady (a comparison's first compilations come in waves). */
    public SteadyStateCriterion(final int quietSeconds, final int maxSeconds, final int minUnits) {
        if (quietSeconds < 1 || maxSeconds < 0 || minUnits < 0) {
            throw new IllegalArgumentException("quietSeconds " + quietSeconds + ", maxSeconds " + maxSeconds
                    + ", minUnits " + minUnits);
        }
        this.quietSeconds = quietSeconds;
        this.maxSeconds = maxSeconds;
        this.minUnits = minUnits;
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
        quietRun = quiet(jitEvents, bytes) ? quietRun + 1 : 0;
        if (reachedAt < 0 && holds()) {
            reachedAt = seconds;
        }
        return measureAfter();
    }

    /** A unit without JIT events and without allocation; unknown bytes (negative) do not block, unknown JIT does. */
    public static boolean quiet(final long jitEvents, final long bytes) {
        return jitEvents == 0 && bytes <= 0;
    }

    /** True while the units seen end in the quiet stretch; unlike {@link #reached}, a later loud unit undoes it. */
    public boolean holds() {
        return quietRun >= quietSeconds && seconds >= minUnits;
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
