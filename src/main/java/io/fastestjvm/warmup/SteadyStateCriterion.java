package io.fastestjvm.warmup;

/**
 * The one steady-state rule, for a run's paced seconds and a comparison's warm-up slices: a unit is quiet with no
 * JIT event and 0 B allocated by the hot loops; steady after {@code quietUnits} quiet in a row, past {@code minUnits}.
 */
public final class SteadyStateCriterion {
    /** A counter the JVM cannot provide: never counts as quiet for JIT events, never blocks for bytes. */
    public static final long UNKNOWN = -1;

    private final int quietUnits;
    private final int maxUnits;
    private final int minUnits;
    private final long[] jitEvents;
    private final long[] hotLoopBytes;
    private int units;
    private int quietRun;
    private int reachedAt = -1;

    /** {@code maxUnits}: the upper bound; {@code minUnits}: units before any can count (compilations come in waves). */
    public SteadyStateCriterion(final int quietUnits, final int maxUnits, final int minUnits) {
        if (quietUnits < 1 || maxUnits < 0 || minUnits < 0) {
            throw new IllegalArgumentException("quietUnits " + quietUnits + ", maxUnits " + maxUnits
                    + ", minUnits " + minUnits);
        }
        this.quietUnits = quietUnits;
        this.maxUnits = maxUnits;
        this.minUnits = minUnits;
        this.jitEvents = new long[maxUnits];
        this.hotLoopBytes = new long[maxUnits];
    }

    /**
     * One unit has ended: its JIT events (or ms compiled, with only a time counter) and hot-loop bytes. Returns the
     * units after which measurement starts, or 0 while the warm-up goes on.
     */
    public int unit(final long jitEvents, final long bytes) {
        if (units >= maxUnits) {
            return maxUnits;
        }
        this.jitEvents[units] = jitEvents;
        this.hotLoopBytes[units] = bytes;
        units++;
        quietRun = quiet(jitEvents, bytes) ? quietRun + 1 : 0;
        if (reachedAt < 0 && holds()) {
            reachedAt = units;
        }
        return measureAfter();
    }

    /** A unit without JIT events and without allocation; unknown bytes (negative) do not block, unknown JIT does. */
    public static boolean quiet(final long jitEvents, final long bytes) {
        return jitEvents == 0 && bytes <= 0;
    }

    /** True while the units seen end in the quiet stretch; unlike {@link #reached}, a later loud unit undoes it. */
    public boolean holds() {
        return quietRun >= quietUnits && units >= minUnits;
    }

    /** The units after which measurement starts, 0 while undecided: one more unit after the decision. */
    public int measureAfter() {
        if (reachedAt > 0) {
            return Math.min(reachedAt + 1, maxUnits);
        }
        return units >= maxUnits ? maxUnits : 0;
    }

    public boolean reached() {
        return reachedAt > 0;
    }

    /** The unit (1-based) at whose end the criterion held, -1 if it never did. */
    public int reachedAt() {
        return reachedAt;
    }

    public int quietUnits() {
        return quietUnits;
    }

    public int units() {
        return units;
    }

    public long[] jitEvents() {
        return java.util.Arrays.copyOf(jitEvents, units);
    }

    public long[] hotLoopBytes() {
        return java.util.Arrays.copyOf(hotLoopBytes, units);
    }
}
