package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.IntervalLog;
import io.fastestjvm.results.MeasuredHistograms;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.timeline.IntervalRow;
import io.fastestjvm.timeline.IntervalTable;

/**
 * One short real run (2 runs of 2 s at 20k msg/s, on whatever CPUs exist), then checks of everything it wrote.
 * The warm-up is long enough for C2 on a busy 2-CPU machine: the allocation check fails if it is not. Its
 * steady-state rule asks for more quiet seconds than the paced stage has, so the warm-up always runs to its
 * bound: the summary's "not reached" branch is asserted, every time (the criterion's reached cases, with the
 * second they give, are SteadyStateCriterionTest's).
 */
// each test only reads the one run @BeforeAll made (bounded there)
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class BenchmarkRunIT {
    static final int RATE = 20_000;
    static final int SECONDS = 2;
    static final int RUNS = 2;
    static final int WARMUP_SECONDS = 12;
    static final int SIZE = 256;
    static final int UNREACHABLE_STEADY_SECONDS = WARMUP_SECONDS;

    @TempDir
    static Path temp;
    static BenchmarkResult result;
    static JsonNode summary;
    static String console;
    static File queueParent;

    @BeforeAll
    @Timeout(value = 2, unit = TimeUnit.MINUTES) // 12 s warm-up + 2 x 2 s measured + start-up: ~33 s here
    static void runOnce() throws Exception {
        queueParent = Files.createDirectories(temp.resolve("queues")).toFile();
        final BenchmarkOptions options = BenchmarkOptions.defaults()
                .withRate(RATE).withSeconds(SECONDS).withSetting(Settings.RUNS, RUNS).withWarmupSeconds(WARMUP_SECONDS)
                .withSize(SIZE).withSetting(Settings.QUEUE_DIR, queueParent).withResultsDir(temp.resolve("results").toFile())
                .withSetting(Settings.PROFILE, "test")
                // more quiet seconds than the paced stage's 6: steady state is never reached, the warm-up runs 12 s
                .withSetting(Settings.STEADY_SECONDS, UNREACHABLE_STEADY_SECONDS);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        result = new BenchmarkRun(options, new PrintStream(out, true, "UTF-8"), System.err).execute();
        console = new String(out.toByteArray(), StandardCharsets.UTF_8);
        System.out.print(console);
        summary = RunResults.read(result.resultsFolder().resolve(RunResults.FILE_NAME)).tree();
    }

    @Test
    void everyCheckPassedAndTheExitCodeSaysSo() {
        assertEquals(Arrays.asList(), result.failures());
        assertEquals(BenchmarkResult.PASSED, result.exitCode());
        assertEquals("passed", summary.get("status").asText());
        assertEquals(0, summary.get("failures").size());
    }

    /** The index-block stage: half the warm-up at 4 x RATE, at least the first stage's least rate. */
    private static long fastStageMessages() {
        return Math.max(4L * RATE, BenchmarkOptions.FAST_STAGE_MIN_RATE) * (WARMUP_SECONDS / 2);
    }

    /** The index-block stage, then whole paced seconds, at most the other half of the warm-up. */
    static long warmupMessages() {
        final long warmup = summary.at("/messages/warmup").asLong();
        final long fast = fastStageMessages();
        assertTrue(warmup >= fast && warmup <= fast + (long) RATE * (WARMUP_SECONDS / 2), "warm-up " + warmup);
        assertEquals(0, (warmup - fast) % RATE, "the paced stage is whole seconds");
        return warmup;
    }

    @Test
    void everyMessageArrivedInOrder() {
        final long expected = warmupMessages() + (long) RATE * SECONDS * RUNS;
        final JsonNode messages = summary.get("messages");
        assertEquals(expected, messages.get("expected").asLong());
        assertEquals(expected, messages.get("sent").asLong());
        assertEquals(expected, messages.get("received").asLong());
        assertTrue(summary.at("/checks/sequence/passed").asBoolean());
    }

    @Test
    void aSteadyStateRuleThePacedStageCannotMeetRunsTheWarmupToItsBoundAndSaysSo() {
        final JsonNode steady = summary.get("steadyState");
        final long pacedSeconds = (warmupMessages() - fastStageMessages()) / RATE;
        assertFalse(steady.get("reached").asBoolean(), steady.toString());
        assertTrue(steady.get("atSecond").isNull(), steady.toString());
        assertEquals(WARMUP_SECONDS / 2, pacedSeconds, "unreached: the warm-up ran to its bound");
        assertTrue(steady.get("warning").asText().contains("steady state not reached"), steady.toString());
        assertTrue(steady.get("criterion").asText().contains("no JIT compilation or deoptimisation"));
        assertEquals(pacedSeconds, steady.get("jitEventsPerPacedSecond").size());
        assertEquals(WARMUP_SECONDS / 2, steady.get("fastStageSeconds").asInt());
    }

    @Test
    void theWarmupCollectedBeforeTheFirstStagesSecondsOneAndTwoAndAsThePacedStageStarted() {
        final JsonNode collections = summary.at("/steadyState/warmupGcs");
        assertEquals(3, collections.size(), collections.toString());
        final int[] seconds = {1, 2, WARMUP_SECONDS / 2};
        for (int i = 0; i < seconds.length; i++) {
            assertEquals(seconds[i], collections.get(i).get("beforeWarmupSecond").asInt(), collections.toString());
            assertTrue(collections.get(i).get("collections").asLong() >= 1, collections.toString());
        }
    }

    @Test
    void theWarmupResolvedTheStringLiteralsOfTheLoadedClasses() {
        final JsonNode literals = summary.at("/steadyState/stringLiterals");
        assertFalse(literals.has("unavailable"), literals.toString());
        assertTrue(literals.get("classes").asInt() > 100, "this run's own classes and Chronicle's: " + literals);
        assertTrue(literals.get("literals").asInt() > literals.get("classes").asInt(), literals.toString());
    }

    @Test
    void nothingWasAllocatedInTheMeasuredLoops() {
        final JsonNode allocation = summary.at("/checks/allocation");
        assertEquals(0, allocation.get("producerBytes").asLong());
        assertEquals(0, allocation.get("consumerBytes").asLong());
        assertTrue(allocation.get("passed").asBoolean());
    }

    @Test
    void thePersistenceProofReadEveryMessageBackFromTheFiles() {
        final JsonNode proof = summary.at("/checks/persistence");
        final long expected = summary.at("/messages/expected").asLong();
        assertTrue(proof.get("applicable").asBoolean());
        assertTrue(proof.get("passed").asBoolean());
        assertEquals(expected, proof.get("messagesRead").asLong());
        assertEquals(expected * SIZE, proof.get("bytesRead").asLong());
        assertFalse(new File(proof.get("queueDirectory").asText()).exists(), "queue must be deleted");
        assertEquals(0, queueParent.list().length);
    }

    @Test
    void summaryRecordsEverySettingAndTheEnvironment() {
        for (final String name : Settings.ALL.stream().map(s -> s.name()).toArray(String[]::new)) {
            assertTrue(summary.at("/settings").has(name), name);
        }
        assertEquals(String.valueOf(RATE), summary.at("/settings/qp.rate").asText());
        for (final String key : new String[] {"java.version", "java.vendor", "java.vm.name", "java.vm.version",
                "jvmArguments", "kernel", "os", "cpuModel", "cpuCount", "isolatedCpus", "queueDirectory",
                "queueFileSystem", "jit"}) {
            assertTrue(summary.at("/environment").has(key), key);
        }
        assertEquals(System.getProperty("java.version"), summary.at("/environment/java.version").asText());
        for (final String thread : new String[] {"producer", "consumer"}) {
            final JsonNode cpu = summary.at("/affinity/" + thread);
            assertTrue(cpu.has("requestedCpu") && cpu.has("actualCpus"), thread);
            assertTrue(cpu.get("pinnedAsPlanned").asBoolean(), thread);
            assertFalse(cpu.get("actualCpus").asText().isEmpty(), thread);
        }
        assertEquals(2, summary.at("/affinity/producer/requestedCpu").asInt());
        assertTrue(summary.at("/durations/measuredSeconds").asDouble() >= SECONDS * RUNS * 0.9);
    }

    @Test
    void percentilesAreConsistentAndIntendedSendDominatesActualSend() {
        final JsonNode actual = summary.at("/latency/actualSend");
        final JsonNode intended = summary.at("/latency/intendedSend");
        assertEquals((long) RATE * SECONDS * RUNS, actual.get("count").asLong());
        assertEquals(actual.get("count").asLong(), intended.get("count").asLong());
        final String[] keys = {"min", "p50", "p90", "p99", "p99_9", "p99_99", "p99_999", "worst"};
        for (int i = 1; i < keys.length; i++) {
            assertTrue(actual.get(keys[i - 1]).asLong() <= actual.get(keys[i]).asLong(), keys[i]);
            // every message's intended send is at or before its actual send
            assertTrue(intended.get(keys[i]).asLong() >= actual.get(keys[i]).asLong(), keys[i]);
        }
        assertEquals(RUNS, summary.get("runs").size());
        long runTotal = 0;
        for (final JsonNode run : summary.get("runs")) {
            runTotal += run.at("/actualSend/count").asLong();
        }
        assertEquals(actual.get("count").asLong(), runTotal);
        // 40,000 samples: 99.999% has at most one sample above it
        assertTrue(actual.get("notMeaningful").toString().contains("p99_999"));
    }

    @Test
    void eachPercentileCarriesAConfidenceIntervalAndItsVariationAcrossRuns() {
        for (final Latency definition : Latency.ALL) {
            final String latency = definition.key();
            final JsonNode node = summary.at("/latency/" + latency);
            assertTrue(node.get("confidence95Method").asText().contains("order-statistic"), latency);
            assertTrue(node.get("variationMethod").asText().startsWith("JLBH"), latency);
            for (final Percentile percentile : Percentile.LADDER) {
                final String key = percentile.key();
                final JsonNode interval = node.at("/confidence95/" + key);
                assertEquals(2, interval.size(), latency + " " + key);
                assertTrue(interval.get(0).asLong() <= interval.get(1).asLong(), latency + " " + key);
                assertTrue(node.at("/variationPercent/" + key).asDouble(-1) >= 0, latency + " " + key);
            }
            // the histogram's median (3 significant digits) lies within the raw samples' interval
            final long p50 = node.get("p50").asLong();
            assertTrue(node.at("/confidence95/p50/0").asLong() <= p50 * 1.001 + 1
                    && p50 <= node.at("/confidence95/p50/1").asLong() * 1.001 + 1, node.toString());
            assertTrue(node.at("/variationPercent/worst").asDouble(-1) >= 0, latency);
            assertTrue(node.get("notMeaningful").toString().contains("p99_999"), latency);
        }
        assertTrue(console.contains("95% CI (ns)"), "confidence table printed");
        assertTrue(console.contains("% Variation"), "run variation table printed");
    }

    @Test
    void summaryRecordsTheEnvironmentAuditJitterAndTimerFloor() {
        final JsonNode audit = summary.get("environmentAudit");
        for (final String check : new String[] {"cpuIsolation", "frequencyGovernor", "turbo", "transparentHugePages",
                "virtualisation", "cpuCount", "storage", "load"}) {
            assertTrue(audit.at("/checks").has(check), check);
        }
        for (final JsonNode warning : audit.get("warnings")) {
            assertFalse(warning.get("fix").asText().isEmpty(), warning.toString());
        }
        final JsonNode during = audit.get("duringRun");
        assertTrue(during.get("producerInvoluntaryContextSwitches").asLong(-1) >= 0, during.toString());
        assertTrue(during.get("consumerInvoluntaryContextSwitches").asLong(-1) >= 0, during.toString());
        assertTrue(during.get("stealSeconds").asDouble(-1) >= 0, during.toString());
        assertTrue(summary.at("/timerFloor/medianNanos").asLong() > 0);
        assertTrue(summary.at("/timerFloor/granularityNanos").asLong() > 0);
        final JsonNode jitter = summary.get("jitter");
        assertTrue(jitter.has("enabled") && !jitter.get("reason").asText().isEmpty(), jitter.toString());
        if (Runtime.getRuntime().availableProcessors() <= 2) {
            assertFalse(jitter.get("enabled").asBoolean(), "no CPU free for the probe: off by default");
        }
        assertFalse(summary.has("calibration"), "no injection asked for");
    }

    @Test
    void theIntervalLogsGiveBackTheSummaryPercentiles() throws IOException {
        for (final String latency : new String[] {"actual-send", "intended-send"}) {
            final Histogram measured = new Histogram(3);
            long warmupCount = 0;
            final HistogramLogReader reader = new HistogramLogReader(
                    result.resultsFolder().resolve(latency + ".hlog").toFile());
            EncodableHistogram interval;
            int intervals = 0;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                final Histogram histogram = (Histogram) interval;
                if (IntervalLog.WARMUP_TAG.equals(histogram.getTag())) {
                    warmupCount += histogram.getTotalCount();
                } else {
                    measured.add(histogram);
                    intervals++;
                }
            }
            assertEquals(warmupMessages(), warmupCount, latency);
            assertTrue(intervals >= SECONDS * RUNS - 1, latency + ": one interval a second, got " + intervals);
            final JsonNode node = summary.at("/latency/" + Latency.named(latency).key());
            assertEquals(node.get("count").asLong(), measured.getTotalCount(), latency);
            for (final Percentile percentile : Percentile.LADDER) {
                assertEquals(node.get(percentile.key()).asLong(),
                        measured.getValueAtPercentile(percentile.percent()), latency);
            }
            assertEquals(node.get("worst").asLong(), measured.getMaxValue(), latency);
        }
    }

    @Test
    void theMeasuredHistogramsAreTheSummarysSamples() throws IOException {
        final Map<String, Histogram> merged = MeasuredHistograms.read(result.resultsFolder());
        assertEquals(Arrays.asList("actual-send", "intended-send"), new ArrayList<>(merged.keySet()));
        for (final Map.Entry<String, Histogram> latency : merged.entrySet()) {
            final JsonNode node = summary.at("/latency/" + Latency.named(latency.getKey()).key());
            assertEquals(node.get("count").asLong(), latency.getValue().getTotalCount(), latency.getKey());
            assertEquals(node.get("p50").asLong(), latency.getValue().getValueAtPercentile(50), latency.getKey());
            assertEquals(node.get("worst").asLong(), latency.getValue().getMaxValue(), latency.getKey());
        }
    }

    @Test
    void thePercentileDistributionFilesMatchTheSummary() throws IOException {
        for (final String latency : new String[] {"actual-send", "intended-send"}) {
            final List<String> lines = Files.readAllLines(result.resultsFolder().resolve(latency + ".hgrm"));
            final JsonNode node = summary.at("/latency/" + Latency.named(latency).key());
            final String footer = lines.stream().filter(l -> l.startsWith("#[Max")).findFirst().orElse("");
            assertTrue(footer.matches("#\\[Max\\s*=\\s*" + node.get("worst").asLong()
                    + "\\.000, Total count\\s*=\\s*" + node.get("count").asLong() + "]"), footer);
            assertTrue(lines.get(0).trim().startsWith("Value"), "hgrm header");
        }
    }

    @Test
    void theResultsFolderHoldsOnlyFinishedFiles() throws IOException {
        final List<String> names = new ArrayList<>(Arrays.asList(result.resultsFolder().toFile().list()));
        names.sort(null);
        assertEquals(Arrays.asList("actual-send.hgrm", "actual-send.hlog", "histograms.hlog", "intended-send.hgrm",
                "intended-send.hlog", "intervals.csv", "jvm-events.csv", "summary.json"), names);
        assertTrue(result.resultsFolder().getFileName().toString().contains("-test-"));
        assertEquals("chronicle", summary.at("/transport/name").asText());
        assertTrue(summary.at("/transport/blockSizeBytes").asLong() > 0);
    }

    @Test
    void theLastConsoleLineNamesTheResultsFolder() throws FileNotFoundException {
        final String[] lines = console.trim().split("\n");
        assertEquals("results: " + result.resultsFolder().toAbsolutePath(), lines[lines.length - 1]);
        assertTrue(console.contains("Percentile"));
        // the test JVM runs Graal only when its command line asks for the JVMCI compiler
        final boolean graal = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains("-XX:+UseJVMCICompiler");
        assertEquals(graal ? "Graal (JVMCI)" : "HotSpot C1/C2", summary.at("/environment/jit/compiler").asText(),
                summary.at("/environment/jit").toString());
    }

    @Test
    void intervalsCsvHasOneRowPerSecondWhoseMeasuredCountsAddUpToTheMeasuredCount() throws IOException {
        final List<Map<String, String>> rows = ProvokedDeoptimisationIT.csv(
                result.resultsFolder().resolve(IntervalTable.FILE_NAME));
        assertEquals(String.join(",", IntervalRow.COLUMNS),
                Files.readAllLines(result.resultsFolder().resolve(IntervalTable.FILE_NAME)).get(0));
        final long measured = (long) RATE * SECONDS * RUNS;
        long actual = 0;
        long intended = 0;
        long nextSecond = 0;
        for (final Map<String, String> row : rows) {
            if (IntervalRow.MEASURED.equals(row.get("phase"))) {
                assertEquals(nextSecond++, Long.parseLong(row.get("second")), "measured seconds count up from 0");
                actual += Long.parseLong(row.get("actualSendCount"));
                intended += Long.parseLong(row.get("intendedSendCount"));
            }
        }
        final String csv = String.join("\n", Files.readAllLines(result.resultsFolder().resolve(IntervalTable.FILE_NAME)));
        assertEquals(measured, actual, csv);
        assertEquals(measured, intended, csv);
        assertTrue(rows.stream().anyMatch(r -> IntervalRow.WARMUP.equals(r.get("phase"))), "warm-up rows too");
        assertTrue(Files.isRegularFile(result.resultsFolder().resolve(IntervalTable.EVENTS_FILE)));
    }

    /**
     * The totals count the events between the first and the last measured message: at most what the measured rows
     * hold (the first row also holds the warm-up's end, the last one the clean-up after the last message) and at
     * least what the rows strictly inside the window hold.
     */
    @Test
    void summaryTotalsTheEventsOfTheMeasuredWindow() throws IOException {
        final JsonNode jvm = summary.path("checks").path("jvmDuringMeasurement");
        final List<Map<String, String>> measuredRows = new ArrayList<>();
        for (final Map<String, String> row : ProvokedDeoptimisationIT.csv(
                result.resultsFolder().resolve(IntervalTable.FILE_NAME))) {
            if (IntervalRow.MEASURED.equals(row.get("phase"))) {
                measuredRows.add(row);
            }
        }
        assertTrue(measuredRows.size() >= 3, "a first, a last and inner rows: " + measuredRows.size());
        final List<Map<String, String>> innerRows = measuredRows.subList(1, measuredRows.size() - 1);
        for (final String key : Arrays.asList("hotPathDeopts", "safepoints")) {
            assertTrue(jvm.path(key).isIntegralNumber(), key + " (JDK 17 records JFR): " + jvm);
            final long total = jvm.get(key).asLong();
            assertTrue(total <= measuredRows.stream().mapToLong(r -> Long.parseLong(r.get(key))).sum(), key);
            assertTrue(total >= innerRows.stream().mapToLong(r -> Long.parseLong(r.get(key))).sum(), key);
        }
        // the rows' stopped time comes from HotSpot's counters, the total's from the events: the same safepoints
        assertEquals(jvm.get("safepoints").asLong() == 0, jvm.get("safepointMicros").asLong() == 0, jvm.toString());
        assertTrue(jvm.get("maxTimeToSafepointMicros").asLong() <= measuredRows.stream()
                .mapToLong(r -> Long.parseLong(r.get("maxTimeToSafepointMicros"))).max().getAsLong());
        assertTrue(jvm.has("gcCount") && jvm.has("jitCompileMillis"), "beside the existing keys");
        assertTrue(console.contains("JVM during measurement: hot-path deoptimisations " + jvm.get("hotPathDeopts")),
                console);
    }
}
