package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.fastestjvm.charts.ChartFiles;
import io.fastestjvm.compare.ComparisonReport;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.MeasuredHistograms;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.warmup.SteadyStateWatch;

class ReportTest {
    private static final List<String> CHARTS = Arrays.asList("median-actual-send", "median-intended-send",
            "p99_99-actual-send", "p99_99-intended-send", "percentile-spectrum-actual-send",
            "percentile-spectrum-intended-send", "over-time-jdk17", "over-time-jdk25");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void helpPrintsTheUsageAndNoArgumentsIsBadInput() {
        final Fixtures.Outcome help = Fixtures.report("--help");
        assertEquals(0, help.exitCode);
        assertEquals(Report.USAGE + System.lineSeparator(), help.out);
        final Fixtures.Outcome none = Fixtures.report();
        assertEquals(2, none.exitCode);
        assertEquals("error: " + Report.USAGE + System.lineSeparator(), none.err);
    }

    @Test
    void aMatrixSetGetsAReportEveryChartAndTheMatrixFiles() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));

        final Fixtures.Outcome outcome = Fixtures.report(set.toString());

        assertEquals(0, outcome.exitCode, outcome.err);
        assertTrue(Files.isRegularFile(set.resolve("report.md")));
        assertTrue(Files.isRegularFile(set.resolve("matrix.json")));
        assertTrue(Files.isRegularFile(set.resolve("matrix.csv")));
        for (final String chart : CHARTS) {
            assertTrue(Files.isRegularFile(set.resolve("charts/" + chart + ".png")), chart);
            assertFalse(Files.exists(set.resolve("charts/" + chart + ".svg")), chart + ": PNG only, charts stay light");
        }
        // Every image the report links to exists, and every chart is linked.
        final String report = Fixtures.read(set.resolve("report.md"));
        final Matcher link = Pattern.compile("\\]\\((charts/[^)]+\\.png)\\)").matcher(report);
        final List<String> linked = new ArrayList<>();
        while (link.find()) {
            assertTrue(Files.isRegularFile(set.resolve(link.group(1))), link.group(1));
            linked.add(link.group(1));
        }
        for (final String chart : CHARTS) {
            assertTrue(linked.contains("charts/" + chart + ".png"), chart);
        }
    }

    @Test
    void theTableFiguresAreTheMediansMinimaAndMaximaOfTheSummaries() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        for (final Latency latency : Latency.ALL) {
            final Map<String, List<String>> table = MarkdownTable.after(report,
                    "## Latency per JVM, " + latency.title() + " (ns)");
            for (final String profile : new String[] {"jdk17", "jdk25"}) {
                final List<JsonNode> runs = runsOf(set.resolve(profile));
                assertEquals(2, runs.size());
                final List<String> row = table.get(profile);
                assertNotNull(row, profile + " row");
                assertEquals("2 / 0", row.get(1));
                assertEquals(withRange(runs, latency.key(), "p50"), row.get(2), profile + " median");
                assertEquals(median(runs, latency.key(), "p99"), row.get(3), profile + " p99");
                assertEquals(median(runs, latency.key(), "p99_9"), row.get(4), profile + " p99.9");
                assertEquals(withRange(runs, latency.key(), "p99_99"), row.get(5), profile + " p99.99");
                assertEquals(median(runs, latency.key(), "worst"), row.get(6), profile + " worst");
            }
        }
    }

    @Test
    void matrixJsonTracesEveryFigureToTheSummaryRunsItCameFrom() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        assertEquals(0, Fixtures.report(set.toString()).exitCode);

        final JsonNode rows = JSON.readTree(set.resolve("matrix.json").toFile()).path("rows");
        assertEquals(3, rows.size());
        for (final JsonNode row : rows) {
            if (row.path("runsOk").asInt() == 0) {
                continue;
            }
            final List<Double> expected = new ArrayList<>();
            for (final JsonNode source : row.path("sources")) {
                final JsonNode summary = JSON.readTree(set.resolve(source.path("summary").asText()).toFile());
                assertEquals(row.path("jdkBuild").asText(),
                        summary.path("environment").path("java.runtime.version").asText());
                for (final JsonNode run : summary.path("runs")) {
                    if (run.path("run").asInt() == source.path("run").asInt()) {
                        expected.add(run.path("intendedSend").path("p99_9").asDouble());
                    }
                }
            }
            final JsonNode cell = row.path("latency").path("intendedSend").path("p99_9");
            final List<Double> values = new ArrayList<>();
            cell.path("values").forEach(v -> values.add(v.asDouble()));
            assertEquals(expected, values);
            final double min = Math.min(expected.get(0), expected.get(1));
            final double max = Math.max(expected.get(0), expected.get(1));
            final double median = (expected.get(0) + expected.get(1)) / 2;
            assertEquals(min, cell.path("min").asDouble());
            assertEquals(max, cell.path("max").asDouble());
            assertEquals(median, cell.path("median").asDouble());
            assertEquals(Math.round((max - min) / median * 10000) / 100.0, cell.path("variationPercent").asDouble());
        }
        final List<String> csv = Files.readAllLines(set.resolve("matrix.csv"));
        assertEquals(4, csv.size(), "header and one line per profile");
        assertTrue(csv.get(2).startsWith("jdk17,chronicle,vm,17.0.15+6-Debian-1deb12u1,Debian,false,2,0,"),
                csv.get(2));
    }

    @Test
    void theReportNeedsOnlyWhatAPublishedSetKeeps() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final List<Path> local = new ArrayList<>();
        try (Stream<Path> files = Files.walk(set)) {
            files.filter(f -> f.toString().endsWith(".hlog") && !f.endsWith(MeasuredHistograms.FILE_NAME)
                    || f.endsWith("jvm-events.csv")).forEach(local::add);
        }
        assertEquals(8, local.size(), "the fixtures' per-second logs");
        for (final Path file : local) {
            Files.delete(file);
        }
        final Fixtures.Outcome outcome = Fixtures.report(set.toString());
        assertEquals(0, outcome.exitCode, outcome.err);
        final Path full = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("full"));
        assertEquals(0, Fixtures.report(full.toString()).exitCode);
        for (final String chart : CHARTS) {
            assertTrue(Arrays.equals(Files.readAllBytes(full.resolve("charts/" + chart + ".png")),
                    Files.readAllBytes(set.resolve("charts/" + chart + ".png"))), chart + ": the same chart");
        }
    }

    @Test
    void theChartsDecodeAtTheirFixedSize() throws Exception {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        assertEquals(0, Fixtures.report(set.toString()).exitCode);

        for (final String chart : CHARTS) {
            final BufferedImage png = ImageIO.read(set.resolve("charts/" + chart + ".png").toFile());
            assertNotNull(png, chart);
            assertEquals(ChartFiles.WIDTH, png.getWidth(), chart);
            assertEquals(ChartFiles.HEIGHT, png.getHeight(), chart);
        }
    }

    @Test
    void aFailedJvmIsShownWithItsReasonAndOutput() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        final List<String> row = MarkdownTable.after(report, "## Latency per JVM, actual send (ns)").get("jdk8");
        assertEquals(Arrays.asList("jdk8", "0 / 1", "FAILED: JDK 8 did not start: exit code 1",
                "–", "–", "–", "–"), row);
        assertTrue(report.contains("**FAILED: jdk8 run 1 (failed, exit code 1)** - JVM exited with code 1 before "
                + "writing a summary"), report);
        assertTrue(report.contains("java.lang.UnsupportedClassVersionError"), "the output tail is shown");
        assertFalse(Files.exists(set.resolve("charts/over-time-jdk8.png")), "no chart for a JVM without figures");
    }

    /** A run whose checks failed left its summary: one failed run, counted once, its checks as the reason. */
    @Test
    void aRunWithFailedChecksCountsOnceThoughProfileJsonRecordsItToo() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final String failedFolder = "20261122T040650Z-jdk17-15183";
        final File summaryFile = set.resolve("jdk17").resolve(failedFolder).resolve("summary.json").toFile();
        final ObjectNode summary = (ObjectNode) JSON.readTree(summaryFile);
        summary.put("status", "failed");
        summary.putArray("failures").add("measured loops allocated: producer 240 B, consumer 0 B");
        JSON.writeValue(summaryFile, summary);
        final File profileFile = set.resolve("jdk17/profile.json").toFile();
        final ObjectNode profile = (ObjectNode) JSON.readTree(profileFile);
        profile.put("status", "failed").put("reason", "run 2 (chronicle): benchmark checks failed");
        ((ObjectNode) profile.path("runs").get(1)).put("status", "failed").put("exitCode", 1)
                .put("reason", "benchmark checks failed");
        JSON.writeValue(profileFile, profile);

        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        assertEquals("1 / 1", MarkdownTable.after(report, "## Latency per JVM, actual send (ns)").get("jdk17").get(1));
        assertTrue(report.contains("**FAILED: jdk17 " + failedFolder + "** - checks failed: measured loops "
                + "allocated: producer 240 B"), report);
        assertFalse(report.contains("jdk17 run 2 (failed"), "counted once, from its summary: " + report);
        assertFalse(report.contains("jdk17 (failed)"), "the profile's failure repeats run 2's: " + report);
    }

    /**
     * run-matrix.sh failed run 2 (it ran on another JVM) though its summary passed: a failed run with the matrix's
     * reason, no figure of it anywhere, and not counted again from profile.json.
     */
    @Test
    void aRunTheMatrixFailedIsAFailedRunWithTheMatrixReasonThoughItsSummaryPassed() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final String wrongJvm = "20261122T040650Z-jdk17-15183";
        final File profileFile = set.resolve("jdk17/profile.json").toFile();
        final ObjectNode profile = (ObjectNode) JSON.readTree(profileFile);
        profile.put("status", "failed").put("reason", "run 2 (chronicle): ran on Java 11, expected Java 17");
        ((ObjectNode) profile.path("runs").get(1)).put("status", "failed").put("reason",
                "ran on Java 11, expected Java 17");
        JSON.writeValue(profileFile, profile);

        final Fixtures.Outcome outcome = Fixtures.report(set.toString());
        assertEquals(0, outcome.exitCode, outcome.err);
        final String report = Fixtures.read(set.resolve("report.md"));

        assertEquals("1 / 1", MarkdownTable.after(report, "## Latency per JVM, actual send (ns)").get("jdk17").get(1));
        assertTrue(report.contains("**FAILED: jdk17 run 2 (failed, exit code 0, " + wrongJvm + ")** - ran on Java 11, "
                + "expected Java 17"), report);
        assertFalse(report.contains("jdk17 (failed)"), "the profile's failure repeats run 2's: " + report);
        final JsonNode jdk17 = JSON.readTree(set.resolve("matrix.json").toFile()).path("rows").get(1);
        assertEquals("jdk17", jdk17.path("profile").asText());
        assertEquals(1, jdk17.path("runsFailed").asInt());
        assertEquals(1, jdk17.path("sources").size(), jdk17.toString());
        assertFalse(jdk17.path("sources").toString().contains(wrongJvm), "no figure from the wrong JVM");
    }

    /** A run folder under a profile folder that profile.json does not name: listed as ignored, and no unit. */
    @Test
    void aRunFolderNoRecordedRunNamesIsIgnoredWithWhy() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final String leftOver = "20261122T050000Z-jdk17-99999";
        Fixtures.copy(set.resolve("jdk17/20261122T040650Z-jdk17-15183"), set.resolve("jdk17").resolve(leftOver));

        final Fixtures.Outcome outcome = Fixtures.report(set.toString());
        assertEquals(0, outcome.exitCode, outcome.err);
        final String report = Fixtures.read(set.resolve("report.md"));

        assertEquals("2 / 0", MarkdownTable.after(report, "## Latency per JVM, actual send (ns)").get("jdk17").get(1));
        assertTrue(report.contains("- **IGNORED: jdk17/" + leftOver + "** - no run in jdk17/profile.json names this "
                + "folder (a run the matrix did not record, e.g. one a killed session left): not a unit\n"), report);
        assertFalse(JSON.readTree(set.resolve("matrix.json").toFile()).path("rows").toString().contains(leftOver));
        assertTrue(outcome.out.contains("! ignored jdk17/" + leftOver + ": no run in jdk17/profile.json"),
                outcome.out);
    }

    @Test
    void aSetWhereEveryJvmFailedStillGetsAReportThatSaysSo() throws IOException {
        final Path set = Files.createDirectories(temp.resolve("all-failed"));
        Fixtures.copy(Fixtures.MATRIX_SET.resolve("jdk8"), set.resolve("jdk8"));

        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        assertTrue(report.contains("| jdk8 | 0 / 1 | FAILED: JDK 8 did not start: exit code 1 |"), report);
        assertTrue(report.contains("**jdk8 has no figures**"), report);
        assertFalse(Files.exists(set.resolve("charts")), "nothing to draw");
    }

    @Test
    void caveatsComeFromTheSummaries() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        // The fixture ran on a 2-CPU machine without isolcpus: CPUs 2 and 4 fell back to 0 and 1.
        assertTrue(report.contains("- CPUs 2 (producer) and 4 (consumer) were asked for but not usable: ran on CPUs "
                + "0 and 1 (in 4 of 4 run folders)."), report);
        assertTrue(report.contains("- No isolated CPUs (isolatedCpus empty) in 4 of 4 run folders"), report);
        assertTrue(report.contains("- jdk17, actual send: 99.99% (2 of 2 runs), 99.999% (2 of 2 runs) had fewer "
                + "than 10 samples above it"), report);
        // One line per kind: the JIT caveat of both JVMs together, each with its figures and count.
        assertTrue(report.contains("- 2 JVMs: jdk17 (26 ms, 30 ms; 2 of 2), jdk25 (331 ms, 42 ms; 2 of 2): the JIT "
                + "compiled during the measurement: code was still being (re)compiled while measured."), report);
    }

    /** Beside each article figure, ours are the report's own per-JVM figures; a JVM we did not run says so. */
    @Test
    void theArticlesFiguresStandBesideTheSameJvmsFiguresFromTheRuns() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        final Matcher jdk17 = Pattern.compile("\\| jdk17 \\| 2 / 0 \\| ([0-9,]+ \\([0-9,]+–[0-9,]+\\)) \\| [0-9,]+ \\| "
                + "[0-9,]+ \\| ([0-9,]+) \\(").matcher(report);
        assertTrue(jdk17.find(), "the actual-send table has jdk17's median (range) and 99.99%");
        final String article = report.substring(report.indexOf(ReportMarkdown.ARTICLE_HEADING));
        assertTrue(article.contains("| JDK 17 | 290 / 4,041 | " + jdk17.group(1) + " / " + jdk17.group(2)
                + ", 2 runs |"), article);
        assertTrue(article.contains("| JDK 8 | 280 / 3,951 | not measured (profile jdk8) |"), article);
        assertTrue(article.contains("| GraalVM EE 17 | 270 / just under 3,950 (cut off in our copy) | not measured |"),
                article);
        assertTrue(article.contains("THEIR machine (Ryzen 9 5950X, isolated cores)"), article);
    }

    @Test
    void environmentAuditWarningsAndAllocationAreCaveats() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final Path summary = firstSummary(set.resolve("jdk17"));
        final ObjectNode root =
                (ObjectNode) JSON.readTree(summary.toFile());
        root.putObject("environmentAudit").putArray("warnings").add("CPU frequency governor is powersave");
        ((ObjectNode) root.path("checks").path("allocation"))
                .put("consumerBytes", 4096);
        JSON.writeValue(summary.toFile(), root);

        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        assertTrue(report.contains("- Environment audit: CPU frequency governor is powersave (in 1 of 4 run folders)."),
                report);
        assertTrue(report.contains("- jdk17: the measured loops allocated (0 B producer / 4096 B consumer) in 1 of 2"),
                report);
        assertFalse(report.contains("allocation with a GC"), "no GC in or before that window: " + report);
    }

    /**
     * Allocation with a GC in the window (summary.json's count) or in the placement probe's second before it
     * (intervals.csv, here the real run's) is named with the cause: Chronicle's weakly held index arrays.
     */
    @Test
    void allocationWithAGcInOrJustBeforeTheWindowNamesTheCause() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final List<Path> folders = new ArrayList<>();
        try (Stream<Path> files = Files.list(set.resolve("jdk17"))) {
            files.filter(Files::isDirectory).sorted().forEach(folders::add);
        }
        for (final Path folder : folders) {
            final Path summary = folder.resolve("summary.json");
            final ObjectNode root = (ObjectNode) JSON.readTree(summary.toFile());
            ((ObjectNode) root.path("checks").path("allocation")).put("producerBytes", 240);
            JSON.writeValue(summary.toFile(), root);
        }
        final Path inWindow = folders.get(0).resolve("summary.json");
        final ObjectNode root = (ObjectNode) JSON.readTree(inWindow.toFile());
        ((ObjectNode) root.path("checks").path("jvmDuringMeasurement")).put("gcCount", 1);
        JSON.writeValue(inWindow.toFile(), root);
        Files.copy(Paths.get("src/test/resources/timeline/run-20261125T024002Z-jdk21-28562/intervals.csv"),
                folders.get(1).resolve("intervals.csv"), StandardCopyOption.REPLACE_EXISTING);

        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        assertTrue(report.contains("- jdk17: allocation with a GC in the measured window or the second before it ("
                + folders.get(0).getFileName() + ", " + folders.get(1).getFileName() + ") in 2 of 2 run folders:"
                + " Chronicle Queue keeps each thread's index arrays behind weak references"), report);
    }

    @Test
    void allocationWithNoGcAfterASteadyWarmUpIsNotBlamedOnTheWarmUp() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final List<Path> folders = new ArrayList<>();
        try (Stream<Path> files = Files.list(set.resolve("jdk17"))) {
            files.filter(Files::isDirectory).sorted().forEach(folders::add);
        }
        for (int i = 0; i < folders.size(); i++) {
            final Path summary = folders.get(i).resolve("summary.json");
            final ObjectNode root = (ObjectNode) JSON.readTree(summary.toFile());
            ((ObjectNode) root.path("checks").path("allocation")).put("producerBytes", 352);
            ((ObjectNode) root.path("checks").path("jvmDuringMeasurement")).put("gcCount", 0);
            root.putObject(SteadyStateWatch.SUMMARY_SECTION).put(SteadyStateWatch.REACHED, i == 0);
            JSON.writeValue(summary.toFile(), root);
        }

        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        assertTrue(report.contains("- jdk17: allocation after a steady warm-up with no GC near the window ("
                + folders.get(0).getFileName() + ") in 1 of 2 run folders: no GC reached the window and the warm-up"
                + " ended at steady state with 0 B allocated, so a longer warm-up is not the answer"), report);
    }

    @Test
    void anEmptyOrForeignFolderIsRejectedWithExitCode2AndNothingWritten() throws IOException {
        final Path empty = Files.createDirectories(temp.resolve("empty"));
        final Path foreign = Files.createDirectories(temp.resolve("foreign/sub"));
        Files.write(foreign.resolve("notes.txt"), "not results".getBytes());
        final Path good = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("good"));
        final List<String> before = Fixtures.listing(temp);

        for (final Path bad : new Path[] {empty, foreign.getParent(), temp.resolve("absent")}) {
            final Fixtures.Outcome outcome = Fixtures.report(good.toString(), bad.toString());
            assertEquals(2, outcome.exitCode, bad.toString());
            assertEquals(1, outcome.err.trim().split("\n").length, outcome.err);
            assertTrue(outcome.err.startsWith("error: " + bad), outcome.err);
            assertEquals("", outcome.out);
        }
        assertEquals(before, Fixtures.listing(temp), "nothing written");
        assertEquals(2, Fixtures.report().exitCode);
    }

    @Test
    void aPlainFolderOfRunFoldersIsGroupedByProfile() throws IOException {
        final Path plain = Fixtures.copy(Fixtures.MATRIX_SET.resolve("jdk17"), temp.resolve("plain"));
        Files.delete(plain.resolve("profile.json"));

        assertEquals(0, Fixtures.report(plain.toString()).exitCode);

        final Map<String, List<String>> table = MarkdownTable.after(Fixtures.read(plain.resolve("report.md")),
                "## Latency per JVM, actual send (ns)");
        assertEquals(Arrays.asList("jdk17"), new ArrayList<>(table.keySet()));
        assertEquals(withRange(runsOf(plain), "actualSend", "p50"), table.get("jdk17").get(2));
    }

    @Test
    void severalFoldersMakeMachinesADimensionInEveryReport() throws IOException {
        final Path a = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("a"));
        final Path b = Fixtures.copy(Fixtures.MATRIX_SET.resolve("jdk25"), temp.resolve("b"));

        assertEquals(0, Fixtures.report(a.toString(), b.toString()).exitCode);

        for (final Path set : new Path[] {a, b}) {
            final Map<String, List<String>> table = MarkdownTable.after(Fixtures.read(set.resolve("report.md")),
                    "## Latency per JVM, intended send (ns)");
            // Both fixture sets ran on host "vm": the set name tells them apart.
            assertEquals(Arrays.asList("jdk8 @ vm (a)", "jdk17 @ vm (a)", "jdk25 @ vm (a)", "jdk25 @ vm (b)"),
                    new ArrayList<>(table.keySet()));
            assertEquals(table.get("jdk25 @ vm (a)").subList(1, 7), table.get("jdk25 @ vm (b)").subList(1, 7));
            assertTrue(Files.isRegularFile(set.resolve("charts/over-time-jdk25-vm-b.png")));
        }
        assertEquals(1, JSON.readTree(b.resolve("matrix.json").toFile()).path("rows").size(),
                "matrix.json holds its own set only");
    }

    @Test
    void chronicleAndFloorRunsOfOneJvmGiveARatioPerPercentile() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        // The same two jdk17 runs relabelled as the floor transport, with every actual-send figure doubled and the
        // median quadrupled: each ratio chronicle / floor must then be exactly 0.50, the median's 0.25. Data
        // compared with themselves (all 1.00) could not show a ratio taken the wrong way round or from the wrong
        // percentile.
        final Path floor = Fixtures.copy(set.resolve("jdk17"), set.resolve("jdk17-floor"));
        Files.delete(floor.resolve("profile.json"));
        try (Stream<Path> summaries = Files.walk(floor)) {
            for (final Path summary : summaries.filter(p -> p.endsWith("summary.json")).collect(Collectors.toList())) {
                final ObjectNode root =
                        (ObjectNode) JSON.readTree(summary.toFile());
                ((ObjectNode) root.path("settings")).put("qp.transport", "floor");
                for (final JsonNode run : root.path("runs")) { // the report reads the per-run figures
                    final ObjectNode actual = (ObjectNode) run.path("actualSend");
                    for (final Percentile p : Percentile.values()) {
                        actual.put(p.key(), actual.get(p.key()).asLong() * (p == Percentile.P50 ? 4 : 2));
                    }
                }
                JSON.writeValue(summary.toFile(), root);
            }
        }
        // its runs recorded, as run-matrix.sh records them: only recorded runs are units
        final ObjectNode floorProfile = JSON.createObjectNode().put("profile", "jdk17").put("status", "ok");
        final ArrayNode floorRuns = floorProfile.putArray("runs");
        try (Stream<Path> folders = Files.list(floor)) {
            for (final Path folder : folders.filter(Files::isDirectory).sorted().collect(Collectors.toList())) {
                floorRuns.addObject().put("run", floorRuns.size() + 1).put("transport", "floor").put("status", "ok")
                        .put("exitCode", 0).put("resultsFolder", "jdk17-floor/" + folder.getFileName());
            }
        }
        assertEquals(2, floorRuns.size());
        JSON.writeValue(floor.resolve("profile.json").toFile(), floorProfile);

        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        final List<String> ratios = MarkdownTable.after(report, "## Chronicle Queue against the floor transport")
                .get("jdk17 @ vm");
        assertEquals(Arrays.asList("jdk17 @ vm", "0.25", "0.50", "0.50", "0.50", "0.50", "0.50", "0.50"),
                ratios.stream().map(r -> r.replaceAll(" \\(.*\\)$", "")).collect(Collectors.toList()));
        assertTrue(ratios.get(1).matches("0\\.25 \\(\\d\\.\\d\\d–\\d+\\.\\d\\d\\)"), "with its interval: " + ratios);
        assertTrue(MarkdownTable.after(report, "## Latency per JVM, actual send (ns)").containsKey("jdk17 · floor"));
        assertTrue(Files.isRegularFile(set.resolve("charts/ratio-chronicle-floor.png")));
    }

    @Test
    void sweepsAndJmhResultsInTheSetAreRendered() throws IOException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        for (final String file : new String[] {"sweep-rate.json", "sweep-size.json", "jmh-result.json"}) {
            Files.copy(Fixtures.EXTRAS.resolve(file), set.resolve(file));
        }

        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        final String report = Fixtures.read(set.resolve("report.md"));

        assertTrue(report.contains("- maximum sustained rate: 100,000 msg/s"), report);
        assertTrue(report.contains("- rate where p99 first exceeds 10 µs: 100,000 msg/s"), report);
        final Map<String, List<String>> rate = MarkdownTable.after(report, "## Latency against rate");
        assertEquals(Arrays.asList("10,000", "passed", "9,998", "461", "8,000", "40,000", "90,000", "1,011", "12,000",
                "60,000", "120,000"), rate.get("10,000"));
        assertEquals("failed", rate.get("1,000,000").get(1));
        final Map<String, List<String>> jmh = MarkdownTable.after(report, "## JMH micro-benchmarks");
        assertEquals(Arrays.asList("MessageCodecBenchmark.encode (size=256)", "avgt", "17.0.15",
                "0.0421 ± 0.0012 us/op", "42.1", "–", "–"), jmh.get("MessageCodecBenchmark.encode (size=256)"),
                "avgt's percentiles are over iterations, not operations: none shown");
        assertEquals("–", jmh.get("QueueAppendBenchmark.append").get(4), "throughput has no ns/op");
        assertEquals(Arrays.asList("AppendBenchmark.appendOneMessage", "sample", "17.0.15", "1550 ± 935 ns/op",
                "1,550.1", "301.0", "5,048.0"), jmh.get("AppendBenchmark.appendOneMessage"),
                "sample mode: the mean, and the median and p99 of single appends");
        for (final String chart : new String[] {"sweep-rate", "sweep-size"}) {
            assertNotNull(ImageIO.read(set.resolve("charts/" + chart + ".png").toFile()), chart);
        }
    }

    @Test
    void theIndexListsEverySetWithItsHeadlineChart() throws IOException {
        final Path results = Files.createDirectories(temp.resolve("results"));
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, results.resolve("20261122-vm"));
        Files.createDirectories(results.resolve("runs"));
        assertEquals(0, Fixtures.report(set.toString()).exitCode);

        assertEquals(0, Fixtures.report("--index", results.toString()).exitCode);
        final String index = Fixtures.read(results.resolve("README.md"));

        assertTrue(index.contains("## [20261122-vm](20261122-vm/report.md)"), index);
        final Matcher image = Pattern.compile("!\\[[^]]*\\]\\(([^)]+)\\)").matcher(index);
        assertTrue(image.find(), index);
        assertEquals("20261122-vm/charts/median-actual-send.png", image.group(1));
        assertTrue(Files.isRegularFile(results.resolve(image.group(1))));
        assertFalse(index.contains("[runs]"), "a folder without report.md is not listed");
        assertTrue(index.contains("Verdict (runs as units; docs/verdict.md):\n\n| figure | groups that cannot be told "
                + "apart (lowest median first) |"), index);
        assertTrue(index.contains("\n| intended send, 99.99% | {"), index);
        assertTrue(index.contains("\n\nPersisted inter-thread messaging latency over Chronicle Queue, per JVM, on AMD "
                + "EPYC, 2 CPUs, host vm.\n\n"), index);
        // the older sets' intended-send note links a findings section that exists (GitHub's heading anchors)
        assertTrue(index.contains("([findings](../" + Report.PREPARED_AHEAD + "))"), index);
        final String[] link = Report.PREPARED_AHEAD.split("#");
        final List<String> anchors = Files.readAllLines(Paths.get(link[0])).stream().filter(l -> l.startsWith("## "))
                .map(l -> l.substring(3).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-'))
                .collect(Collectors.toList());
        assertTrue(anchors.contains(link[1]), anchors.toString());
    }

    @Test
    void theIndexListsEachPublishedInterleavedComparisonWithItsPairwiseVerdict() throws IOException {
        final Path results = Files.createDirectories(temp.resolve("results"));
        final Path comparison = Files.createDirectories(results.resolve("interleaved/20261126T000000Z-jdk17-aa"));
        Files.write(comparison.resolve("report.md"), ("# Interleaved comparison 20261126T000000Z-jdk17-1-vs-jdk17-2\n\n"
                + "Started 20261126T000000Z UTC on Linux, 2 CPUs; seed 1  \nProvenance: {}  \n\n"
                + ComparisonReport.VERDICT_HEADING + "\n\n| pair | figure | ratio |\n|---|---|---:|\n"
                + "| jdk17#1 / jdk17#2 | actual-send p50 | 0.976 |\n\n## Paired shift\n\n| pair | shift |\n")
                .getBytes(StandardCharsets.UTF_8));
        Files.createDirectories(results.resolve("interleaved/unfinished"));

        assertEquals(0, Fixtures.report("--index", results.toString()).exitCode);
        final String index = Fixtures.read(results.resolve("README.md"));
        assertTrue(index.contains("# Interleaved comparisons\n"), index);
        assertTrue(index.contains("## [20261126T000000Z-jdk17-aa](interleaved/20261126T000000Z-jdk17-aa/report.md)\n\n"
                + "Started 20261126T000000Z UTC on Linux, 2 CPUs; seed 1\n\n| pair | figure | ratio |\n|---|---|---:|\n"
                + "| jdk17#1 / jdk17#2 | actual-send p50 | 0.976 |\n\n"), index);
        assertFalse(index.contains("| pair | shift |"), "only the verdict table");
        assertFalse(index.contains("unfinished"), "a folder without report.md is not listed");
    }

    @Test
    void anIncompleteSetSaysHowManyOfItsPlannedRunsItHasInItsReportAndTheIndex() throws IOException {
        final Path results = Files.createDirectories(temp.resolve("results"));
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, results.resolve("20261124-vm"));
        final Path planFile = set.resolve("matrix-run.json");
        final ObjectNode plan = (ObjectNode) JSON.readTree(planFile.toFile());
        final ArrayNode order = plan.putArray("order");
        for (int round = 0; round < 2; round++) {
            order.addArray().add("jdk25/chronicle").add("jdk8/chronicle").add("jdk17/chronicle");
        }
        plan.put("status", "partial");
        JSON.writeValue(planFile.toFile(), plan);

        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        assertEquals(0, Fixtures.report("--index", results.toString()).exitCode);

        // jdk17 and jdk25 record two runs each, jdk8 one failed run: 5 of the 2 rounds x 3 units.
        final String line = "**Incomplete set:** 20261124-vm has 5 of its 6 planned runs (fresh JVMs); status "
                + "`partial` in matrix-run.json. Every figure and verdict below covers only those runs. It continues "
                + "with `jvm-profiles/run-matrix.sh --design fresh --resume 20261124-vm`.";
        final String report = Fixtures.read(set.resolve("report.md"));
        assertTrue(report.contains("\n\n" + line + "\n\n"), report);
        assertTrue(report.indexOf(line) < report.indexOf(VerdictSection.HEADING), "said before the verdict");
        assertTrue(Fixtures.read(results.resolve("README.md")).contains("\n\n" + line + "\n\n"));

        plan.put("status", "complete");
        JSON.writeValue(planFile.toFile(), plan);
        assertEquals(0, Fixtures.report(set.toString()).exitCode);
        assertFalse(Fixtures.read(set.resolve("report.md")).contains("Incomplete set"), "a complete set says nothing");
    }

    private static Path firstSummary(final Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(p -> p.endsWith("summary.json")).sorted().findFirst().get();
        }
    }

    /** runs[0] of every summary.json under the folder (the fixture runs have one run per folder). */
    private static List<JsonNode> runsOf(final Path folder) throws IOException {
        final List<JsonNode> runs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (final Path summary : files.filter(p -> p.endsWith("summary.json")).sorted()
                    .collect(Collectors.toList())) {
                final JsonNode root = JSON.readTree(summary.toFile());
                assertEquals(1, root.path("runs").size());
                runs.add(root.path("runs").get(0));
            }
        }
        return runs;
    }

    private static double[] values(final List<JsonNode> runs, final String latency, final String key) {
        return runs.stream().mapToDouble(r -> r.path(latency).path(key).asDouble()).sorted().toArray();
    }

    private static String nanos(final double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    /** Two runs: the median is the mean of both. */
    private static String median(final List<JsonNode> runs, final String latency, final String key) {
        final double[] v = values(runs, latency, key);
        return nanos((v[0] + v[1]) / 2);
    }

    private static String withRange(final List<JsonNode> runs, final String latency, final String key) {
        final double[] v = values(runs, latency, key);
        return median(runs, latency, key) + " (" + nanos(v[0]) + "–" + nanos(v[1]) + ")";
    }
}
