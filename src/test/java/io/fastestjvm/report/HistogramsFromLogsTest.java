package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.MeasuredHistograms;
import io.fastestjvm.results.model.RunResults;

/** An older set's run folders get histograms.hlog from their .hlog files, checked against summary.json. */
class HistogramsFromLogsTest {
    private static final String RUN = "jdk17/20261122T040643Z-jdk17-15009";

    @TempDir
    Path temp;

    @Test
    void eachLatencysMeasuredIntervalsAreSummedIntoOneTaggedHistogram() throws Exception {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final Path run = set.resolve(RUN);
        Files.delete(run.resolve(MeasuredHistograms.FILE_NAME));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, HistogramsFromLogs.merge(set, new PrintStream(out, true, "UTF-8"), System.err));
        assertEquals(set + ": histograms.hlog written in 1 run folders\n",
                new String(out.toByteArray(), StandardCharsets.UTF_8), "only the folder without one");

        final Map<String, Histogram> merged = MeasuredHistograms.read(run);
        final RunResults summary = RunResults.read(run.resolve(RunResults.FILE_NAME));
        assertEquals(Latency.ALL.size(), merged.size());
        for (final Latency latency : Latency.ALL) {
            final Histogram histogram = merged.get(latency.fileStem());
            assertEquals(summary.tree().at("/latency/" + latency.key() + "/count").asLong(),
                    histogram.getTotalCount(), latency.fileStem());
            assertEquals(summary.tree().at("/latency/" + latency.key() + "/p50").asDouble(),
                    histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(50) * 0.001,
                    latency.fileStem() + ": the same samples");
            final Histogram perSecond = HistogramsFromLogs.measured(run.resolve(latency.fileStem() + ".hlog"));
            assertTrue(perSecond.getStartTimeStamp() > 1_700_000_000_000L, "the per-second log is dated");
            assertEquals(perSecond.getStartTimeStamp(), histogram.getStartTimeStamp(),
                    latency.fileStem() + ": dated from the first measured second's start");
            assertEquals(perSecond.getEndTimeStamp(), histogram.getEndTimeStamp(), "to the last one's end");
        }
    }

    @Test
    void aFolderWhoseLogsDisagreeWithItsSummaryIsNamedAndLeftAlone() throws Exception {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final Path run = set.resolve(RUN);
        Files.delete(run.resolve(MeasuredHistograms.FILE_NAME));
        final Path summary = run.resolve(RunResults.FILE_NAME);
        final String text = new String(Files.readAllBytes(summary), StandardCharsets.UTF_8);
        final long count = RunResults.read(summary).tree().at("/latency/actualSend/count").asLong();
        Files.write(summary, text.replaceFirst("\"count\" : " + count, "\"count\" : " + (count + 1))
                .getBytes(StandardCharsets.UTF_8));
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(1, HistogramsFromLogs.merge(set, System.out, new PrintStream(err, true, "UTF-8")));
        assertEquals("not written: " + run + ": actual-send.hlog holds " + count + " measured samples, summary.json "
                + (count + 1) + "\n", new String(err.toByteArray(), StandardCharsets.UTF_8));
        assertFalse(Files.exists(run.resolve(MeasuredHistograms.FILE_NAME)));
        assertTrue(Files.exists(set.resolve("jdk25/20261122T040705Z-jdk25-15630").resolve(
                MeasuredHistograms.FILE_NAME)), "the fixtures carry theirs");
    }

    @Test
    void helpPrintsTheUsageAndNoArgumentsAreBadInput() throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, HistogramsFromLogs.run(new String[] {"--help"}, new PrintStream(out, true, "UTF-8"),
                new PrintStream(err, true, "UTF-8")));
        assertTrue(out.toString("UTF-8").startsWith("usage: HistogramsFromLogs SET_FOLDER..."), out.toString("UTF-8"));
        assertEquals(2, HistogramsFromLogs.run(new String[0], new PrintStream(out, true, "UTF-8"),
                new PrintStream(err, true, "UTF-8")));
        assertTrue(err.toString("UTF-8").startsWith("error: usage: "), err.toString("UTF-8"));
        assertEquals(1, err.toString("UTF-8").split("\n").length, "one line");
    }
}
