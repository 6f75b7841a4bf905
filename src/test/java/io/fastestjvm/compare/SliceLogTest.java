package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.io.IOException;

import io.fastestjvm.recording.LatencyRecorder;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A block's slice log as HdrHistogram's own reader sees it: both latencies per slice, tagged, at real times. */
class SliceLogTest {
    @TempDir
    File folder;

    private static Histogram latencies(final long value, final int count) {
        final Histogram histogram = LatencyRecorder.newHistogram();
        histogram.recordValueWithCount(value, count);
        return histogram;
    }

    @Test
    void hdrHistogramsReaderGetsEachSlicesTwoLatenciesWithTheirTagsCountsAndRealTimes() throws IOException {
        final File file = new File(folder, "jdk17-1.slices.hlog");
        final long base = 1_750_000_000_000L; // epoch ms
        final long[] starts = {base + 1_250, base + 3_480, base + 5_731};
        try (SliceLog log = new SliceLog(file, base)) {
            for (int cycle = 0; cycle < starts.length; cycle++) {
                log.slice(cycle, starts[cycle], 1_010_000_000L + cycle * 1_000_000L, latencies(400 + cycle, 100 + cycle),
                        latencies(900 + cycle, 200 + cycle));
            }
        }
        final HistogramLogReader reader = new HistogramLogReader(file);
        for (int cycle = 0; cycle < starts.length; cycle++) {
            final EncodableHistogram actual = reader.nextIntervalHistogram();
            final EncodableHistogram intended = reader.nextIntervalHistogram();
            assertEquals("actualSend", actual.getTag());
            assertEquals("intendedSend", intended.getTag());
            assertEquals(100 + cycle, ((Histogram) actual).getTotalCount());
            assertEquals(200 + cycle, ((Histogram) intended).getTotalCount());
            assertEquals(400 + cycle, ((Histogram) actual).getMaxValue());
            for (final EncodableHistogram interval : new EncodableHistogram[] {actual, intended}) {
                assertEquals(starts[cycle], interval.getStartTimeStamp(), "the slice's own start, epoch ms");
                assertEquals(starts[cycle] + 1_010 + cycle, interval.getEndTimeStamp(), "its length in ms");
            }
        }
        assertNull(reader.nextIntervalHistogram(), "nothing else");
        assertEquals(base / 1000.0, reader.getStartTimeSec(), 1e-3);
    }
}
