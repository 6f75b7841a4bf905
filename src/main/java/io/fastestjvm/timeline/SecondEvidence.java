package io.fastestjvm.timeline;

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
 * their median second in the window, or a shift would be "attributed" to what every second has.
 */
public final class SecondEvidence {
    public static final String HOT_PATH_DEOPT = "hotPathDeopt";
    public static final String JIT_COMPILATION = "jitCompilation";
    public static final String SAFEPOINT = "safepoint";
    public static final String GC_PAUSE = "gcPause";
    public static final String STEAL = "steal";
    public static final String CONTEXT_SWITCH = "contextSwitch";
    public static final String JITTER = "jitter";
    /** The order in which kinds are listed. */
    public static final String[] KINDS = {HOT_PATH_DEOPT, JIT_COMPILATION, SAFEPOINT, GC_PAUSE, STEAL,
        CONTEXT_SWITCH, JITTER};

    private SecondEvidence() {
    }

    /** The row's evidence fields by their intervals.csv names; an unavailable field is null. */
    public static Map<String, Object> of(final IntervalRow row) {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("second", row.second);
        put(map, "hotPathDeopts", row.hotPathDeopts);
        put(map, "jitCompilations", row.jitCompilations);
        put(map, "safepoints", row.safepoints);
        put(map, "safepointMicros", row.safepointMicros);
        put(map, "maxTimeToSafepointMicros", row.maxTimeToSafepointMicros);
        put(map, "gcPauses", row.gcPauses);
        put(map, "stealMillis", row.stealMillis);
        put(map, "involuntarySwitchesProducer", row.involuntarySwitchesProducer);
        put(map, "involuntarySwitchesConsumer", row.involuntarySwitchesConsumer);
        put(map, "jitterLostMicros", row.jitterLostMicros);
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

    private static long value(final String kind, final IntervalRow row) {
        switch (kind) {
            case HOT_PATH_DEOPT:
                return row.hotPathDeopts;
            case JIT_COMPILATION:
                return row.jitCompilations;
            case SAFEPOINT:
                return row.safepoints;
            case GC_PAUSE:
                return row.gcPauses;
            case STEAL:
                return row.stealMillis;
            case CONTEXT_SWITCH:
                return Math.max(row.involuntarySwitchesProducer, row.involuntarySwitchesConsumer);
            case JITTER:
                return row.jitterLostMicros;
            default:
                throw new IllegalArgumentException(kind);
        }
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
                return Arrays.asList("hotPathDeopts");
            case JIT_COMPILATION:
                return Arrays.asList("jitCompilations");
            case SAFEPOINT:
                return Arrays.asList("safepoints", "safepointMicros", "maxTimeToSafepointMicros");
            case GC_PAUSE:
                return Arrays.asList("gcPauses");
            case STEAL:
                return Arrays.asList("stealMillis");
            case CONTEXT_SWITCH:
                return Arrays.asList("involuntarySwitchesProducer", "involuntarySwitchesConsumer");
            case JITTER:
                return Arrays.asList("jitterLostMicros");
            default:
                throw new IllegalArgumentException(kind);
        }
    }

    private static void put(final Map<String, Object> map, final String key, final long value) {
        map.put(key, value == IntervalRow.UNAVAILABLE ? null : value);
    }
}
