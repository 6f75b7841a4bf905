package io.fastestjvm.timeline;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which JVM events concern the producer's or consumer's hot path. A deoptimisation is hot-path when hit on a
 * benchmark thread (or, where the thread is unknown as on JDK 8, on a hot-path class); a compilation when its method
 * was deoptimised on a benchmark thread or its class is one the send/receive loops run. By class, not call graph:
 * cheap, stable across JDKs, and it errs towards flagging. Of HdrHistogram, whose classes the reporter shares, only
 * the recording methods count.
 */
public final class HotPathRule {
    public static final List<String> BENCHMARK_THREADS = Arrays.asList("qp-producer", "qp-consumer");
    static final List<String> HOT_PATH_PREFIXES = Arrays.asList("net.openhft.", "org.agrona.", "com.lmax.disruptor.",
            "io.fastestjvm.benchmark.Producer", "io.fastestjvm.benchmark.Consumer", "io.fastestjvm.engine.",
            "io.fastestjvm.timing.PaddedCounter", "io.fastestjvm.recording.",
            "io.fastestjvm.message.", "io.fastestjvm.pacing.", "io.fastestjvm.transport.", "io.fastestjvm.calibration.");
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

    private HotPathRule() {
    }

    /** Marks every event in place. */
    public static void mark(final List<JvmEvent> events) {
        final Set<String> deoptimisedOnHotPath = new HashSet<>();
        for (final JvmEvent event : events) {
            if (JvmEvent.DEOPTIMIZATION.equals(event.kind)) {
                event.hotPath = event.thread != null ? BENCHMARK_THREADS.contains(event.thread)
                        : onHotPathClass(event.method);
                if (event.hotPath && event.method != null) {
                    deoptimisedOnHotPath.add(event.method);
                }
            }
        }
        for (final JvmEvent event : events) {
            if (JvmEvent.COMPILATION.equals(event.kind)) {
                event.hotPath = deoptimisedOnHotPath.contains(event.method) || onHotPathClass(event.method);
            }
        }
    }

    static boolean onHotPathClass(final String method) {
        return method != null && Stream.concat(HOT_PATH_PREFIXES.stream(), HDR_HISTOGRAM_RECORDING.stream())
                .anyMatch(method::startsWith);
    }
}
