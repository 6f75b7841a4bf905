package io.fastestjvm.results;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A run's measured window as one histogram per latency, tagged with its file stem, in {@value #FILE_NAME}: what a
 * published set keeps of a run's distribution (docs/output.md, "Publishing a set").
 */
public final class MeasuredHistograms {
    public static final String FILE_NAME = "histograms.hlog";

    private MeasuredHistograms() {
    }

    /** Writes each histogram dated (epoch ms), so HdrHistogram's tools place it in time; refuses an undated one. */
    public static void write(final OutputStream out, final Map<String, Histogram> byLatency) throws IOException {
        long base = Long.MAX_VALUE;
        for (final Map.Entry<String, Histogram> latency : byLatency.entrySet()) {
            final Histogram histogram = latency.getValue();
            if (histogram.getStartTimeStamp() <= 0 || histogram.getStartTimeStamp() == Long.MAX_VALUE
                    || histogram.getEndTimeStamp() < histogram.getStartTimeStamp()) {
                throw new IllegalArgumentException(latency.getKey() + ": undated histogram ("
                        + histogram.getStartTimeStamp() + " to " + histogram.getEndTimeStamp() + " ms)");
            }
            base = Math.min(base, histogram.getStartTimeStamp());
        }
        final PrintStream print = new PrintStream(out, false, "UTF-8");
        final HistogramLogWriter writer = new HistogramLogWriter(print);
        writer.outputLogFormatVersion();
        if (base != Long.MAX_VALUE) {
            writer.outputStartTime(base);
            writer.setBaseTime(base);
            writer.outputBaseTime(base);
        }
        writer.outputLegend();
        for (final Map.Entry<String, Histogram> latency : byLatency.entrySet()) {
            final Histogram tagged = latency.getValue().copy();
            tagged.setTag(latency.getKey());
            writer.outputIntervalHistogram(tagged);
        }
        print.flush();
        ResultsFolder.requireNoError(print, FILE_NAME);
    }

    /** The histograms of a {@value #FILE_NAME}, by tag; empty when the run folder has none. */
    public static Map<String, Histogram> read(final Path runFolder) throws IOException {
        final Map<String, Histogram> byLatency = new LinkedHashMap<>();
        final Path file = runFolder.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return byLatency;
        }
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof Histogram && next.getTag() != null) {
                    byLatency.put(next.getTag(), (Histogram) next);
                }
            }
        }
        return byLatency;
    }
}
