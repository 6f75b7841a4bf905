package io.fastestjvm.results;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.zip.Deflater;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import io.fastestjvm.recording.LatencyRecorder;

/**
 * The {@code .hlog} of one latency, one histogram a second: measured intervals untagged, so HdrHistogram's tools see
 * exactly the measured samples, warm-up ones tagged {@value #WARMUP_TAG}. Seconds are kept encoded and written by
 * {@link #writePending()} or {@link #close()}, so the log writer never runs in the measured window.
 */
public final class IntervalLog implements AutoCloseable {
    public static final String WARMUP_TAG = "warmup";

    private final LatencyRecorder recorder;
    private final Path file;
    private final OutputStream stream;
    private final PrintStream out;
    private final long startMillis;
    private Histogram warmupSpare;
    private Histogram measuredSpare;
    /** Sized once: a lazy first allocation was a branch C2 compiled as never taken (a deoptimisation at warm-up). */
    private ByteBuffer encoding = ByteBuffer.allocate(LatencyRecorder.newHistogram().getNeededByteBufferCapacity());
    private final List<Second> pending = new ArrayList<>();
    private ByteBuffer compressed = ByteBuffer.allocate(encoding.capacity());
    private final StringBuilder line = new StringBuilder(encoding.capacity());

    public IntervalLog(final LatencyRecorder recorder, final Path file, final long startMillis) throws IOException {
        this(recorder, file, new FileOutputStream(file.toFile()), startMillis);
    }

    /** {@code file} null: a log into a discarding stream, as {@link ProgressReporter#rehearse} runs the path. */
    IntervalLog(final LatencyRecorder recorder, final Path file, final OutputStream stream, final long startMillis)
            throws IOException {
        this.recorder = recorder;
        // taken here so no drain passes null, a branch C2 compiled as never taken after the rehearsal
        this.warmupSpare = recorder.warmupInterval().getIntervalHistogram();
        this.measuredSpare = recorder.measuredInterval().getIntervalHistogram();
        this.file = file;
        this.stream = stream;
        this.startMillis = startMillis;
        // HistogramLogWriter prints through a PrintStream, which swallows write errors: close() checks for them.
        this.out = new PrintStream(new BufferedOutputStream(stream), false, "UTF-8");
        final HistogramLogWriter writer = new HistogramLogWriter(out);
        writer.outputComment("latency " + recorder.name() + ", nanoseconds, one interval a second");
        writer.outputLogFormatVersion();
        writer.outputStartTime(startMillis);
        writer.outputBaseTime(startMillis);
        writer.outputLegend();
    }

    /** Keeps what was recorded since the last drain pending; returns its measured part, else its warm-up part. */
    public Histogram drain() {
        warmupSpare = recorder.warmupInterval().getIntervalHistogram(warmupSpare);
        measuredSpare = recorder.measuredInterval().getIntervalHistogram(measuredSpare);
        keep(warmupSpare, true);
        keep(measuredSpare, false);
        return measuredSpare.getTotalCount() > 0 ? measuredSpare : warmupSpare;
    }

    private void keep(final Histogram interval, final boolean warmup) {
        if (interval.getTotalCount() == 0) {
            return;
        }
        final int needed = interval.getNeededByteBufferCapacity();
        if (encoding.capacity() < needed) {
            encoding = ByteBuffer.allocate(needed);
        }
        encoding.clear();
        final int length = interval.encodeIntoByteBuffer(encoding);
        pending.add(new Second(interval.getStartTimeStamp(), interval.getEndTimeStamp(), warmup,
                Arrays.copyOf(encoding.array(), length)));
    }

    /** Writes the pending seconds as log lines; each reaches the file, so a killed run's .hlog.tmp keeps them. */
    public void writePending() {
        for (final Second second : pending) {
            writeLine(second, Histogram.decodeFromByteBuffer(ByteBuffer.wrap(second.encoded), 0));
        }
        pending.clear();
        out.flush();
    }

    /**
     * One interval line, byte for byte as HdrHistogram's HistogramLogWriter writes it, but without its
     * java.util.Formatter: other code's formatting deoptimised Formatter's compiled code after the rehearsal, and the
     * recompilation a warm-up second's line then started could land in the measured window (a "Cleanup" safepoint).
     * Whole milliseconds and nanoseconds make each %.3f figure exact in integer arithmetic.
     */
    private void writeLine(final Second second, final Histogram histogram) {
        line.setLength(0);
        if (second.warmup) {
            line.append("Tag=").append(WARMUP_TAG).append(',');
        }
        thousandths(second.startMillis - startMillis).append(',');
        thousandths(second.endMillis - second.startMillis).append(',');
        // the max in milliseconds: nanoseconds to microseconds, rounded half up as %.3f rounds
        thousandths((histogram.getMaxValue() + 500) / 1000).append(',');
        if (compressed.capacity() < histogram.getNeededByteBufferCapacity()) {
            compressed = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        }
        compressed.clear();
        final int length = histogram.encodeIntoCompressedByteBuffer(compressed, Deflater.BEST_COMPRESSION);
        line.append(Base64.getEncoder().encodeToString(Arrays.copyOf(compressed.array(), length))).append('\n');
        out.append(line);
    }

    /** Appends {@code value / 1000} with three decimals, as {@code %.3f} prints it. */
    private StringBuilder thousandths(final long value) {
        final long magnitude = Math.abs(value);
        final long fraction = magnitude % 1000;
        return line.append(value < 0 ? "-" : "").append(magnitude / 1000).append('.')
                .append(fraction < 100 ? "0" : "").append(fraction < 10 ? "0" : "").append(fraction);
    }

    /** Drops the pending seconds unwritten: the rehearsal's logs keep nothing. */
    void discardPending() {
        pending.clear();
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
            writePending();
            if (file != null) {
                ResultsFolder.requireNoError(out, file.toString());
                ((FileOutputStream) stream).getFD().sync();
            }
        } finally {
            out.close();
        }
    }

    /** Closes every log that is not null, all of them even if one fails; throws the first failure. */
    public static void closeAll(final IntervalLog... logs) throws IOException {
        IOException first = null;
        for (final IntervalLog log : logs) {
            try {
                if (log != null) {
                    log.close();
                }
            } catch (final IOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** One drained second, encoded. */
    private static final class Second {
        final long startMillis;
        final long endMillis;
        final boolean warmup;
        final byte[] encoded;

        Second(final long startMillis, final long endMillis, final boolean warmup, final byte[] encoded) {
            this.startMillis = startMillis;
            this.endMillis = endMillis;
            this.warmup = warmup;
            this.encoded = encoded;
        }
    }
}
