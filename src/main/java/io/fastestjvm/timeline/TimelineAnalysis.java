package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;
import static io.fastestjvm.timeline.EvidenceColumns.HOT_PATH_DEOPTS;
import static io.fastestjvm.timeline.EvidenceColumns.IDLE_TURNS_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.IDLE_TURNS_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.INVOLUNTARY_SWITCHES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.INVOLUNTARY_SWITCHES_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.JITTER_LOST_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.JIT_COMPILATIONS;
import static io.fastestjvm.timeline.EvidenceColumns.MAX_TIME_TO_SAFEPOINT_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINTS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINT_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.SECOND;
import static io.fastestjvm.timeline.EvidenceColumns.STEAL_MILLIS;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.fastestjvm.recording.Latency;

/**
 * What moved the latency in a run's measured seconds: the {@link LevelShifts} of the actual-send p50 and the
 * {@value #TAIL_SECONDS} seconds with the highest max, each with its evidence, as summary sections and console lines.
 * <p>
 * A second's evidence is the events recorded in it besides the latencies; a level shift or a tail second is attributed
 * to the kinds that stood out ("recorded in the same second", not proven cause). Rare kinds stand out whenever they
 * happen; the ones a 2-CPU machine shows in nearly every second only above {@link #BACKGROUND_FACTOR} times their
 * median second, or a shift would be "attributed" to what every second has.
 */
public final class TimelineAnalysis {
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
    public static final String[] KINDS = {HOT_PATH_DEOPT, JIT_COMPILATION, SAFEPOINT, GC_PAUSE, STEAL, CONTEXT_SWITCH,
        JITTER};
    /** The evidence fields that show each of {@link #KINDS}, in its order. */
    private static final String[][] FIELDS = {{HOT_PATH_DEOPTS}, {JIT_COMPILATIONS},
        {SAFEPOINTS, SAFEPOINT_MICROS, MAX_TIME_TO_SAFEPOINT_MICROS}, {GC_PAUSES}, {STEAL_MILLIS},
        {INVOLUNTARY_SWITCHES_PRODUCER, INVOLUNTARY_SWITCHES_CONSUMER}, {JITTER_LOST_MICROS}};

    public static final int BACKGROUND_FACTOR = 2;
    private static final List<String> EVERY_SECOND_KINDS = Arrays.asList(JIT_COMPILATION, STEAL, CONTEXT_SWITCH,
            JITTER);
    public static final int TAIL_SECONDS = 10;
    private static final String FROM_P1 = "fromP1Nanos";
    private static final String TO_P1 = "toP1Nanos";
    /** Per thread: the median idle turns per second of the segments before and after a shift, by thread. */
    private static final String[] FROM_TURNS = {"fromIdleTurnsProducer", "fromIdleTurnsConsumer"};
    private static final String[] TO_TURNS = {"toIdleTurnsProducer", "toIdleTurnsConsumer"};
    private static final String[] THREADS = {"producer", "consumer"};
    /** The kinds that belong to a shift's two segments, not to a second. */
    private static final List<String> SEGMENT_KINDS = Arrays.asList(FLOOR_MOVED, CPU_SPEED_MOVED);

    private final List<IntervalRow> measured;
    /** The per-second actual-send p1 (the floor), for {@link #FLOOR_MOVED}. */
    private final long[] p1;
    /** The per-second idle turns of the producer [0] and the consumer [1], for {@link #CPU_SPEED_MOVED}. */
    private final long[][] idleTurns;
    private final List<LevelShifts.Shift> shifts;
    /** The median second of each background kind: what every second has, so explains nothing. */
    private final Map<String, Long> backgroundMedians = new LinkedHashMap<>();

    private TimelineAnalysis(final List<IntervalRow> measured) {
        this.measured = measured;
        this.p1 = measured.stream().mapToLong(row -> row.latency(Latency.ACTUAL_SEND).p1).toArray();
        this.idleTurns = Stream.of(IDLE_TURNS_PRODUCER, IDLE_TURNS_CONSUMER)
                .map(field -> measured.stream().mapToLong(row -> row.get(field)).toArray()).toArray(long[][]::new);
        this.shifts = LevelShifts.find(measured.stream().mapToLong(row -> row.latency(Latency.ACTUAL_SEND).p50)
                .toArray());
        for (final String kind : EVERY_SECOND_KINDS) {
            final long[] values = measured.stream().mapToLong(row -> value(kind, row)).filter(v -> v >= 0).sorted()
                    .toArray();
            backgroundMedians.put(kind, values.length == 0 ? 0 : values[values.length / 2]);
        }
    }

