package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.recording.Latency;

/**
 * histograms.hlog: one tagged histogram per latency, dated with its measured window ({@link MeasuredWindow}), read back whole by HdrHistogram's
 * HistogramLogReader; a folder without one reads as empty.
 */
class MeasuredHistogramsTest {
    /** 2026-11-27 15:00 UTC. */
    private static final long START_MILLIS = 1_795_791_600_000L;

    @TempDir
    Path temp;

    @Test
    void eachHistogramIsReadBackUnderItsTagWithEverySample() throws Exception {
        final Map<String, Histogram> written = new LinkedHashMap<>();
        written.put("actual-send", histogram(300, 100_000, 4_000_000));
        written.put("intended-send", histogram(500, 200_000));
        final MeasuredWindow window = MeasuredWindow.startingAt(START_MILLIS, 7, 100_000_000_000L)
                .histogram(Latency.ACTUAL_SEND, written.get("actual-send"))
                .histogram(Latency.INTENDED_SEND, written.get("intended-send")).build();
        try (OutputStream out = Files.newOutputStream(temp.resolve(MeasuredHistograms.FILE_NAME))) {
            MeasuredHistograms.write(out, window.datedHistograms());
        }
        final Map<String, Histogram> read = MeasuredHistograms.read(temp);
        assertEquals(Arrays.asList("actual-send", "intended-send"), Arrays.asList(read.keySet().toArray()));
        for (final Map.Entry<String, Histogram> latency : written.entrySet()) {
            final Histogram back = read.get(latency.getKey());
            assertEquals(latency.getValue().getTotalCount(), back.getTotalCount(), latency.getKey());
            assertEquals(latency.getValue().getValueAtPercentile(50), back.getValueAtPercentile(50));
            assertEquals(latency.getValue().getMaxValue(), back.getMaxValue());
            assertEquals(START_MILLIS, back.getStartTimeStamp(), "HistogramLogReader dates it at the window's start");
            assertEquals(START_MILLIS + 100_000, back.getEndTimeStamp(), "and ends it 100 s later");
        }
        final String log = new String(Files.readAllBytes(temp.resolve(MeasuredHistograms.FILE_NAME)), "UTF-8");
        assertTrue(log.contains("#[StartTime: 1795791600.000 (seconds since epoch)"), log);
        assertTrue(log.contains("\nTag=actual-send,0.000,100.000,"), "relative start 0 s, length 100 s: " + log);
        assertEquals(null, written.get("actual-send").getTag(), "the caller's histogram is not tagged");
    }

    @Test
    void anUndatedHistogramIsRefused() {
        final Map<String, Histogram> one = new LinkedHashMap<>();
        one.put("actual-send", histogram(300));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MeasuredHistograms.write(new ByteArrayOutputStream(), one));
        assertEquals("actual-send: undated histogram (9223372036854775807 to 0 ms)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MeasuredHistograms.write(new ByteArrayOutputStream(),
                MeasuredWindow.startingAt(START_MILLIS, 0, -1_000_000).histogram(Latency.ACTUAL_SEND,
                        histogram(300)).build().datedHistograms()));
    }

    @Test
    void aFolderWithoutTheFileHasNoHistograms() throws Exception {
        assertTrue(MeasuredHistograms.read(temp).isEmpty());
    }

    private static Histogram histogram(final long... values) {
        final Histogram histogram = new Histogram(3);
        for (final long value : values) {
            histogram.recordValueWithCount(value, 1000);
        }
        return histogram;
    }
}
