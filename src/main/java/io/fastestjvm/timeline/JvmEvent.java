package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.SECOND;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

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
    public static final List<String> BENCHMARK_THREADS = Arrays.asList("qp-producer", "qp-consumer");
    static final List<String> HOT_PATH_PREFIXES = Arrays.asList("net.openhft.", "org.agrona.", "com.lmax.disruptor.",
            "io.fastestjvm.benchmark.Producer", "io.fastestjvm.benchmark.Consumer",
            "io.fastestjvm.benchmark.PinnedWorker", "io.fastestjvm.engine.",
            "io.fastestjvm.timing.PaddedCounter", "io.fastestjvm.recording.", "io.fastestjvm.message.",
            "io.fastestjvm.pacing.", "io.fastestjvm.transport.", "io.fastestjvm.calibration.");
    /** What LatencyRecorder.record runs of HdrHistogram: recording a value, and the phaser around the recorder's. */
    static final List<String> HDR_HISTOGRAM_RECORDING = Arrays.asList(
            "org.HdrHistogram.SingleWriterRecorder::record", "org.HdrHistogram.WriterReaderPhaser::writer",
            "org.HdrHistogram.AbstractHistogram::recordValue",
            "org.HdrHistogram.AbstractHistogram::recordSingleValue",
            "org.HdrHistogram.AbstractHistogram::recordCountAtValue",
            "org.HdrHistogram.AbstractHistogram::updateM", "org.HdrHistogram.AbstractHistogram::updatedMaxValue",
            "org.HdrHistogram.AbstractHistogram::countsArrayIndex",
            "org.HdrHistogram.AbstractHistogram::getBucketIndex",
            "org.HdrHistogram.AbstractHistogram::getSubBucketIndex",
            "org.HdrHistogram.AbstractHistogram::handleRecordException",
            "org.HdrHistogram.Histogram::incrementCountAtIndex", "org.HdrHistogram.Histogram::incrementTotalCount",
            "org.HdrHistogram.Histogram::addToCountAtIndex");

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
    /** Set by {@link #markHotPath}. */
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

    /**
     * The hot path rule, marking every event in place: a deoptimisation is hot-path when hit on a benchmark thread
     * (or, where the thread is unknown as on JDK 8, on a hot-path class); a compilation when its method was
     * deoptimised on a benchmark thread or its class is one the send/receive loops run. By class, not call graph:
     * cheap, stable across JDKs, and it errs towards flagging. Of HdrHistogram, whose classes the reporter shares,
     * only the recording methods count.
     */
    public static void markHotPath(final List<JvmEvent> events) {
        final Set<String> deoptimisedOnHotPath = new HashSet<>();
        for (final JvmEvent event : events) {
            if (DEOPTIMIZATION.equals(event.kind)) {
                event.hotPath = event.thread != null ? BENCHMARK_THREADS.contains(event.thread)
                        : onHotPathClass(event.method);
                if (event.hotPath && event.method != null) {
                    deoptimisedOnHotPath.add(event.method);
                }
            }
        }
        for (final JvmEvent event : events) {
            if (COMPILATION.equals(event.kind)) {
                event.hotPath = deoptimisedOnHotPath.contains(event.method) || onHotPathClass(event.method);
            }
        }
    }

    static boolean onHotPathClass(final String method) {
        return method != null && Stream.concat(HOT_PATH_PREFIXES.stream(), HDR_HISTOGRAM_RECORDING.stream())
                .anyMatch(method::startsWith);
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
