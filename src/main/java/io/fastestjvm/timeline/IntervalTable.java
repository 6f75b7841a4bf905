package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_PRODUCER;
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
import static io.fastestjvm.timeline.EvidenceColumns.STEAL_MILLIS;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import org.HdrHistogram.Histogram;

import io.fastestjvm.audit.CpuTimes;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.recording.Latency;

/**
 * The per-second evidence table, {@code intervals.csv}: one row per phase per drain of the interval logs, so the
 * second the warm-up ended gives a warm-up and a measured row. Counter columns are filled as rows are added, event
 * columns by {@link #attach} after the run; a run's table also holds its JVM timeline, {@code jvm-events.csv}.
 */
public final class IntervalTable {
    public static final String FILE_NAME = "intervals.csv";
    public static final String EVENTS_FILE = "jvm-events.csv";

    private final long measuredMessages;
    private final Map<String, String> threadNames = new HashMap<>();
    private long runStartEpochMillis;
    private final List<IntervalRow> rows = new ArrayList<>();
    private SecondSampler sampler;
    private SecondSampler.Sample previous;
    private long warmupSeconds;
    private long measuredSeconds;
    private long measuredSoFar;
    private JvmTimeline timeline;
    private long windowStartEpochMicros = -1;
    private long windowEndEpochMicros = -1;

    /** {@code measuredMessages}: how many measured samples a complete run records (ends the table). */
    public IntervalTable(final long measuredMessages) {
        this.measuredMessages = measuredMessages;
    }

    /** A run's table; starts the JVM timeline unless {@code recordEvents} is false: call before its threads start. */
    public static IntervalTable forRun(final long measuredMessages, final long runStartEpochMillis,
                                       final boolean recordEvents) {
        final IntervalTable table = new IntervalTable(measuredMessages);
        table.runStartEpochMillis = runStartEpochMillis;
        table.timeline = recordEvents ? JvmTimeline.start() : JvmTimeline.off();
        return table;
    }

    /**
     * Takes the first sample, once both benchmark threads have pinned themselves (their native ids are known);
     * {@code jitterLostNanos} null: probe off.
     */
    public synchronized void start(final PinnedThread producer, final PinnedThread consumer,
                                   final LongSupplier jitterLostNanos) {
        threadNames.put(Integer.toString(producer.tid), "qp-producer");
        threadNames.put(Integer.toString(consumer.tid), "qp-consumer");
        start(new SecondSampler(JvmCounters.open(), SystemFiles.live(), producer, consumer, jitterLostNanos,
                System::currentTimeMillis));
    }

    synchronized void start(final SecondSampler secondSampler) {
        this.sampler = secondSampler;
        this.previous = sampler.sample();
    }

    /** The benchmark threads' own final context-switch counts, for the seconds after their /proc entries went. */
    public synchronized void threadsEnded(final long producerSwitches, final long consumerSwitches) {
        if (sampler != null) {
            sampler.threadsEnded(producerSwitches, consumerSwitches);
        }
    }

    /** One drain, indexed by {@link Latency#ordinal()}; all count the same messages, so the first decides the phase. */
    public synchronized void addSecond(final Histogram[] warmupByLatency, final Histogram[] measuredByLatency) {
        if (sampler == null) {
            return;
        }
        final SecondSampler.Sample now = sampler.sample();
        final boolean warmup = warmupByLatency[0].getTotalCount() > 0;
        final boolean measured = measuredByLatency[0].getTotalCount() > 0;
        // nothing received for a whole second: a stall, which is evidence too, a row of the phase it fell in
        final boolean stall = !warmup && !measured && measuredSoFar < measuredMessages;
        if (warmup || (stall && measuredSoFar == 0)) {
            add(IntervalRow.WARMUP, warmupSeconds++, warmupByLatency, now);
        }
        if (measured || (stall && measuredSoFar > 0)) {
            add(IntervalRow.MEASURED, measuredSeconds++, measuredByLatency, now);
            measuredSoFar += measuredByLatency[0].getTotalCount();
        }
        previous = now;
    }

