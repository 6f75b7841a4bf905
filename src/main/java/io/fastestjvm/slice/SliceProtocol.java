package io.fastestjvm.slice;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;

/** The words of the parent-child control protocol, spelled once (docs/interleaved.md#the-control-protocol). */
public final class SliceProtocol {
    // commands, parent to child
    public static final String WARMUP = "warmup";
    public static final String SLICE = "slice";
    public static final String FINISH = "finish";
    // replies, child to parent (and ChildHandle.HELLO first, with the child's pid)
    public static final String WARMED_UP = "warmedUp";
    public static final String SLICE_DONE = "sliceDone";
    public static final String FINISHED = "finished";
    // fields
    public static final String JAVA_VERSION = "javaVersion";
    public static final String VM = "vm";
    public static final String PRODUCER_CPUS = "producerCpus";
    public static final String CONSUMER_CPUS = "consumerCpus";
    public static final String PINNING = "pinning";
    public static final String FAST_SLICES = "fastSlices";
    public static final String PACED_SLICES = "pacedSlices";
    public static final String STEADY = "steady";
    public static final String LAST_FAILURE = "lastFailure";
    /** With qp.compare.recompile: the paced slices after the recompilation, and the code cache's shift in bytes. */
    public static final String RECOMPILED_SLICES = "recompiledSlices";
    public static final String CODE_SHIFT = "codeShift";
    public static final String SENT_SO_FAR = "sentSoFar";
    public static final String WARMUP_GCS = WarmupCollections.SUMMARY_KEY;
    public static final String STRING_LITERALS = StringLiterals.SUMMARY_KEY;
    public static final String CYCLE = "cycle";
    /** Which of the JVM's queues (qp.compare.queues) the slice went through. */
    public static final String QUEUE = "queue";
    public static final String FIRST_SEQUENCE = "firstSequence";
    public static final String SLICE_MESSAGES = "sliceMessages";
    public static final String RECORDED = "recorded";
    public static final String WALL_NANOS = "wallNanos";
    /** When the slice started, the child's clock in epoch ms (its interval's start in the slice log). */
    public static final String START_MILLIS = "startMillis";
    /** When the slice started, the child's System.nanoTime (comparable only with the same JVM's). */
    public static final String START_NANOS = RunResults.Window.START_NANOS;
    public static final String FAILURE = "failure";
    public static final String ACTUAL_SEND = "actualSend";
    public static final String INTENDED_SEND = "intendedSend";
    /** Suffix of the field holding a latency's histogram, HdrHistogram's compressed encoding in base64. */
    public static final String HISTOGRAM = "Histogram";
    public static final String SLICE_EVIDENCE = "sliceEvidence";
    public static final String SENT = "sent";
    public static final String READ_BACK = "readBack";
    public static final String READ_BACK_NANOS = "readBackNanos";
    /** The percentiles of each latency in a slice reply, in this order. */
    public static final List<String> PERCENTILES = Collections.unmodifiableList(Arrays.asList("p50", "p90", "p99",
            "p99.9", "max"));
    /** More statistics after {@link #PERCENTILES}: slices.csv appends them last, so older sets still parse. */
    public static final List<String> MORE_STATISTICS = Collections.unmodifiableList(Arrays.asList("p1", "p10",
            "mean", "min"));
    /** The evidence of a slice ({@link SliceEvidence}), in this order. */
    public static final List<String> EVIDENCE = Collections.unmodifiableList(Arrays.asList("compilations",
            "invalidations", "safepoints", "safepointNanos", "gcCount", "gcMillis", "producerAllocatedBytes",
            "consumerAllocatedBytes", "producerInvoluntarySwitches", "consumerInvoluntarySwitches", "cpuNanos"));
    /** Each worker's CPU time after {@link #EVIDENCE}: slices.csv appends it last, so older sets still parse. */
    public static final List<String> MORE_EVIDENCE = Collections.unmodifiableList(Arrays.asList("producerCpuNanos",
            "consumerCpuNanos"));

    private SliceProtocol() {
    }
}
