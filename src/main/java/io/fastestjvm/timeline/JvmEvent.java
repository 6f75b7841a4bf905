package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.SECOND;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One compilation, deoptimisation, safepoint or GC pause, as JFR or HotSpot's logs reported it. Fields the source
 * does not give are null (text) or {@link #UNAVAILABLE} (numbers).
 */
public final class JvmEvent {
    public static final long UNAVAILABLE = -1;
    public static final String COMPILATION = "compilation";
    public static final String DEOPTIMIZATION = "deoptimization";
    public static final String SAFEPOINT = "safepoint";
    public static final String GC = "gc";

    /** The columns of {@code jvm-events.csv}. */
    public static final List<String> COLUMNS = Arrays.asList("millisSinceRunStart", "phase", SECOND, "kind",
            "method", "tier", "reason", "thread", "hotPath", "durationMicros", "timeToSafepointMicros");

    public final long epochMicros;
    public final String kind;
    /** "package.Class::method" for compilations and deoptimisations; the VM operation for safepoints. */
    public final String method;
    public final int tier;
    /** Deoptimisation reason and action ("unstable_if/reinterpret"), the GC's name and cause, or null. */
    public final String reason;
    /** The Java thread name (JFR), the native thread id (LogCompilation), or null. */
    public final String thread;
    public final long durationNanos;
    public final long timeToSafepointNanos;
    /** Set by {@link HotPathRule#mark}. */
    boolean hotPath;

    public JvmEvent(final long epochMicros, final String kind, final String method, final int tier,
                    final String reason, final String thread, final long durationNanos,
                    final long timeToSafepointNanos) {
        this.epochMicros = epochMicros;
        this.kind = kind;
        this.method = method;
        this.tier = tier;
        this.reason = reason;
        this.thread = thread;
        this.durationNanos = durationNanos;
        this.timeToSafepointNanos = timeToSafepointNanos;
    }

    /** One CSV row; {@code phase} and {@code second} come from the interval row this event fell into. */
    String[] csvCells(final long runStartEpochMillis, final String phase, final long second) {
        return new String[] {
            String.format(Locale.ROOT, "%.3f", (epochMicros - runStartEpochMillis * 1000) / 1000.0),
            phase == null ? "" : phase,
            second < 0 ? "" : Long.toString(second),
            kind,
            method == null ? "" : method,
            tier < 0 ? "" : Integer.toString(tier),
            reason == null ? "" : reason,
            thread == null ? "" : thread,
            Boolean.toString(hotPath),
            durationNanos < 0 ? "" : micros(durationNanos),
            timeToSafepointNanos < 0 ? "" : micros(timeToSafepointNanos)};
    }

    private static String micros(final long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1000.0);
    }

    @Override
    public String toString() {
        return kind + " " + method + " tier " + tier + " " + reason + " on " + thread + " at " + epochMicros;
    }
}
