package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** histograms.hlog: one tagged histogram per latency, read back whole; a folder without one reads as empty. */
class MeasuredHistogramsTest {
    @TempDir
    Path temp;

    @Test
    void eachHistogramIsReadBackUnderItsTagWithEverySample() throws Exception {
        final Map<String, Histogram> written = new LinkedHashMap<>();
        written.put("actual-send", histogram(300, 100_000, 4_000_000));
        written.put("intended-send", histogram(500, 200_000));
        try (OutputStream out = Files.newOutputStream(temp.resolve(MeasuredHistograms.FILE_NAME))) {
            MeasuredHistograms.write(out, written);
        }
        final Map<String, Histogram> read = MeasuredHistograms.read(temp);
        assertEquals(Arrays.asList("actual-send", "intended-send"), Arrays.asList(read.keySet().toArray()));
        for (final Map.Entry<String, Histogram> latency : written.entrySet()) {
            final Histogram back = read.get(latency.getKey());
            assertEquals(latency.getValue().getTotalCount(), back.getTotalCount(), latency.getKey());
            assertEquals(latency.getValue().getValueAtPercentile(50), back.getValueAtPercentile(50));
            assertEquals(latency.getValue().getMaxValue(), back.getMaxValue());
        }
        assertEquals(null, written.get("actual-send").getTag(), "the caller's histogram is not tagged");
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
