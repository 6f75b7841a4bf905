package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.SECOND;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import io.fastestjvm.recording.Latency;

/**
 * One second of a run, one row of {@code intervals.csv}: both latencies and the JVM's and machine's evidence. A field
 * this JVM or machine cannot provide holds {@link #UNAVAILABLE}, written as an empty cell.
 */
public final class IntervalRow {
    public static final long UNAVAILABLE = -1;
    public static final String WARMUP = "warmup";
    public static final String MEASURED = "measured";
    public static final List<String> COLUMNS = columns();

    /** {@link #WARMUP} or {@link #MEASURED}. */
    public String phase;
    /** 0-based second within its phase. */
    public long second;
    /** One cell group per {@link Latency}, indexed by its ordinal. */
    private final LatencySecond[] latencies = new LatencySecond[Latency.ALL.size()];
    /** Indexed as {@link EvidenceColumns#EVIDENCE}. */
    private final long[] evidence = new long[EvidenceColumns.EVIDENCE.size()];
    /** The wall-clock span this row covers, epoch microseconds, (start, end]; not CSV columns. */
    public long startEpochMicros;
    public long endEpochMicros;

    public IntervalRow() {
        for (int i = 0; i < latencies.length; i++) {
            latencies[i] = new LatencySecond();
        }
        Arrays.fill(evidence, UNAVAILABLE);
    }

    public LatencySecond latency(final Latency latency) {
        return latencies[latency.ordinal()];
    }

    /** One evidence field by its {@link EvidenceColumns} name. */
    public long get(final String field) {
        return evidence[index(field)];
    }

    public void set(final String field, final long value) {
        evidence[index(field)] = value;
    }

    private static int index(final String field) {
        final int index = EvidenceColumns.EVIDENCE.indexOf(field);
        if (index < 0) {
            throw new IllegalArgumentException("no evidence field " + field);
        }
        return index;
    }

    /** The phase and second, then {@code <key>} + each {@link LatencySecond#STATS} per latency, then the evidence. */
    private static List<String> columns() {
        final List<String> columns = new ArrayList<>(Arrays.asList("phase", SECOND));
        for (final Latency latency : Latency.ALL) {
            for (final String stat : LatencySecond.STATS) {
                columns.add(latency.key() + stat);
            }
        }
        columns.addAll(EvidenceColumns.EVIDENCE);
        return Collections.unmodifiableList(columns);
    }

    /** Whether {@code epochMicros} falls in this row's span, (start, end]. */
    boolean holds(final long epochMicros) {
        return epochMicros > startEpochMicros && epochMicros <= endEpochMicros;
    }

    public boolean measured() {
        return MEASURED.equals(phase);
    }

    /** This row's cells in {@link #COLUMNS} order; unavailable values are empty. */
    public String[] csvCells() {
        final LongStream numbers = LongStream.concat(LongStream.concat(LongStream.of(second),
                Arrays.stream(latencies).flatMapToLong(latency -> Arrays.stream(latency.values()))),
                Arrays.stream(evidence));
        return Stream.concat(Stream.of(phase), numbers.mapToObj(n -> n == UNAVAILABLE ? "" : Long.toString(n)))
                .toArray(String[]::new);
    }

    /** A row back from its {@link #csvCells()}; an empty cell, or one past an older row's end, is unavailable. */
    public static IntervalRow parse(final String[] cells) {
        final IntervalRow row = new IntervalRow();
        row.phase = cells[0];
        int at = 1;
        row.second = cell(cells, at++);
        for (final LatencySecond latency : row.latencies) {
            latency.count = cell(cells, at++);
            latency.p1 = cell(cells, at++);
            latency.p50 = cell(cells, at++);
            latency.p99 = cell(cells, at++);
            latency.max = cell(cells, at++);
        }
        for (int i = 0; i < row.evidence.length; i++) {
            row.evidence[i] = cell(cells, at++);
        }
        return row;
    }

    private static long cell(final String[] cells, final int at) {
        return at >= cells.length || cells[at].isEmpty() ? UNAVAILABLE : Long.parseLong(cells[at]);
    }

    /** One latency definition over one second, ns. */
    public static final class LatencySecond {
        /** The column suffixes, in the order of {@link #values()}. */
        static final List<String> STATS = Arrays.asList("Count", "P1", "P50", "P99", "Max");

        public long count;
        /** The floor: it moves with the p50 when each message costs more, not when a pause hits some of them. */
        public long p1;
        public long p50;
        public long p99;
        public long max;

        long[] values() {
            return new long[] {count, p1, p50, p99, max};
        }
    }
}
