package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.LatencyRecorder;

class IntervalLogTest {
    private static final long[] EDGES = {0, 1, 499, 500, 1_500, 1_999, 2_047, 1_000_500};

    /** The log writes its interval lines itself, off java.util.Formatter: they must stay HdrHistogram's bytes. */
    @Test
    void writesTheIntervalLinesHdrHistogramsWriterWrites() throws Exception {
        final Random random = new Random(7);
        final LatencyRecorder recorder = new LatencyRecorder("test", 1, 400_000);
        final ByteArrayOutputStream ours = new ByteArrayOutputStream();
        final long startMillis = System.currentTimeMillis() - 12_345;
        final List<Histogram> seconds = new ArrayList<>();
        try (IntervalLog log = new IntervalLog(recorder, null, ours, startMillis)) {
            for (int second = 0; second < 200; second++) {
                if (second == 100) {
                    recorder.beginRun(0);
                }
                // maxes on a rounding edge (x.5 microseconds is rounded up), then from a few nanoseconds to the top
                if (second < EDGES.length) {
                    recorder.record(EDGES[second]);
                } else {
                    final int count = 1 + random.nextInt(2_000);
                    for (int i = 0; i < count; i++) {
                        recorder.record((long) Math.pow(10, random.nextDouble() * 10.8));
                    }
                }
                final Histogram drained = log.drain();
                final Histogram kept = drained.copy();
                kept.setStartTimeStamp(drained.getStartTimeStamp());
                kept.setEndTimeStamp(drained.getEndTimeStamp());
                kept.setTag(second < 100 ? IntervalLog.WARMUP_TAG : null);
                seconds.add(kept);
            }
        }
        final ByteArrayOutputStream theirs = new ByteArrayOutputStream();
        final PrintStream print = new PrintStream(theirs, false, "UTF-8");
        final HistogramLogWriter writer = new HistogramLogWriter(print);
        writer.setBaseTime(startMillis);
        writer.outputStartTime(startMillis);
        writer.outputBaseTime(startMillis);
        for (final Histogram second : seconds) {
            writer.outputIntervalHistogram(second);
        }
        print.flush();
        final String[] ourLines = intervalLines(ours);
        assertEquals(seconds.size(), ourLines.length);
        assertEquals(String.join("\n", intervalLines(theirs)), String.join("\n", ourLines));

        // HdrHistogram's reader adds base and offset seconds as doubles, so a timestamp can come back a millisecond
        // off: ours must come back exactly as a log HdrHistogram's own writer wrote does
        final HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(ours.toByteArray()));
        final HistogramLogReader reference = new HistogramLogReader(new ByteArrayInputStream(theirs.toByteArray()));
        for (final Histogram expected : seconds) {
            final Histogram read = (Histogram) reader.nextIntervalHistogram();
            final Histogram referenceRead = (Histogram) reference.nextIntervalHistogram();
            assertEquals(expected, read);
            assertEquals(expected.getTag(), read.getTag());
            assertEquals(referenceRead.getStartTimeStamp(), read.getStartTimeStamp());
            assertEquals(referenceRead.getEndTimeStamp(), read.getEndTimeStamp());
        }
        assertNull(reader.nextIntervalHistogram());
    }

    private static String[] intervalLines(final ByteArrayOutputStream log) {
        return Arrays.stream(new String(log.toByteArray(), StandardCharsets.UTF_8).split("\n"))
                .filter(line -> !line.startsWith("#") && !line.startsWith("\"")).toArray(String[]::new);
    }
}
