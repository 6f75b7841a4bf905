package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;
import static io.fastestjvm.timeline.EvidenceColumns.HOT_PATH_DEOPTS;
import static io.fastestjvm.timeline.EvidenceColumns.INVOLUNTARY_SWITCHES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.INVOLUNTARY_SWITCHES_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.JITTER_LOST_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.JIT_COMPILATIONS;
import static io.fastestjvm.timeline.EvidenceColumns.MAX_TIME_TO_SAFEPOINT_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINTS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINT_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.SECOND;
import static io.fastestjvm.timeline.EvidenceColumns.STEAL_MILLIS;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What was recorded in one second besides the latencies: the JVM's and the machine's events, and the kinds of
 * them that stood out, which is what a level shift or a tail second can be attributed to. Attribution here means
 * "recorded in the same second", not proven cause; the docs say so. Rare events (a hot-path deoptimisation, a
 * safepoint, a GC pause) stand out whenever they happen; the ones a 2-CPU machine shows in nearly every second
 * (JIT compilations of the harness, steal, context switches, jitter) only above {@link Background#FACTOR} times
 * their median second in the window, or a shift would be "attributed" to what every second has. Two kinds belong to
 * a level shift's two segments rather than to a second: {@link #FLOOR_MOVED} and {@link #CPU_SPEED_MOVED}.
 */
public final class SecondEvidence {
    public static final String HOT_PATH_DEOPT = "hotPathDeopt";
    public static final String JIT_COMPILATION = "jitCompilation";
    public static final String SAFEPOINT = "safepoint";
    public static final String GC_PAUSE = "gcPause";
    public static final String STEAL = "steal";
    public static final String CONTEXT_SWITCH = "contextSwitch";
    public static final String JITTER = "jitter";
    /**
     * Not a second's kind but a level shift's: the floor (the median per-second actual-send p1) of the segment after
     * the shift differs from that of the segment before by more than {@link LevelShifts#MIN_CHANGE_PERCENT}%, in the
     * same direction as the p50. A pause (safepoint, steal, preemption) delays some messages and moves the tail; when
     * the fastest messages slow down as much as the median, each message itself costs more or less: the host moved
     * the vCPUs, or the code changed (where a hot-path event is also listed). Not in {@link #KINDS}, so tail seconds
     * never get it; decided by {@link #floorMoved}.
     */
    public static final String FLOOR_MOVED = "floorMoved";
    /**
     * Also a level shift's: the median idle-loop turns per second of the producer or of the consumer
     * ({@link io.fastestjvm.timing.IdleTurns}) differ between the two segments by more than
     * {@link #CPU_SPEED_CHANGE_PERCENT}%, against the p50 (fewer turns as the latency rises, more as it falls). At a
     * fixed rate a pinned thread's idle time barely changes, so its turns per second are the speed at which the host
     * ran that vCPU: a busy sibling hyperthread, another clock or core slows every loop, the message path included,
     * and leaves no event in the guest. Decided by {@link #cpuSpeedMoved}.
     */
    public static final String CPU_SPEED_MOVED = "cpuSpeedMoved";
    /**
     * In a steady segment a thread's turns per second vary by 1-2% from one second to the next (run
     * 20261124T122752Z-java17-5747, docs/level-shifts-and-tails.md), so a 10% move is well outside that noise.
     */
    public static final int CPU_SPEED_CHANGE_PERCENT = 10;
    /** The order in which the per-second kinds are listed. */
    public static final String[] KINDS = {HOT_PATH_DEOPT, JIT_COMPILATION, SAFEPOINT, GC_PAUSE, STEAL,
        CONTEXT_SWITCH, JITTER};

    private SecondEvidence() {
    }

    /** The row's evidence fields by their intervals.csv names; an unavailable field is null. */
    public static Map<String, Object> of(final IntervalRow row) {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put(SECOND, row.second);
        // summary.json's levelShifts list hotPathDeopts first, as published; a later put keeps its place
        map.put(HOT_PATH_DEOPTS, null);
        for (final String field : IntervalRow.EVIDENCE) {
            final long value = row.get(field);
            map.put(field, value == IntervalRow.UNAVAILABLE ? null : value);
        }
        return map;
    }

    /** The kinds of event that stood out in any of the rows against {@code background}, in {@link #KINDS} order. */
    public static List<String> kinds(final Background background, final IntervalRow... rows) {
        final List<String> kinds = new ArrayList<>();
        for (final String kind : KINDS) {
            for (final IntervalRow row : rows) {
                if (row != null && background.standsOut(kind, row)) {
                    kinds.add(kind);
                    break;
                }
            }
        }
        return kinds;
    }

    /**
     * Whether a shift of the p50 medians {@code fromP50 -> toP50} is {@link #CPU_SPEED_MOVED} by one thread's median
     * idle turns per second, {@code fromTurns -> toTurns}.
     */
    public static boolean cpuSpeedMoved(final long fromP50, final long toP50, final long fromTurns,
                                        final long toTurns) {
        if (fromTurns <= 0 || toTurns <= 0 || Long.signum(fromTurns - toTurns) != Long.signum(toP50 - fromP50)) {
            return false;
        }
        return 100.0 * Math.abs(toTurns - fromTurns) / fromTurns > CPU_SPEED_CHANGE_PERCENT;
    }

    /** Whether a shift of the p50 medians {@code fromP50 -> toP50} is {@link #FLOOR_MOVED} by its p1 medians. */
    public static boolean floorMoved(final long fromP50, final long toP50, final long fromP1, final long toP1) {
        if (fromP1 <= 0 || toP1 <= 0 || Long.signum(toP1 - fromP1) != Long.signum(toP50 - fromP50)) {
            return false;
        }
        return 100.0 * Math.abs(toP1 - fromP1) / fromP1 > LevelShifts.MIN_CHANGE_PERCENT;
    }

    /** The field a kind is counted by: the first of {@link #fieldsOf}, or the larger of the two threads'. */
    private static long value(final String kind, final IntervalRow row) {
        final List<String> fields = fieldsOf(kind);
        return CONTEXT_SWITCH.equals(kind) ? Math.max(row.get(fields.get(0)), row.get(fields.get(1)))
                : row.get(fields.get(0));
    }

    /** The median second of each background kind over a window: what every second has, so explains nothing. */
    public static final class Background {
        public static final int FACTOR = 2;
        private static final List<String> EVERY_SECOND_KINDS = Arrays.asList(JIT_COMPILATION, STEAL, CONTEXT_SWITCH,
                JITTER);
        private final Map<String, Long> medians = new LinkedHashMap<>();

        private Background() {
        }

        public static Background of(final List<IntervalRow> window) {
            final Background background = new Background();
            for (final String kind : EVERY_SECOND_KINDS) {
                final long[] values = window.stream().mapToLong(row -> value(kind, row)).filter(v -> v >= 0)
                        .sorted().toArray();
                background.medians.put(kind, values.length == 0 ? 0 : values[values.length / 2]);
            }
            return background;
        }

        boolean standsOut(final String kind, final IntervalRow row) {
            final long value = value(kind, row);
            final Long median = medians.get(kind);
            return value > 0 && (median == null || value > FACTOR * median);
        }

        /** The medians, by kind, for the summary. */
        public Map<String, Long> medians() {
            return medians;
        }
    }

    /** The evidence fields that show one kind, as named by {@link #of}. */
    public static List<String> fieldsOf(final String kind) {
        switch (kind) {
            case HOT_PATH_DEOPT:
                return Arrays.asList(HOT_PATH_DEOPTS);
            case JIT_COMPILATION:
                return Arrays.asList(JIT_COMPILATIONS);
            case SAFEPOINT:
                return Arrays.asList(SAFEPOINTS, SAFEPOINT_MICROS, MAX_TIME_TO_SAFEPOINT_MICROS);
            case GC_PAUSE:
                return Arrays.asList(GC_PAUSES);
            case STEAL:
                return Arrays.asList(STEAL_MILLIS);
            case CONTEXT_SWITCH:
                return Arrays.asList(INVOLUNTARY_SWITCHES_PRODUCER, INVOLUNTARY_SWITCHES_CONSUMER);
            case JITTER:
                return Arrays.asList(JITTER_LOST_MICROS);
            default:
                throw new IllegalArgumentException(kind);
        }
    }
}