    /** Analyses the measured rows among {@code rows} that received messages, in order of their second. */
    public static TimelineAnalysis of(final List<IntervalRow> rows) {
        return new TimelineAnalysis(rows.stream()
                .filter(row -> row.measured() && row.latency(Latency.ACTUAL_SEND).count > 0
                        && row.latency(Latency.ACTUAL_SEND).p50 > 0)
                .sorted(Comparator.comparingLong(row -> row.second))
                .collect(Collectors.toList()));
    }

    /** Each shift with its segments' medians and the evidence of its second and the one before, attributed. */
    public List<Map<String, Object>> levelShifts() {
        final List<Map<String, Object>> list = new ArrayList<>();
        for (final LevelShifts.Shift shift : shifts) {
            final IntervalRow at = measured.get(shift.at);
            final IntervalRow before = measured.get(shift.at - 1);
            final Map<String, Object> node = new LinkedHashMap<>();
            node.put(SECOND, at.second);
            node.put("fromNanos", shift.fromNanos);
            node.put("toNanos", shift.toNanos);
            node.put("changePercent", Math.round(shift.changePercent() * 10) / 10.0);
            final long fromP1 = shift.medianBefore(p1);
            final long toP1 = shift.medianAfter(p1);
            node.put(FROM_P1, fromP1);
            node.put(TO_P1, toP1);
            boolean speedMoved = false;
            for (int t = 0; t < THREADS.length; t++) {
                final long from = shift.medianBefore(idleTurns[t]);
                final long to = shift.medianAfter(idleTurns[t]);
                node.put(FROM_TURNS[t], from < 0 ? null : from);
                node.put(TO_TURNS[t], to < 0 ? null : to);
                speedMoved |= cpuSpeedMoved(shift.fromNanos, shift.toNanos, from, to);
            }
            node.put("evidence", evidenceOf(at));
            node.put("evidenceSecondBefore", evidenceOf(before));
            final List<String> kinds = kinds(before, at);
            if (floorMoved(shift.fromNanos, shift.toNanos, fromP1, toP1)) {
                kinds.add(FLOOR_MOVED);
            }
            if (speedMoved) {
                kinds.add(CPU_SPEED_MOVED);
            }
            node.put("attributedTo", kinds);
            list.add(node);
        }
        return list;
    }

    /** The seconds with the highest actual-send max, highest first (earlier second first on a tie). */
    public List<Map<String, Object>> tailSeconds() {
        return measured.stream()
                .sorted(Comparator.comparingLong((IntervalRow row) -> row.latency(Latency.ACTUAL_SEND).max)
                        .reversed()
                        .thenComparingLong(row -> row.second))
                .limit(TAIL_SECONDS)
                .map(row -> {
                    final Map<String, Object> node = new LinkedHashMap<>();
                    node.put(SECOND, row.second);
                    node.put("actualSendMaxNanos", row.latency(Latency.ACTUAL_SEND).max);
                    node.put("actualSendP99Nanos", row.latency(Latency.ACTUAL_SEND).p99);
                    node.put("actualSendP50Nanos", row.latency(Latency.ACTUAL_SEND).p50);
                    node.put("intendedSendMaxNanos", row.latency(Latency.INTENDED_SEND).max);
                    node.put("evidence", evidenceOf(row));
                    node.put("attributedTo", kinds(row));
                    return node;
                })
                .collect(Collectors.toList());
    }

    public int unattributedShifts() {
        return (int) levelShifts().stream().filter(s -> ((List<?>) s.get("attributedTo")).isEmpty()).count();
    }

