package io.fastestjvm.results.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorders;

/** The one mapping reads every published summary.json (formatVersion 1) and writes back what it read. */
class RunResultsTest {
    private static final ObjectMapper PLAIN = new ObjectMapper();

    private static List<Path> summaries(final String root) throws IOException {
        try (Stream<Path> files = Files.walk(Paths.get(root))) {
            return files.filter(p -> p.getFileName().toString().equals(RunResults.FILE_NAME))
                    .collect(Collectors.toList());
        }
    }

    @Test
    void everyPublishedAndFixtureSummaryReadsAndWritesBackTheSameTree() throws IOException {
        final List<Path> files = summaries("results");
        files.addAll(summaries("src/test/resources/fixtures"));
        assertTrue(files.size() > 10, "published summaries found: " + files.size());
        for (final Path file : files) {
            final RunResults results = RunResults.read(file);
            for (final Latency latency : Latency.ALL) {
                assertNotNull(results.latency(latency), file + " " + latency);
                assertTrue(results.latency(latency).value(Percentile.P99) > 0, file + " " + latency);
            }
            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            results.write(out);
            final JsonNode original = PLAIN.readTree(file.toFile());
            assertEquals(original, PLAIN.readTree(out.toByteArray()), file.toString());
        }
    }

    @Test
    void aVersionOneSummarySaysItsProvenanceWasNotRecorded() throws IOException {
        final RunResults results = read("{\"formatVersion\":1,\"status\":\"passed\"}");
        assertTrue(results.passed());
        assertTrue(results.provenance().gitCommit.contains("not recorded"), results.provenance().gitCommit);
    }

    @Test
    void aSummaryFromANewerFormatIsRefusedRatherThanMisread() {
        final IOException e = assertThrows(IOException.class,
                () -> read("{\"formatVersion\":" + (RunResults.FORMAT_VERSION + 1) + "}"));
        assertTrue(e.getMessage().contains("newer"), e.getMessage());
    }

    @Test
    void aSummaryWithoutPerRunFiguresHasItsOverallLadderAsRunOne() throws IOException {
        final RunResults results = read("{\"formatVersion\":1,\"latency\":{\"unit\":\"ns\",\"actualSend\":"
                + "{\"count\":5,\"p50\":700,\"worst\":900,\"notMeaningful\":[\"p99_999\"]}}}");
        assertEquals(1, results.measuredRuns().size());
        final Ladder ladder = results.measuredRuns().get(0).get(Latency.ACTUAL_SEND);
        assertEquals(700, ladder.value(Percentile.P50), 0);
        assertTrue(Double.isNaN(ladder.value(Percentile.P99)));
        assertTrue(ladder.notMeaningful(Percentile.P99_999));
        assertFalse(ladder.notMeaningful(Percentile.P50));
    }

    @Test
    void eachRecorderHasOneLadderPerMeasuredRun() {
        final List<List<Ladder>> perRun = Ladder.perRun(new LatencyRecorders(3, 1));
        assertEquals(Latency.ALL.size(), perRun.size());
        assertEquals(3, perRun.get(0).size());
    }

    private static RunResults read(final String json) throws IOException {
        return RunResults.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }
}
