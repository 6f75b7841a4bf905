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

import java.util.Arrays;
import java.util.List;

/**
 * One second of a run, warm-up or measured: what both latencies did and what happened to the JVM and the machine
 * in that second. One row of {@code intervals.csv}; the level-shift and tail-attribution analyses read these rows.
 * A field that this JVM or machine cannot provide holds {@link #UNAVAILABLE} and is written as an empty cell.
 */
public final class IntervalRow {
    public static final long UNAVAILABLE = -1;
    public static final String WARMUP = "warmup";
    public static final String MEASURED = "measured";

    /** The CSV columns, in order; {@link #csvCells()} writes the same order. */
    public static final List<String> COLUMNS = Arrays.asList("phase", SECOND,
            "actualSendCount", "actualSendP50", "actualSendP99", "actualSendMax",
            "intendedSendCount", "intendedSendP50", "intendedSendP99", "intendedSendMax",
            JIT_COMPILATIONS, HOT_PATH_DEOPTS, SAFEPOINTS, SAFEPOINT_MICROS, MAX_TIME_TO_SAFEPOINT_MICROS,
            GC_PAUSES, STEAL_MILLIS, INVOLUNTARY_SWITCHES_PRODUCER, INVOLUNTARY_SWITCHES_CONSUMER,
            JITTER_LOST_MICROS);

    /** {@link #WARMUP} or {@link #MEASURED}. */
    public String phase;
    /** 0-based second within its phase. */
    public long second;
    public final LatencySecond actualSend = new LatencySecond();
    public final LatencySecond intendedSend = new LatencySecond();
    public long jitCompilations = UNAVAILABLE;
    public long hotPathDeopts = UNAVAILABLE;
    public long safepoints = UNAVAILABLE;
    public long safepointMicros = UNAVAILABLE;
    public long maxTimeToSafepointMicros = UNAVAILABLE;
    public long gcPauses = UNAVAILABLE;
    public long stealMillis = UNAVAILABLE;
    public long involuntarySwitchesProducer = UNAVAILABLE;
    public long involuntarySwitchesConsumer = UNAVAILABLE;
    public long jitterLostMicros = UNAVAILABLE;
    /** The wall-clock span this row covers, epoch microseconds, (start, end]; not CSV columns. */
    public long startEpochMicros;
    public long endEpochMicros;

    public boolean measured() {
        return MEASURED.equals(phase);
    }

    /** This row's cells in {@link #COLUMNS} order; unavailable values are empty. */
    public String[] csvCells() {
        final long[] numbers = {second,
                actualSend.count, actualSend.p50, actualSend.p99, actualSend.max,
                intendedSend.count, intendedSend.p50, intendedSend.p99, intendedSend.max,
                jitCompilations, hotPathDeopts, safepoints, safepointMicros, maxTimeToSafepointMicros,
                gcPauses, stealMillis, involuntarySwitchesProducer, involuntarySwitchesConsumer, jitterLostMicros};
        final String[] cells = new String[numbers.length + 1];
        cells[0] = phase;
        for (int i = 0; i < numbers.length; i++) {
            cells[i + 1] = numbers[i] == UNAVAILABLE ? "" : Long.toString(numbers[i]);
        }
        return cells;
    }

    /** One latency definition over one second, ns. */
    public static final class LatencySecond {
        public long count;
        public long p50;
        public long p99;
        public long max;
    }
}
