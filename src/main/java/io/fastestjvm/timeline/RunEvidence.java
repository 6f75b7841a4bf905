package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.HOT_PATH_DEOPTS;
import static io.fastestjvm.timeline.EvidenceColumns.MAX_TIME_TO_SAFEPOINT_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINTS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINT_MICROS;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A run's JVM timeline and per-second table, joined after the run into {@code intervals.csv}, {@code jvm-events.csv}
 * and the measured-window totals.
 */
public final class RunEvidence {
    public static final String EVENTS_FILE = "jvm-events.csv";

    private final JvmTimeline timeline;
    private final IntervalTable table;
    private final long runStartEpochMillis;
    private final Map<String, String> threadNames = new HashMap<>();

    private RunEvidence(final JvmTimeline timeline, final IntervalTable table, final long runStartEpochMillis) {
        this.timeline = timeline;
        this.table = table;
        this.runStartEpochMillis = runStartEpochMillis;
    }

    /** Starts the JVM timeline unless {@code recordEvents} is false; call before the benchmark threads start. */
    public static RunEvidence start(final long measuredMessages, final long runStartEpochMillis,
                                    final boolean recordEvents) {
        return new RunEvidence(recordEvents ? JvmTimeline.start() : JvmTimeline.off(),
                new IntervalTable(measuredMessages), runStartEpochMillis);
    }

    public IntervalTable table() {
        return table;
    }

    /** Once both benchmark threads have pinned themselves (their native ids are known), before the first second. */
    public void threadsReady(final PinnedThread producer, final PinnedThread consumer,
                             final LongSupplier jitterLostNanos) {
        threadNames.put(Integer.toString(producer.tid), "qp-producer");
        threadNames.put(Integer.toString(consumer.tid), "qp-consumer");
        table.start(producer, consumer, jitterLostNanos);
    }

    /** Once both benchmark threads have ended, with the context switches each read of itself at its end. */
    public void threadsEnded(final long producerSwitches, final long consumerSwitches) {
        table.threadsEnded(producerSwitches, consumerSwitches);
    }

    /** The measured window's edges, epoch microseconds (see {@link IntervalTable#measuredWindow}). */
    public void measuredWindow(final long startEpochMicros, final long endEpochMicros) {
        table.measuredWindow(startEpochMicros, endEpochMicros);
    }

    /** After the last second was added: reads the events and fills the table's event columns. */
    public void finish(final Path scratchDir) {
        table.close();
        timeline.collect(threadNames, scratchDir);
        table.attach(timeline);
    }

    public void writeIntervals(final OutputStream out) {
        table.writeCsv(out);
    }

    public void writeEvents(final OutputStream out) {
        timeline.writeCsv(out, table, runStartEpochMillis);
    }

    public Map<String, Long> measuredTotals() {
        return table.measuredTotals();
    }

    /** Where the events came from, and why some are missing. */
    public String source() {
        return timeline.problem() == null ? timeline.source() : timeline.source() + " (" + timeline.problem() + ")";
    }

    /** The console line after the percentile table. */
    public String describe(final long jitCompileMillis, final long gcCount) {
        final Map<String, Long> t = measuredTotals();
        return String.format(Locale.ROOT, "JVM during measurement: hot-path deoptimisations %s, safepoints %s"
                        + " (stopped %s, max time to safepoint %s), GC %s, JIT %s; events from %s",
                orUnavailable(t.get(HOT_PATH_DEOPTS), ""), orUnavailable(t.get(SAFEPOINTS), ""),
                orUnavailable(t.get(SAFEPOINT_MICROS), " us"),
                orUnavailable(t.get(MAX_TIME_TO_SAFEPOINT_MICROS), " us"),
                gcCount < 0 ? "unavailable" : gcCount, jitCompileMillis < 0 ? "unavailable" : jitCompileMillis + " ms",
                source());
    }

    private static String orUnavailable(final Long value, final String unit) {
        return value == null ? "unavailable" : value + unit;
    }
}