    /** The top-level summary sections, by key. */
    public Map<String, Object> summarySections() {
        final Map<String, Object> analysis = new LinkedHashMap<>();
        analysis.put("series", "per-second actual-send p50 of the measured window");
        analysis.put("method", LevelShifts.METHOD + ", on the log of the p50");
        analysis.put("rule", LevelShifts.RULE);
        analysis.put("secondsAnalysed", measured.size());
        analysis.put("shifts", shifts.size());
        analysis.put("unattributed", unattributedShifts());
        analysis.put("attribution", "rare events (hot-path deoptimisation, safepoint, GC pause) when they happen;"
                + " JIT compilations, steal, context switches and jitter only above " + BACKGROUND_FACTOR + " x their"
                + " median second; " + FLOOR_MOVED + " (a property of the two segments, not of a second) when the"
                + " median per-second actual-send p1 of the segment after the shift differs from that of the segment"
                + " before by more than " + LevelShifts.MIN_CHANGE_PERCENT + "% in the same direction as the p50: the"
                + " fastest messages slowed down or sped up with the median, so the cost of each message changed"
                + " (host placement of the vCPUs, or code where a hot-path event is also listed), where a pause would"
                + " move only the tail; " + CPU_SPEED_MOVED + " (also of the two segments) when the median idle-loop"
                + " turns per second of the producer or the consumer moved by more than " + CPU_SPEED_CHANGE_PERCENT
                + "% against the p50: the host ran that vCPU slower or faster");
        analysis.put("medianSecond", backgroundMedians);
        final Map<String, Object> sections = new LinkedHashMap<>();
        sections.put("levelShifts", levelShifts());
        sections.put("levelShiftAnalysis", analysis);
        sections.put("tailSeconds", tailSeconds());
        return sections;
    }

    /** The console read-out: each shift with its attribution, then the tail seconds. */
    public void print(final PrintStream out) {
        if (measured.isEmpty()) {
            out.println("level shifts and tail seconds: no per-second rows to analyse");
            return;
        }
        out.println(String.format(Locale.ROOT, "level shifts in the per-second actual-send p50 (%s): %s",
                LevelShifts.RULE.replace("a change of more than", ">").replace(" between segment medians,", ","),
                shifts.isEmpty() ? "none in " + measured.size() + " measured seconds" : shifts.size()
                        + (unattributedShifts() > 0 ? ", " + unattributedShifts() + " NOT attributed" : "")));
        for (final Map<String, Object> shift : levelShifts()) {
            out.println(String.format(Locale.ROOT, "  at measured second %d: %,d -> %,d ns (%+.0f%%), %s",
                    shift.get(SECOND), shift.get("fromNanos"), shift.get("toNanos"), shift.get("changePercent"),
                    attribution(shift)));
        }
        out.println("the " + Math.min(TAIL_SECONDS, measured.size())
                + " measured seconds with the highest actual-send max:");
        out.println("  second     max ns     p99 ns  recorded in it");
        for (final Map<String, Object> tail : tailSeconds()) {
            out.println(String.format(Locale.ROOT, "  %6d %10d %10d  %s", tail.get(SECOND),
                    tail.get("actualSendMaxNanos"), tail.get("actualSendP99Nanos"),
                    ((List<?>) tail.get("attributedTo")).isEmpty() ? "nothing" : describe(tail)));
        }
    }

    /** What a shift is attributed to, in words. */
    private static String attribution(final Map<String, Object> shift) {
        final List<?> kinds = (List<?>) shift.get("attributedTo");
        final String floor = String.format(Locale.ROOT, "p1 %,d -> %,d ns", shift.get(FROM_P1), shift.get(TO_P1));
        final String speed = "idle-loop turns per second " + turns(shift, 0) + ", " + turns(shift, 1);
        if (kinds.isEmpty()) {
            return "NOT attributed: nothing recorded in that second or the one before, the floor did not move with it"
                    + " (" + floor + "), nor the CPUs' speed (" + speed + ")";
        }
        final List<String> parts = new ArrayList<>();
        if (kinds.stream().anyMatch(kind -> !SEGMENT_KINDS.contains(kind))) {
            parts.add("recorded in that second or the one before: " + describe(shift));
        }
        if (kinds.contains(FLOOR_MOVED)) {
            parts.add("the floor moved too: " + floor + "; the cost of each message changed (host placement of the"
                    + " vCPUs, or code where a hot-path event is also listed)");
        }
        if (kinds.contains(CPU_SPEED_MOVED)) {
            parts.add("the CPUs' speed moved too: " + speed + "; the host ran a vCPU slower or faster");
        }
        return String.join("; ", parts);
    }

