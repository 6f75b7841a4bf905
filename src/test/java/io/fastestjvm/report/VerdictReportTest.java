package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.fastestjvm.results.model.Percentile;

class VerdictReportTest {
    @TempDir
    Path temp;

    private static String verdictRow(final String report, final String figure) {
        final Matcher row = Pattern.compile("(?m)^\\| " + Pattern.quote(figure) + " \\| (.*) \\| (.*) \\|$")
                .matcher(report);
        assertTrue(row.find(), figure + " row in\n" + report);
        return row.group(1) + " || " + row.group(2);
    }

    @Test
    void reportMdLeadsWithTheVerdictAndTheConsoleEndsWithIt() throws IOException {
        final Path set = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 300, 5, 1, null, false)
                .profile("jdk21", 900, 5, 2, null, false).folder();
        final Fixtures.Outcome outcome = Fixtures.report(set.toString());
        assertEquals(0, outcome.exitCode, outcome.err);
        final String report = Fixtures.read(set.resolve("report.md"));
        final int verdict = report.indexOf(VerdictSection.HEADING + "\n");
        assertTrue(verdict > 0 && verdict < report.indexOf("## Environment"), "the verdict comes first");
        final String[] lines = outcome.out.trim().split("\n");
        assertTrue(lines[lines.length - 1].startsWith("intended send, 99.99%: {jdk17} {jdk21}; separable: jdk21 / "
                + "jdk17 = "), lines[lines.length - 1]);
    }

    @Test
    void clearlyApartJvmsAreSeparableWithTheRightDirectionDespiteAFailedRun() throws IOException {
        final Path set = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 300, 5, 1, null, true)
                .profile("jdk21", 600, 5, 2, null, false).folder();
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));
        assertTrue(report.contains("runs per JVM: jdk17 5, jdk21 5."), "the failed runs are no units: " + report);
        for (final String figure : new String[] {"actual send, median", "actual send, 99.99%",
            "intended send, 99%"}) {
            final String row = verdictRow(report, figure);
            assertTrue(row.matches("\\{jdk17\\} \\{jdk21\\} \\|\\| jdk21 / jdk17 = [12]\\.\\d\\d \\(1\\.\\d\\d–\\d\\.\\d\\d\\)"),
                    figure + ": " + row);
        }
    }

    @Test
    void identicalJvmsCannotBeToldApart() throws IOException {
        final Path set = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 400, 10, 7, null, false)
                .profile("jdk21", 400, 10, 7, null, false).folder();
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));
        for (final String figure : new String[] {"actual send, median", "intended send, 99.99%"}) {
            final String row = verdictRow(report, figure);
            assertTrue(row.endsWith("|| none") && row.split("\\{").length == 2, figure + ": " + row);
        }
    }

    @Test
    void runsOnTwoPlacementLevelsGetTheirVariationAndAVerdictPerLevel() throws IOException {
        final double[] trips = {180, 190, 450, 470, 200, 500};
        final Path set = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 300, 6, 1, trips, false)
                .profile("jdk21", 900, 6, 2, trips, false).folder();
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));
        assertTrue(report.contains("| JVM | all runs | level 1 (round trip 180-200 ns) | level 2 (round trip 450-500 ns) |"),
                report);
        assertTrue(report.matches("(?s).*\\| jdk17 \\| 6 runs: \\d+% \\| 3 runs: \\d+% \\| 3 runs: \\d+% \\|.*"),
                report);
        assertTrue(report.contains("### Within level 1 (round trip 180-200 ns)"), report);
        assertTrue(report.contains("### Within level 2 (round trip 450-500 ns)"), report);
    }

    /** A run whose probe after the window is on another level than its probe before it is in no level. */
    @Test
    void aRunThatChangedLevelDuringItsWindowIsInNoLevel() throws IOException {
        final double[] trips = {180, 190, 450, 470, 200, 500};
        final Path set = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 300, 6, 1, trips, false)
                .profile("jdk21", 900, 6, 2, trips, false).folder();
        final ObjectMapper json = new ObjectMapper();
        int changed = 0;
        try (Stream<Path> files = Files.walk(set.resolve("jdk17"))) {
            for (final Path summary : files.filter(p -> p.endsWith("summary.json")).sorted()
                    .collect(Collectors.toList())) {
                final ObjectNode root = (ObjectNode) json.readTree(summary.toFile());
                final ObjectNode placement = (ObjectNode) root.path("placement");
                final double before = placement.path("before").path("medianRoundTripNanos").asDouble();
                placement.putObject("after").put("medianRoundTripNanos", before == 180 ? 460 : before + 5);
                changed += before == 180 ? 1 : 0;
                json.writeValue(summary.toFile(), root);
            }
        }
        assertEquals(1, changed);
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));
        assertTrue(report.contains("| JVM | all runs | level 1 (round trip 180-205 ns) | level 2 (round trip 450-505 ns)"
                + " | changed level during the window |"), report);
        assertTrue(report.matches("(?s).*\\| jdk17 \\| 6 runs: \\d+% \\| 2 runs: \\d+% \\| 3 runs: \\d+% \\| 1 runs \\|.*"),
                report);
        assertTrue(report.matches("(?s).*\\| jdk21 \\| 6 runs: \\d+% \\| 3 runs: \\d+% \\| 3 runs: \\d+% \\| 0 runs \\|.*"),
                report);
    }

    @Test
    void defaultAndTunedOfOneJvmAreComparedWithTheirSafepoints() throws IOException {
        final Path set = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 600, 5, 1, null, false)
                .profile("jdk17-tuned", 300, 5, 2, null, false).folder();
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));
        assertTrue(report.contains("## Default vs tuned flags, per JVM"), report);
        assertTrue(report.matches("(?s).*\\| jdk17 \\| actual send, median \\| [0-9,]+ \\| [0-9,]+ \\| 0\\.\\d\\d "
                + "\\(0\\.\\d\\d–0\\.\\d\\d\\) \\| tuned lower \\| 12 / 2 \\| 0 / 0 \\|.*"), report);
        assertTrue(report.contains("| jdk17-tuned | 5 | 2 | 1.5 | 0 | 0 | 26 |"), "pauses table: " + report);
    }

    @Test
    void theLongCsvHasOneRowPerProfileFlagsRunLatencyAndPercentile() throws IOException {
        final Path set = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 600, 3, 1, null, true)
                .profile("jdk17-tuned", 300, 2, 2, new double[] {180, 450}, false).folder();
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final List<String> lines = Files.readAllLines(set.resolve(MatrixFiles.LONG_CSV));
        assertEquals(MatrixFiles.LONG_HEADER, lines.get(0));
        assertEquals(1 + 5 * 2 * Percentile.values().length, lines.size(), "passed runs only");
        assertTrue(lines.stream().anyMatch(l -> l.matches("jdk17\\-tuned,jdk17,tuned,chronicle,vm,"
                + "jdk17\\-tuned/\\S+,1,actual-send,p50,\\d+,180")),
                String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.matches("jdk17,jdk17,default,chronicle,vm,jdk17/\\S+,1,"
                + "intended-send,p99_99,\\d+,")), String.join("\n", lines));
    }

    /** A run the matrix failed (here: not on the profile's JVM) is no unit, though its summary passed. */
    @Test
    void aRunTheMatrixFailedIsNoUnitWhateverItsSummarySays() throws IOException {
        final Path set = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 300, 5, 1, null, false)
                .profile("jdk21", 900, 5, 2, null, false)
                .wrongJvm("jdk17", 5, 5000, "ran on Java 11, expected Java 17").folder();
        final String folder = "20261122T000005Z-jdk17-5";
        final Fixtures.Outcome outcome = Fixtures.report(set.toString());
        assertEquals(0, outcome.exitCode, outcome.err);
        final String report = Fixtures.read(set.resolve("report.md"));
        assertTrue(report.contains("runs per JVM: jdk17 4, jdk21 5."), "the wrong JVM's run is no unit: " + report);
        assertTrue(report.contains("**FAILED: jdk17 run 5 (failed, exit code 0, " + folder + ")** - ran on Java 11, "
                + "expected Java 17"), "listed with the matrix's reason: " + report);
        assertFalse(report.contains("jdk17 (failed)"), "the profile's failure only repeats run 5's: " + report);
        assertEquals("4 / 1", MarkdownTable.after(report, "## Latency per JVM, actual send (ns)").get("jdk17").get(1));
        assertFalse(String.join("\n", Files.readAllLines(set.resolve(MatrixFiles.LONG_CSV))).contains(folder),
                "no figure of it in the long CSV");
        assertFalse(Fixtures.read(set.resolve(MatrixFiles.JSON)).contains(folder + "/summary.json"),
                "no figure of it in matrix.json");
        assertTrue(outcome.out.contains("! jdk17: ran on Java 11, expected Java 17"), outcome.out);
    }

    /** A run folder that no recorded run names (left by a killed session, say) is no unit, and the report says so. */
    @Test
    void aRunFolderTheMatrixDidNotRecordIsNoUnitAndIsListedAsIgnored() throws IOException {
        final SyntheticMatrix matrix = new SyntheticMatrix(temp.resolve("set")).profile("jdk17", 300, 5, 1, null,
                false).profile("jdk21", 900, 5, 2, null, false);
        final String folder = matrix.unrecorded("jdk17", 5000);
        final Path set = matrix.folder();
        final Fixtures.Outcome outcome = Fixtures.report(set.toString());
        assertEquals(0, outcome.exitCode, outcome.err);
        final String report = Fixtures.read(set.resolve("report.md"));
        final String why = "no run in jdk17/profile.json names this folder (a run the matrix did not record, e.g. "
                + "one a killed session left): not a unit";
        assertTrue(report.contains("runs per JVM: jdk17 5, jdk21 5."), "the unrecorded folder is no unit: " + report);
        assertTrue(report.contains("- **IGNORED: jdk17/" + folder + "** - " + why), report);
        assertEquals("5 / 0", MarkdownTable.after(report, "## Latency per JVM, actual send (ns)").get("jdk17").get(1),
                "neither a unit nor a failed run");
        assertTrue(outcome.out.contains("! ignored jdk17/" + folder + ": " + why), outcome.out);
        final JsonNode ignored = new ObjectMapper().readTree(set.resolve(MatrixFiles.JSON).toFile()).path("ignored");
        assertEquals(1, ignored.size(), ignored.toString());
        assertEquals("jdk17/" + folder, ignored.get(0).path("folder").asText());
        assertFalse(String.join("\n", Files.readAllLines(set.resolve(MatrixFiles.LONG_CSV))).contains(folder));
    }
}