    private void add(final String phase, final long second, final Histogram[] byLatency,
                     final SecondSampler.Sample now) {
        final IntervalRow row = new IntervalRow();
        row.phase = phase;
        row.second = second;
        for (final Latency latency : Latency.ALL) {
            fill(row.latency(latency), byLatency[latency.ordinal()]);
        }
        row.startEpochMicros = previous.epochMicros;
        row.endEpochMicros = now.epochMicros;
        row.set(JIT_COMPILATIONS, delta(previous.compilations, now.compilations));
        row.set(SAFEPOINTS, delta(previous.safepoints, now.safepoints));
        final long safepointNanos = delta(previous.safepointNanos, now.safepointNanos);
        row.set(SAFEPOINT_MICROS, safepointNanos < 0 ? IntervalRow.UNAVAILABLE : safepointNanos / 1000);
        final long steal = delta(previous.stealTicks, now.stealTicks);
        // no Math.round: its branch for 0, taken in nearly every second, left C2 code that deoptimised in the
        // first second with any steal
        row.set(STEAL_MILLIS, steal < 0 ? IntervalRow.UNAVAILABLE : steal * CpuTimes.MILLIS_PER_TICK);
        row.set(INVOLUNTARY_SWITCHES_PRODUCER, delta(previous.producerSwitches, now.producerSwitches));
        row.set(INVOLUNTARY_SWITCHES_CONSUMER, delta(previous.consumerSwitches, now.consumerSwitches));
        final long jitter = delta(previous.jitterLostNanos, now.jitterLostNanos);
        row.set(JITTER_LOST_MICROS, jitter < 0 ? IntervalRow.UNAVAILABLE : jitter / 1000);
        row.set(IDLE_TURNS_PRODUCER, delta(previous.producerIdleTurns, now.producerIdleTurns));
        row.set(IDLE_TURNS_CONSUMER, delta(previous.consumerIdleTurns, now.consumerIdleTurns));
        row.set(ALLOCATED_BYTES_PRODUCER, delta(previous.producerAllocatedBytes, now.producerAllocatedBytes));
        row.set(ALLOCATED_BYTES_CONSUMER, delta(previous.consumerAllocatedBytes, now.consumerAllocatedBytes));
        rows.add(row);
    }

    private static void fill(final IntervalRow.LatencySecond cell, final Histogram histogram) {
        cell.count = histogram.getTotalCount();
        cell.p1 = cell.count == 0 ? 0 : histogram.getValueAtPercentile(1);
        cell.p50 = cell.count == 0 ? 0 : histogram.getValueAtPercentile(50);
        cell.p99 = cell.count == 0 ? 0 : histogram.getValueAtPercentile(99);
        cell.max = cell.count == 0 ? 0 : histogram.getMaxValue();
    }

    /**
     * One test of both signs, not two: the rehearsal takes both ways of it, but not "read before, gone after", which
     * only a run's last seconds see (a thread that ended), and C2 compiled that second test as a trap.
     */
    private static long delta(final long before, final long after) {
        return (before | after) < 0 ? IntervalRow.UNAVAILABLE : after - before;
    }

    /** No more seconds: releases the /proc channels. */
    public synchronized void close() {
        if (sampler != null) {
            sampler.close();
        }
    }

    /** A run's table, after the last second was added: reads the events and fills the event columns. */
    public void finish(final Path scratchDir) {
        close();
        timeline.collect(threadNames, scratchDir);
        attach(timeline);
    }

    /** Writes {@code jvm-events.csv}: every event, with the phase and second of the row it fell in. */
    public void writeEvents(final OutputStream out) {
        writeCsv(out, JvmEvent.COLUMNS, timeline.events().stream().map(event -> {
            final IntervalRow row = rowAt(event.epochMicros);
            return event.csvCells(runStartEpochMillis, row == null ? null : row.phase, row == null ? -1 : row.second);
        }).collect(Collectors.toList()));
    }

    /** Where a run's events came from, and why some are missing. */
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

    /** Fills the event columns; where the perf counters were unavailable, counts compilations and safepoints too. */
    public synchronized void attach(final JvmTimeline timeline) {
        this.timeline = timeline;
        final boolean safepointEvents = timeline.provides(JvmEvent.SAFEPOINT);
        for (final IntervalRow row : rows) {
            final EventCounts counts = new EventCounts(timeline, row::holds);
            row.set(HOT_PATH_DEOPTS, timeline.provides(JvmEvent.DEOPTIMIZATION) ? counts.deopts
                    : IntervalRow.UNAVAILABLE);
            row.set(GC_PAUSES, timeline.provides(JvmEvent.GC) ? counts.gcPauses : IntervalRow.UNAVAILABLE);
            row.set(MAX_TIME_TO_SAFEPOINT_MICROS,
                    safepointEvents ? counts.maxTimeToSafepointNanos / 1000 : IntervalRow.UNAVAILABLE);
            if (row.get(JIT_COMPILATIONS) == IntervalRow.UNAVAILABLE && timeline.provides(JvmEvent.COMPILATION)) {
                row.set(JIT_COMPILATIONS, counts.compilations);
            }
            if (row.get(SAFEPOINTS) == IntervalRow.UNAVAILABLE && safepointEvents) {
                row.set(SAFEPOINTS, counts.safepoints);
                row.set(SAFEPOINT_MICROS, counts.safepointNanos / 1000);
            }
        }
    }

    public synchronized List<IntervalRow> rows() {
        return Collections.unmodifiableList(new ArrayList<>(rows));
    }

    /** The row whose span holds {@code epochMicros}; of a warm-up/measured pair, the measured one. */
    public synchronized IntervalRow rowAt(final long epochMicros) {
        return rows.stream().filter(row -> row.holds(epochMicros)).reduce((first, second) -> second).orElse(null);
    }

