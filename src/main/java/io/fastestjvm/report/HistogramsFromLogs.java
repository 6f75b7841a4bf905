package io.fastestjvm.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import io.fastestjvm.config.HelpFlag;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.IntervalLog;
import io.fastestjvm.results.MeasuredHistograms;
import io.fastestjvm.results.model.RunResults;

/**
 * Writes histograms.hlog for run folders recorded before it existed, from their per-second .hlog files, checked
 * against summary.json's count, so a published set can leave those out (docs/output.md, "Publishing a set").
 * <pre>java -cp target/classes:$(cat target/classpath.txt) io.fastestjvm.report.HistogramsFromLogs SET...</pre>
 */
public final class HistogramsFromLogs {
    static final String USAGE = "usage: HistogramsFromLogs SET_FOLDER... (writes each published run's "
            + MeasuredHistograms.FILE_NAME + " from its local per-second logs)";

    private HistogramsFromLogs() {
    }

    public static void main(final String[] args) throws IOException {
        System.exit(run(args, System.out, System.err));
    }

    /** 0 when every set was merged or had nothing to merge, 1 when one was refused, 2 for bad arguments. */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws IOException {
        if (HelpFlag.asked(args)) {
            out.println(USAGE);
            return 0;
        }
        if (args.length == 0) {
            err.println("error: " + USAGE);
            return 2;
        }
        int refused = 0;
        for (final String set : args) {
            refused += merge(Paths.get(set), out, err);
        }
        return refused == 0 ? 0 : 1;
    }

    /** Writes histograms.hlog into every run folder under {@code set} that has none; returns how many it refused. */
    static int merge(final Path set, final PrintStream out, final PrintStream err) throws IOException {
        final List<Path> summaries;
        try (Stream<Path> files = Files.walk(set)) {
            summaries = files.filter(f -> f.getFileName().toString().equals(RunResults.FILE_NAME)).sorted()
                    .collect(Collectors.toList());
        }
        int written = 0;
        final List<String> refused = new ArrayList<>();
        for (final Path summary : summaries) {
            final Path folder = summary.getParent();
            if (Files.exists(folder.resolve(MeasuredHistograms.FILE_NAME))) {
                continue;
            }
            final String problem = mergeOne(folder, RunResults.read(summary));
            if (problem == null) {
                written++;
            } else {
                refused.add(folder + ": " + problem);
            }
        }
        out.println(set + ": histograms.hlog written in " + written + " run folders");
        for (final String line : refused) {
            err.println("not written: " + line);
        }
        return refused.size();
    }

    private static String mergeOne(final Path folder, final RunResults results) throws IOException {
        final Map<String, Histogram> byLatency = new LinkedHashMap<>();
        for (final Latency latency : Latency.ALL) {
            final Path log = folder.resolve(latency.fileStem() + ".hlog");
            if (!Files.isRegularFile(log)) {
                return "no " + log.getFileName();
            }
            final Histogram sum = measured(log);
            final long expected = results.tree().at("/latency/" + latency.key() + "/count").asLong(-1);
            if (sum.getTotalCount() != expected) {
                return log.getFileName() + " holds " + sum.getTotalCount() + " measured samples, summary.json "
                        + expected;
            }
            byLatency.put(latency.fileStem(), sum);
        }
        try (OutputStream file = Files.newOutputStream(folder.resolve(MeasuredHistograms.FILE_NAME))) {
            MeasuredHistograms.write(file, byLatency); // each dated by its own log's measured seconds
        }
        return null;
    }

    /** The sum of a log's untagged (measured) intervals; warm-up ones are tagged {@value IntervalLog#WARMUP_TAG}. */
    static Histogram measured(final Path hlog) throws IOException {
        final Histogram sum = new Histogram(3);
        long start = Long.MAX_VALUE;
        long end = 0;
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof Histogram && next.getTag() == null) {
                    sum.add((Histogram) next);
                    start = Math.min(start, next.getStartTimeStamp());
                    end = Math.max(end, next.getEndTimeStamp());
                }
            }
        }
        sum.setStartTimeStamp(start);
        sum.setEndTimeStamp(end);
        return sum;
    }
}