    /** "producer 33.6 M -> 29.5 M (-12%)", or "producer n/a" where the run did not record its idle turns. */
    private static String turns(final Map<String, Object> shift, final int thread) {
        final Long from = (Long) shift.get(FROM_TURNS[thread]);
        final Long to = (Long) shift.get(TO_TURNS[thread]);
        if (from == null || to == null || from <= 0) {
            return THREADS[thread] + " n/a";
        }
        return String.format(Locale.ROOT, "%s %.1f M -> %.1f M (%+.0f%%)", THREADS[thread], from / 1e6, to / 1e6,
                100.0 * (to - from) / from);
    }

    /** "safepoint (safepoints 2, safepointMicros 150), contextSwitch (...)" from a shift's or tail's evidence. */
    @SuppressWarnings("unchecked")
    private static String describe(final Map<String, Object> item) {
        final Map<String, Object> evidence = (Map<String, Object>) item.get("evidence");
        final Map<String, Object> before = (Map<String, Object>) item.get("evidenceSecondBefore");
        return ((List<?>) item.get("attributedTo")).stream()
                .filter(kind -> !SEGMENT_KINDS.contains(kind)) // a segment property, said in words by attribution()
                .map(kind -> kind + " (" + fields(kind.toString(), evidence)
                        + (before == null ? "" : "; second before: " + fields(kind.toString(), before)) + ")")
                .collect(Collectors.joining(", "));
    }

    private static String fields(final String kind, final Map<String, Object> evidence) {
        return fieldsOf(kind).stream().map(key -> key + " " + evidence.get(key))
                .collect(Collectors.joining(", "));
    }

    /** The row's evidence fields by their intervals.csv names; an unavailable field is null. */
    public static Map<String, Object> evidenceOf(final IntervalRow row) {
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

    /** The kinds of event that stood out in any of the rows against the background, in {@link #KINDS} order. */
    private List<String> kinds(final IntervalRow... rows) {
        return Arrays.stream(KINDS).filter(kind -> Arrays.stream(rows).anyMatch(row -> row != null
                && standsOut(kind, row))).collect(Collectors.toCollection(ArrayList::new));
    }

    private boolean standsOut(final String kind, final IntervalRow row) {
        final long value = value(kind, row);
        final Long median = backgroundMedians.get(kind);
        return value > 0 && (median == null || value > BACKGROUND_FACTOR * median);
    }

    /**
     * Whether a shift of the p50 medians {@code fromP50 -> toP50} is {@link #CPU_SPEED_MOVED} by one thread's median
     * idle turns per second, {@code fromTurns -> toTurns}: fewer turns with a rise.
     */
    public static boolean cpuSpeedMoved(final long fromP50, final long toP50, final long fromTurns,
                                        final long toTurns) {
        return movedWith(fromP50 - toP50, fromTurns, toTurns, CPU_SPEED_CHANGE_PERCENT);
    }

    /** Whether a shift of the p50 medians {@code fromP50 -> toP50} is {@link #FLOOR_MOVED} by its p1 medians. */
    public static boolean floorMoved(final long fromP50, final long toP50, final long fromP1, final long toP1) {
        return movedWith(toP50 - fromP50, fromP1, toP1, LevelShifts.MIN_CHANGE_PERCENT);
    }

    /** Whether {@code from -> to} (both recorded) moved the way {@code step} points by more than {@code percent}. */
    private static boolean movedWith(final long step, final long from, final long to, final int percent) {
        return from > 0 && to > 0 && Long.signum(to - from) == Long.signum(step)
                && 100.0 * Math.abs(to - from) / from > percent;
    }

    /** The field a kind is counted by: the first of {@link #fieldsOf}, or the larger of the two threads'. */
    private static long value(final String kind, final IntervalRow row) {
        final List<String> fields = fieldsOf(kind);
        return CONTEXT_SWITCH.equals(kind) ? Math.max(row.get(fields.get(0)), row.get(fields.get(1)))
                : row.get(fields.get(0));
    }

    /** The evidence fields that show one kind, as named by {@link #evidenceOf}. */
    public static List<String> fieldsOf(final String kind) {
        final int index = Arrays.asList(KINDS).indexOf(kind);
        if (index < 0) {
            throw new IllegalArgumentException(kind);
        }
        return Arrays.asList(FIELDS[index]);
    }
}
