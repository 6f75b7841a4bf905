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
import java.util.stream.Collectors;

/**
 * The events recorded in one second besides the latencies, and the kinds that stood out: what a level shift or a
 * tail second is attributed to ("recorded in the same second", not proven cause). Rare kinds stand out whenever they
 * happen; the ones a 2-CPU machine shows in nearly every second only above {@link Background#FACTOR} times their
 * median second, or a shift would be "attributed" to what every second has.
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
     * A level shift's kind, not a second's: the floor (median per-second actual-send p1) moved by more than
     * {@link LevelShifts#MIN_CHANGE_PERCENT}% with the p50, so each message itself costs more or less (vCPUs moved,
     * or the code changed) where a pause would move only the tail. Not in {@link #KINDS}: tail seconds never get it.
     */
    public static final String FLOOR_MOVED = "floorMoved";
    /**
     * Also a level shift's: a thread's median idle-loop turns per second moved by more than
     * {@link #CPU_SPEED_CHANGE_PERCENT}% against the p50. At a fixed rate a pinned thread's turns per second are the
     * speed the host ran its vCPU at, which a busy sibling hyperthread changes without any event in the guest.
     */
    public static final String CPU_SPEED_MOVED = "cpuSpeedMoved";
    /** Steady turns per second vary 1-2% second to second (docs/level-shifts-and-tails.md): 10% is well outside. */
    public static final int CPU_SPEED_CHANGE_PERCENT = 10;
    /** The order in which the per-second kinds are listed. */
    public static final String[] KINDS = {HOT_PATH_DEOPT, JIT_COMPILATION, SAFEPOINT, GC_PAUSE, STEAL,
        CONTEXT_SWITCH, JITTER};
    /** The evidence fields that show each of {@link #KINDS}, in its order. */
    private static final String[][] FIELDS = {{HOT_PATH_DEOPTS}, {JIT_COMPILATIONS},
        {SAFEPOINTS, SAFEPOINT_MICROS, MAX_TIME_TO_SAFEPOINT_MICROS}, {GC_PAUSES}, {STEAL_MILLIS},
        {INVOLUNTARY_SWITCHES_PRODUCER, INVOLUNTARY_SWITCHES_CONSUMER}, {JITTER_LOST_MICROS}};

    private SecondEvidence() {
    }

    /** The row's evidence fields by their intervals.csv names; an unavailable field is null. */
    public static Map<String, Object> of(final IntervalRow row) {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put(SECOND, row.second);
        // summary.json's levelShifts list hotPathDeopts first, as published; a later put keeps its place
        map.put(HOT_PATH_DEOPTS, null);
        for (final String field : EvidenceColumns.EVIDENCE) {
            final long value = row.get(field);
            map.put(field, value == IntervalRow.UNAVAILABLE ? null : value);
        }
        return map;
    }

    /** The kinds of event that stood out in any of the rows against {@code background}, in {@link #KINDS} order. */
    public static List<String> kinds(final Background background, final IntervalRow... rows) {
        return Arrays.stream(KINDS).filter(kind -> Arrays.stream(rows).anyMatch(row -> row != null
                && background.standsOut(kind, row))).collect(Collectors.toCollection(ArrayList::new));
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

        Background(final List<IntervalRow> window) {
            for (final String kind : EVERY_SECOND_KINDS) {
                final long[] values = window.stream().mapToLong(row -> value(kind, row)).filter(v -> v >= 0)
                        .sorted().toArray();
                medians.put(kind, values.length == 0 ? 0 : values[values.length / 2]);
            }
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
        final int index = Arrays.asList(KINDS).indexOf(kind);
        if (index < 0) {
            throw new IllegalArgumentException(kind);
        }
        return Arrays.asList(FIELDS[index]);
    }
}
