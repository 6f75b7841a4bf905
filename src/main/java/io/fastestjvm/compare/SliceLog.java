package io.fastestjvm.compare;

import java.io.Closeable;
import java.io.File;
import java.io.FileNotFoundException;

import io.fastestjvm.slice.SliceProtocol;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One variant's slices in one block as an HdrHistogram interval log, tagged by latency, not cycle, because
 * {@code HistogramLogProcessor -tag} selects by tag; the cycle is the interval's rank within its tag.
 */
final class SliceLog implements Closeable {
    private final HistogramLogWriter writer;
    private final long baseMillis;

    /** A new log whose timestamps count from {@code baseMillis} (epoch ms), as its header says. */
    SliceLog(final File file, final long baseMillis) throws FileNotFoundException {
        this.writer = new HistogramLogWriter(file);
        this.baseMillis = baseMillis;
        writer.outputComment("each measured slice's latencies (ns), one interval per latency and slice, tagged "
                + SliceProtocol.ACTUAL_SEND + " or " + SliceProtocol.INTENDED_SEND + "; timestamps from BaseTime");
        writer.outputLogFormatVersion();
        writer.outputStartTime(baseMillis);
        writer.setBaseTime(baseMillis);
        writer.outputBaseTime(baseMillis);
        writer.outputLegend();
    }

    /** Cycle {@code cycle}'s slice, which started at {@code startMillis} (epoch) and lasted {@code wallNanos}. */
    void slice(final int cycle, final long startMillis, final long wallNanos, final Histogram actual,
               final Histogram intended) {
        final double start = (startMillis - baseMillis) / 1000.0;
        final double end = start + wallNanos / 1e9;
        writer.outputComment("cycle " + cycle);
        actual.setTag(SliceProtocol.ACTUAL_SEND);
        writer.outputIntervalHistogram(start, end, actual);
        intended.setTag(SliceProtocol.INTENDED_SEND);
        writer.outputIntervalHistogram(start, end, intended);
    }

    @Override
    public void close() {
        writer.close();
    }
}
