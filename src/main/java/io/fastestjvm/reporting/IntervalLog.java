package io.fastestjvm.reporting;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import io.fastestjvm.recording.LatencyRecorder;

/**
 * The {@code .hlog} of one latency: one histogram a second, readable by HdrHistogram's HistogramLogReader and
 * HistogramLogProcessor. Measured intervals are untagged, so the standard tools see exactly the measured samples;
 * warm-up intervals carry the tag {@value #WARMUP_TAG} so a chart can still show the warm-up ending.
 */
public final class IntervalLog implements AutoCloseable {
    public static final String WARMUP_TAG = "warmup";

    private final LatencyRecorder recorder;
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private Histogram warmupSpare;
    private Histogram measuredSpare;

    public IntervalLog(final LatencyRecorder recorder, final Path file, final long startMillis) throws IOException {
        this.recorder = recorder;
        this.out = new PrintStream(file.toFile(), "UTF-8");
        this.writer = new HistogramLogWriter(out);
        writer.outputComment("latency " + recorder.name() + ", nanoseconds, one interval a second");
        writer.outputLogFormatVersion();
        writer.setBaseTime(startMillis);
        writer.outputStartTime(startMillis);
        writer.outputBaseTime(startMillis);
        writer.outputLegend();
    }

    /** Writes whatever was recorded since the last drain and returns the measured part, or the warm-up part. */
    public Histogram drain() {
        warmupSpare = recorder.warmupInterval().getIntervalHistogram(warmupSpare);
        measuredSpare = recorder.measuredInterval().getIntervalHistogram(measuredSpare);
        if (warmupSpare.getTotalCount() > 0) {
            warmupSpare.setTag(WARMUP_TAG);
            writer.outputIntervalHistogram(warmupSpare);
        }
        if (measuredSpare.getTotalCount() > 0) {
            writer.outputIntervalHistogram(measuredSpare);
        }
        return measuredSpare.getTotalCount() > 0 ? measuredSpare : warmupSpare;
    }

    /** The warm-up part of the last {@link #drain()}; valid until the next drain. */
    public Histogram lastWarmup() {
        return warmupSpare;
    }

    /** The measured part of the last {@link #drain()}; valid until the next drain. */
    public Histogram lastMeasured() {
        return measuredSpare;
    }

    @Override
    public void close() {
        out.close();
    }

}
