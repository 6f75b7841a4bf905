package io.fastestjvm.timeline;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** The evidence fields' names, spelled once: intervals.csv columns and summary.json keys. */
public final class EvidenceColumns {
    /** The 0-based second within its phase that a row, an event or an attributed second belongs to. */
    public static final String SECOND = "second";
    public static final String JIT_COMPILATIONS = "jitCompilations";
    public static final String HOT_PATH_DEOPTS = "hotPathDeopts";
    public static final String SAFEPOINTS = "safepoints";
    public static final String SAFEPOINT_MICROS = "safepointMicros";
    public static final String MAX_TIME_TO_SAFEPOINT_MICROS = "maxTimeToSafepointMicros";
    public static final String GC_PAUSES = "gcPauses";
    public static final String STEAL_MILLIS = "stealMillis";
    public static final String INVOLUNTARY_SWITCHES_PRODUCER = "involuntarySwitchesProducer";
    public static final String INVOLUNTARY_SWITCHES_CONSUMER = "involuntarySwitchesConsumer";
    public static final String JITTER_LOST_MICROS = "jitterLostMicros";
    /** Idle-loop turns in the second: the producer's spins until due, the consumer's empty polls. */
    public static final String IDLE_TURNS_PRODUCER = "idleTurnsProducer";
    public static final String IDLE_TURNS_CONSUMER = "idleTurnsConsumer";
    /** Bytes the thread allocated in the second: a measured second with more than 0 is where a hot loop did. */
    public static final String ALLOCATED_BYTES_PRODUCER = "allocatedBytesProducer";
    public static final String ALLOCATED_BYTES_CONSUMER = "allocatedBytesConsumer";
    /** The evidence fields above, in the order of their intervals.csv columns. */
    public static final List<String> EVIDENCE = Collections.unmodifiableList(Arrays.asList(JIT_COMPILATIONS,
            HOT_PATH_DEOPTS, SAFEPOINTS, SAFEPOINT_MICROS, MAX_TIME_TO_SAFEPOINT_MICROS, GC_PAUSES, STEAL_MILLIS,
            INVOLUNTARY_SWITCHES_PRODUCER, INVOLUNTARY_SWITCHES_CONSUMER, JITTER_LOST_MICROS, IDLE_TURNS_PRODUCER,
            IDLE_TURNS_CONSUMER, ALLOCATED_BYTES_PRODUCER, ALLOCATED_BYTES_CONSUMER));

    private EvidenceColumns() {
    }
}
