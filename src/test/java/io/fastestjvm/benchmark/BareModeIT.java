package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.results.MeasuredHistograms;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.timeline.JvmCounters;
import io.fastestjvm.warmup.WarmupCollections;

/**
 * One short bare run (qp.bare=true): the producer and consumer alone still give a full summary with the measured
 * window's safepoint count, the placement probe and the harness's CPU time, and write no interval log.
 */
// sized to the run, about 3x: one run: 12 s warm-up + 2 s measured, ~22 s here
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class BareModeIT {
    @TempDir
    Path temp;

    @Test
    void aBareRunWritesTheSummaryWithItsSafepointsAndNoIntervalLog() throws Exception {
        final BenchmarkOptions options = BenchmarkOptions.defaults()
                .withRate(20_000).withSeconds(2).withWarmupSeconds(12)
                .withSetting(Settings.QUEUE_DIR, Files.createDirectories(temp.resolve("queues")).toFile())
                .withResultsDir(temp.resolve("results").toFile()).withSetting(Settings.PROFILE, "bare-test")
                .withSetting(Settings.BARE, true);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        // the run is in this JVM: its safepoint counter, read around the whole run, bounds the window's count
        final JvmCounters counters = JvmCounters.open();
        assertNotNull(counters, "this JVM's hsperfdata counters");
        final long safepointsBefore = counters.safepoints();
        final BenchmarkResult result = new BenchmarkRun(options, new PrintStream(out, true, "UTF-8"),
                new PrintStream(err, true, "UTF-8")).execute();
        final long safepointsOfTheRun = counters.safepoints() - safepointsBefore;
        final String console = new String(out.toByteArray(), StandardCharsets.UTF_8);
        System.out.print(console);
        final JsonNode summary = RunResults.read(result.resultsFolder().resolve(RunResults.FILE_NAME)).tree();

        assertEquals(40_000, summary.get("latency").get("actualSend").get("count").asLong());
        final JsonNode safepoints = summary.get("checks").get("jvmDuringMeasurement").get("safepoints");
        // counted (not unavailable), and only the window's: each full collection the warm-up made stopped the JVM
        // before the window opened, so the window holds at most the run's safepoints less those collections
        long warmupCollections = 0;
        for (final JsonNode collection : summary.at("/steadyState/" + WarmupCollections.SUMMARY_KEY)) {
            warmupCollections += collection.get("collections").asLong();
        }
        assertTrue(warmupCollections >= 1, "the warm-up collected: " + summary.get("steadyState"));
        assertTrue(safepoints.isIntegralNumber(), "safepoints: " + safepoints);
        assertTrue(safepointsOfTheRun >= warmupCollections, "every collection is a safepoint: " + safepointsOfTheRun);
        assertTrue(safepoints.asLong() >= 0 && safepoints.asLong() <= safepointsOfTheRun - warmupCollections,
                "window " + safepoints + ", run " + safepointsOfTheRun + ", warm-up collections " + warmupCollections);
        assertTrue(summary.get("harness").get("bare").asBoolean());
        assertTrue(summary.get("harness").get("cpuMillisPerSecond").asDouble() >= 0);
        assertTrue(summary.get("placement").get("before").get("medianRoundTripNanos").asDouble() > 0);
        assertTrue(summary.get("placement").get("after").get("medianRoundTripNanos").asDouble() > 0);
        // 12 s of warm-up: 6 s fast stage, then the paced stage, whose second chunk rehearses the probe
        assertTrue(summary.get("placement").get("warmup").get("medianRoundTripNanos").asDouble() > 0);
        assertFalse(summary.get("jitter").get("enabled").asBoolean());
        try (Stream<Path> files = Files.list(result.resultsFolder())) {
            // the measured histograms are written after the run, as the .hgrm files are; no per-second log
            assertTrue(files.noneMatch(f -> f.toString().endsWith(".hlog")
                    && !f.endsWith(MeasuredHistograms.FILE_NAME)), "bare mode writes no interval .hlog");
        }
        assertFalse(new String(err.toByteArray(), StandardCharsets.UTF_8).contains("[qp] measured"),
                "bare mode prints no progress lines");
        assertTrue(console.contains("safepoints in the measured window: " + safepoints.asLong()), console);
        assertTrue(console.contains("core-to-core round trip between the benchmark CPUs: before "), console);
    }
}
