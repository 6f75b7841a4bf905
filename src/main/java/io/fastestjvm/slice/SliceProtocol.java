package io.fastestjvm.slice;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;

import io.fastestjvm.control.ControlMessage;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;
import org.HdrHistogram.Histogram;

/**
 * The words of the parent-child control protocol, spelled once (docs/interleaved.md#the-control-protocol), and a
 * slice as a {@link MeasuredWindow}, as the warm JVM sends it in its reply and the comparison reads it back.
 */
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

    /** One slice's window: {@code before} and {@code after} are {@link SliceEvidence} readings around it. */
    static MeasuredWindow window(final long startMillis, final long startNanos, final long wallNanos,
                                 final SliceWorkers.Histograms histograms, final long[] before, final long[] after) {
        final MeasuredWindow.Builder window = MeasuredWindow.startingAt(startMillis, startNanos, wallNanos)
                .histogram(Latency.ACTUAL_SEND, histograms.actualSend)
                .histogram(Latency.INTENDED_SEND, histograms.intendedSend);
        group(window, SliceEvidence.delta(before, after));
        return window.build();
    }

    /** {@code reply} with the fields that carry {@code window}; its evidence as one map, as the parent reads it. */
    public static ControlMessage withWindow(final ControlMessage reply, final MeasuredWindow window) {
        final Map<String, Object> evidence = new LinkedHashMap<>(window.counters());
        ControlMessage withHistograms = reply;
        for (final Latency latency : Latency.ALL) {
            withHistograms = withHistograms.with(latency.key() + HISTOGRAM,
                    encode(window.histogram(latency)));
        }
        return withHistograms.with(START_MILLIS, window.startEpochMillis())
                .with(START_NANOS, window.startNanos())
                .with(WALL_NANOS, window.lengthNanos())
                .with(SLICE_EVIDENCE, evidence);
    }

    /** The window a slice reply's fields carry, with {@code around}: what the parent sampled around the slice. */
    @SuppressWarnings("unchecked")
    public static MeasuredWindow readWindow(final Map<String, Object> reply, final Map<String, Long> around)
            throws IOException {
        final MeasuredWindow.Builder window = MeasuredWindow.startingAt(number(reply, START_MILLIS),
                number(reply, START_NANOS), number(reply, WALL_NANOS));
        for (final Latency latency : Latency.ALL) {
            window.histogram(latency, decode((String) reply.get(latency.key() + HISTOGRAM)));
        }
        group(window, (Map<String, Object>) reply.get(SLICE_EVIDENCE));
        around.forEach(window::interference);
        return window.build();
    }

    /** The evidence's counters in the window's groups: JVM activity, then allocation, then the rest interference. */
    private static void group(final MeasuredWindow.Builder window, final Map<String, Object> evidence) {
        for (final Map.Entry<String, Object> counter : evidence.entrySet()) {
            final int at = EVIDENCE.indexOf(counter.getKey());
            final long value = ((Number) counter.getValue()).longValue();
            if (at >= 0 && at < SliceEvidence.PRODUCER_BYTES) {
                window.jvm(counter.getKey(), value);
            } else if (at >= 0 && at <= SliceEvidence.CONSUMER_BYTES) {
                window.allocation(counter.getKey(), value);
            } else {
                window.interference(counter.getKey(), value);
            }
        }
    }

    private static long number(final Map<String, Object> reply, final String name) {
        return ((Number) reply.get(name)).longValue();
    }

    /** A latency's {@link SliceProtocol#PERCENTILES}, then its {@link SliceProtocol#MORE_STATISTICS}, in ns. */
    public static Map<String, Object> percentiles(final Histogram histogram) {
        final Map<String, Object> values = new LinkedHashMap<>();
        final double[] at = {50, 90, 99, 99.9};
        for (int i = 0; i < at.length; i++) {
            values.put(PERCENTILES.get(i), histogram.getValueAtPercentile(at[i]));
        }
        values.put(PERCENTILES.get(at.length), histogram.getMaxValue());
        values.put(MORE_STATISTICS.get(0), histogram.getValueAtPercentile(1));
        values.put(MORE_STATISTICS.get(1), histogram.getValueAtPercentile(10));
        values.put(MORE_STATISTICS.get(2), Math.round(histogram.getMean()));
        values.put(MORE_STATISTICS.get(3), histogram.getMinValue());
        return values;
    }

    /** HdrHistogram's compressed encoding in base64, as its log format carries each interval. */
    static String encode(final Histogram histogram) {
        final ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        final int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    private static Histogram decode(final String base64) throws IOException {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (final DataFormatException e) {
            throw new IOException("a slice's histogram does not decode: " + e, e);
        }
    }
}
