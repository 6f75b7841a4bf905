package io.fastestjvm.warmup;

/**
 * The one steady-state rule, for the single run's paced seconds and a comparison JVM's warm-up slices alike,
 * decided one unit at a time from that unit's counters: a unit is quiet when it had no JIT event (compilation or
 * deoptimisation) and the hot loops allocated 0 B in it; steady once {@code quietUnits} quiet units came in a
 * row, after at least {@code minUnits}. Pure: fed by {@link SteadyStateWatch} and the slice child, tested on synthetic
 * counters.
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

    /** {@code maxUnits}: the paced warm-up's upper bound, after which measurement starts regardless. */
    public SteadyStateCriterion(final int quietUnits, final int maxUnits) {
        this(quietUnits, maxUnits, 0);
    }

    /** {@code minUnits}: units before any can count as steady (a comparison's first compilations come in waves). */
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
     * One unit (a paced second, or a warm-up slice) has ended. {@code jitEvents}: compilations plus deoptimisations
     * in it (or, with only a compile-time counter, milliseconds compiled); {@code bytes}: what the hot loops allocated
     * in it. Returns the number of units after which measurement starts (at most {@code maxUnits}), or 0 while the
     * warm-up goes on.
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

    /** Units seen so far. */
    public int units() {
        return units;
    }

    /** JIT events per unit seen, oldest first. */
    public long[] jitEvents() {
        return java.util.Arrays.copyOf(jitEvents, units);
    }

    /** Hot-loop bytes per unit seen, oldest first. */
    public long[] hotLoopBytes() {
        return java.util.Arrays.copyOf(hotLoopBytes, units);
    }
}
