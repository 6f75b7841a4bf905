package io.fastestjvm.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What was recorded in one second besides the latencies: the JVM's and the machine's events, and the kinds of
 * them that happened, which is what a level shift or a tail second can be attributed to. Attribution here means
 * "recorded in the same second", not proven cause; the docs say so.
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

    /** The kinds of event recorded in any of the rows, in {@link #KINDS} order, each once. */
    public static List<String> kinds(final IntervalRow... rows) {
        final List<String> kinds = new ArrayList<>();
        for (final String kind : KINDS) {
            for (final IntervalRow row : rows) {
                if (row != null && happened(kind, row)) {
                    kinds.add(kind);
                    break;
                }
            }
        }
        return kinds;
    }

    private static boolean happened(final String kind, final IntervalRow row) {
        switch (kind) {
            case HOT_PATH_DEOPT:
                return row.hotPathDeopts > 0;
            case JIT_COMPILATION:
                return row.jitCompilations > 0;
            case SAFEPOINT:
                return row.safepoints > 0;
            case GC_PAUSE:
                return row.gcPauses > 0;
            case STEAL:
                return row.stealMillis > 0;
            case CONTEXT_SWITCH:
                return row.involuntarySwitchesProducer > 0 || row.involuntarySwitchesConsumer > 0;
            case JITTER:
                return row.jitterLostMicros > 0;
            default:
                throw new IllegalArgumentException(kind);
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