    /**
     * The measured window's edges, epoch microseconds: rows cover whole seconds (the first holds the warm-up's end),
     * but events can be cut there, so the totals count what happened between the two, as a bare run does.
     */
    public synchronized void measuredWindow(final long startEpochMicros, final long endEpochMicros) {
        this.windowStartEpochMicros = startEpochMicros;
        this.windowEndEpochMicros = endEpochMicros;
    }

    /**
     * Totals for {@code checks.jvmDuringMeasurement}: from the events inside the window's edges where known, else
     * over the measured rows; null where any measured row lacks the value (unavailable is not 0).
     */
    public synchronized Map<String, Long> measuredTotals() {
        final EventCounts window = timeline == null || windowStartEpochMicros < 0
                || windowEndEpochMicros < windowStartEpochMicros ? null
                : new EventCounts(timeline, at -> at >= windowStartEpochMicros && at <= windowEndEpochMicros);
        final Map<String, Long> totals = new LinkedHashMap<>();
        totals.put(HOT_PATH_DEOPTS, window != null && timeline.provides(JvmEvent.DEOPTIMIZATION)
                ? Long.valueOf(window.deopts) : total(HOT_PATH_DEOPTS));
        if (window != null && timeline.provides(JvmEvent.SAFEPOINT)) {
            totals.put(SAFEPOINTS, window.safepoints);
            totals.put(SAFEPOINT_MICROS, window.safepointNanos / 1000);
            totals.put(MAX_TIME_TO_SAFEPOINT_MICROS, window.maxTimeToSafepointNanos / 1000);
        } else {
            for (final String field : Arrays.asList(SAFEPOINTS, SAFEPOINT_MICROS, MAX_TIME_TO_SAFEPOINT_MICROS)) {
                totals.put(field, total(field));
            }
        }
        return totals;
    }

    /** The measured seconds' steal, involuntary context switches and jitter lost; null where unavailable. */
    public synchronized Map<String, Long> measuredInterference() {
        final Map<String, Long> totals = new LinkedHashMap<>();
        for (final String field : Arrays.asList(STEAL_MILLIS, INVOLUNTARY_SWITCHES_PRODUCER,
                INVOLUNTARY_SWITCHES_CONSUMER, JITTER_LOST_MICROS)) {
            totals.put(field, total(field));
        }
        return totals;
    }

    /** The sum over the measured rows (the largest, for the max time to safepoint); null if any lacks it. */
    private Long total(final String field) {
        final boolean max = MAX_TIME_TO_SAFEPOINT_MICROS.equals(field);
        long total = 0;
        boolean any = false;
        for (final IntervalRow row : rows) {
            if (!row.measured()) {
                continue;
            }
            final long value = row.get(field);
            if (value == IntervalRow.UNAVAILABLE) {
                return null;
            }
            total = max ? Math.max(total, value) : total + value;
            any = true;
        }
        return any ? total : null;
    }

    /** Writes the table as CSV, header {@link IntervalRow#COLUMNS}. */
    public synchronized void writeCsv(final OutputStream out) {
        writeCsv(out, IntervalRow.COLUMNS, rows.stream().map(IntervalRow::csvCells).collect(Collectors.toList()));
    }

    /** A CSV file: the header, then one line per row, each cell quoted where it holds a comma or a quote. */
    private static void writeCsv(final OutputStream out, final List<String> columns, final List<String[]> rows) {
        final PrintWriter csv = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        csv.println(String.join(",", columns));
        for (final String[] cells : rows) {
            csv.println(Arrays.stream(cells).map(IntervalTable::csvEscape).collect(Collectors.joining(",")));
        }
        csv.flush();
    }

    /** The rows of an intervals.csv that {@link #writeCsv} wrote; none when the run has no such file. */
    public static List<IntervalRow> readCsv(final Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return new ArrayList<>();
        }
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().skip(1)
                .map(line -> IntervalRow.parse(line.split(",", -1))).collect(Collectors.toList());
    }

    private static String csvEscape(final String cell) {
        return cell.contains(",") || cell.contains("\"") ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell;
    }

    /** What the events at the times {@code inSpan} accepts add up to, for the event columns. */
    private static final class EventCounts {
        long deopts;
        long compilations;
        long safepoints;
        long safepointNanos;
        long maxTimeToSafepointNanos;
        long gcPauses;

        EventCounts(final JvmTimeline timeline, final LongPredicate inSpan) {
            for (final JvmEvent event : timeline.events()) {
                if (!inSpan.test(event.epochMicros)) {
                    continue;
                }
                if (JvmEvent.DEOPTIMIZATION.equals(event.kind) && event.hotPath) {
                    deopts++;
                } else if (JvmEvent.COMPILATION.equals(event.kind)) {
                    compilations++;
                } else if (JvmEvent.SAFEPOINT.equals(event.kind)) {
                    safepoints++;
                    safepointNanos += Math.max(0, event.durationNanos);
                    maxTimeToSafepointNanos = Math.max(maxTimeToSafepointNanos, event.timeToSafepointNanos);
                } else if (JvmEvent.GC.equals(event.kind) && event.durationNanos != 0) {
                    gcPauses++;
                }
            }
        }
    }
}
