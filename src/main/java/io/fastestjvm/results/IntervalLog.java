package io.fastestjvm.results;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
    private final Path file;
    private final OutputStream stream;
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private Histogram warmupSpare;
    private Histogram measuredSpare;

    public IntervalLog(final LatencyRecorder recorder, final Path file, final long startMillis) throws IOException {
        this(recorder, file, new FileOutputStream(file.toFile()), startMillis);
    }

    /** A log into a discarding stream: {@link ProgressReporter#rehearse} runs the whole path without a file. */
    IntervalLog(final LatencyRecorder recorder, final OutputStream sink, final long startMillis) throws IOException {
        this(recorder, null, sink, startMillis);
    }

    private IntervalLog(final LatencyRecorder recorder, final Path file, final OutputStream stream,
                        final long startMillis) throws IOException {
        this.recorder = recorder;
        this.file = file;
        this.stream = stream;
        // HistogramLogWriter prints through a PrintStream, which swallows write errors: close() checks for them.
        this.out = new PrintStream(new BufferedOutputStream(stream), false, "UTF-8");
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
        out.flush(); // each second reaches the file: a killed run's .hlog.tmp keeps all but the last second
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

    /** Flushes and forces the log to the disk; throws if any write since the start failed (e.g. a full disk). */
    @Override
    public void close() throws IOException {
        try {
            out.flush();
            if (file != null) {
                DurableFiles.requireNoError(out, file.toString());
                ((FileOutputStream) stream).getFD().sync();
            }
        } finally {
            out.close();
        }
    }

}
