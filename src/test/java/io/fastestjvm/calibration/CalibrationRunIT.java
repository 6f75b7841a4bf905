package io.fastestjvm.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.benchmark.BenchmarkRun;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.results.model.RunResults;

/**
 * Two short real runs with known injected delays. A 400 ms stall at 20,000 msg/s leaves 8,000 messages due
 * during it; the one whose due time is t into it cannot be received before the stall ends, so at least 3,999 of
 * them (those due in its first half, less one interval) have an intended-send latency above 200 ms, whatever else
 * the machine does. Actual-send latency tells the two stalls apart: a stalled producer stamps late and its
 * messages look fast; a stalled consumer makes them wait after they were stamped.
 */
// each test only reads the two runs @BeforeAll made (bounded there)
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class CalibrationRunIT {
    static final int RATE = 20_000;
    static final long STALL_MILLIS = 400;
    static final long STALL_NANOS = STALL_MILLIS * 1_000_000L;
    static final long INTERVAL_NANOS = 1_000_000_000L / RATE;
    static final int DUE_DURING_STALL = (int) (STALL_MILLIS * RATE / 1000);
    static final long GUARANTEED_ABOVE_HALF = DUE_DURING_STALL / 2 - 1;
    static final long SPIN_NANOS = 1_000_000;
    static final int SPIN_EVERY = 4_000;
    static final int SECONDS = 3;

    @TempDir
    static Path temp;
    static JsonNode producerStalled;
    static JsonNode consumerStalled;

    static JsonNode run(final String name, final int warmupSeconds, final String... settings) throws Exception {
        final Properties properties = new Properties();
        properties.setProperty(Settings.RATE.name(), String.valueOf(RATE));
        properties.setProperty(Settings.SECONDS.name(), String.valueOf(SECONDS));
        properties.setProperty(Settings.WARMUP_SECONDS.name(), String.valueOf(warmupSeconds));
        properties.setProperty(Settings.QUEUE_DIR.name(), Files.createDirectories(temp.resolve("q-" + name)).toString());
        properties.setProperty(Settings.RESULTS_DIR.name(), temp.resolve("results").toString());
        properties.setProperty(Settings.PROFILE.name(), name);
        for (int i = 0; i < settings.length; i += 2) {
            properties.setProperty(settings[i], settings[i + 1]);
        }
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final BenchmarkResult result = new BenchmarkRun(BenchmarkOptions.fromProperties(properties),
                new PrintStream(out, true, "UTF-8"), System.err).execute();
        System.out.print(new String(out.toByteArray(), StandardCharsets.UTF_8));
        return RunResults.read(result.resultsFolder().resolve(RunResults.FILE_NAME)).tree();
    }

    @BeforeAll
    @Timeout(value = 3, unit = TimeUnit.MINUTES) // two runs: 12 s and 4 s of warm-up, 3 s measured each, + start-up
    static void runBoth() throws Exception {
        // warm-up long enough for C2 on a busy 2-CPU machine: this run's allocation check must pass
        producerStalled = run("producer-stall", 12,
                Settings.INJECT_PRODUCER_STALL_MILLIS.name(), String.valueOf(STALL_MILLIS),
                Settings.INJECT_CONSUMER_SPIN_NANOS.name(), String.valueOf(SPIN_NANOS),
                Settings.INJECT_EVERY_MESSAGES.name(), String.valueOf(SPIN_EVERY));
        consumerStalled = run("consumer-stall", 4,
                Settings.INJECT_CONSUMER_STALL_MILLIS.name(), String.valueOf(STALL_MILLIS),
                Settings.JITTER_PROBE.name(), "true", Settings.JITTER_THRESHOLD_NANOS.name(), "1");
    }

    @Test
    void aProducerStallShowsInIntendedSendOnly() {
        final JsonNode stall = producerStalled.at("/calibration/observed/stall");
        assertEquals(DUE_DURING_STALL, stall.get("messagesDueDuringStall").asInt());
        final long intendedAbove = stall.get("intendedSendAboveHalfStall").asLong();
        assertTrue(intendedAbove >= GUARANTEED_ABOVE_HALF && intendedAbove <= DUE_DURING_STALL, stall.toString());
        // the late producer stamps late: actual-send sees at most half of what intended-send sees (only a consumer
        // that the OS deschedules during the catch-up burst adds any), and the first late message looks fast
        assertTrue(stall.get("actualSendAboveHalfStall").asLong() * 2 <= intendedAbove, stall.toString());
        assertTrue(stall.get("firstMessageIntendedSendNanos").asLong() >= STALL_NANOS - INTERVAL_NANOS,
                stall.toString());
        assertTrue(stall.get("firstMessageActualSendNanos").asLong() < STALL_NANOS / 2, stall.toString());
        assertTrue(producerStalled.at("/latency/intendedSend/worst").asLong() >= STALL_NANOS - INTERVAL_NANOS);
        assertTrue(producerStalled.at("/latency/intendedSend/samplesAbove/p90").asLong() > 0);
    }

    @Test
    void aConsumerStallShowsInBothDefinitions() {
        final JsonNode stall = consumerStalled.at("/calibration/observed/stall");
        assertEquals(DUE_DURING_STALL, stall.get("messagesDueDuringStall").asInt());
        assertTrue(stall.get("intendedSendAboveHalfStall").asLong() >= GUARANTEED_ABOVE_HALF, stall.toString());
        // stamped on time, read after the stall: actual-send sees it too (a descheduled producer may stamp late)
        assertTrue(stall.get("actualSendAboveHalfStall").asLong() >= GUARANTEED_ABOVE_HALF * 9 / 10,
                stall.toString());
        assertTrue(stall.get("firstMessageActualSendNanos").asLong() >= STALL_NANOS / 2, stall.toString());
        assertTrue(consumerStalled.at("/latency/actualSend/worst").asLong() >= STALL_NANOS / 2);
    }

    @Test
    void aConsumerSpinDelaysItsMessageInBothDefinitions() {
        final JsonNode spin = producerStalled.at("/calibration/observed/spin");
        // measured sequences 240,000..299,999: the spun ones are its multiples of 4,000, the first included
        final long spins = spin.get("spunMeasuredMessages").asLong();
        assertEquals((long) RATE * SECONDS / SPIN_EVERY, spins);
        assertEquals(SPIN_NANOS, spin.get("thresholdNanos").asLong());
        assertEquals(spins, spin.get("intendedSendAtOrAboveThreshold").asLong(), spin.toString());
        assertEquals(spins, spin.get("actualSendAtOrAboveThreshold").asLong(), spin.toString());
    }

    @Test
    void injectionCostsTheMeasuredLoopsNoAllocation() {
        final JsonNode allocation = producerStalled.at("/checks/allocation");
        assertEquals(0, allocation.get("producerBytes").asLong(), allocation.toString());
        assertEquals(0, allocation.get("consumerBytes").asLong(), allocation.toString());
        assertEquals(STALL_MILLIS, producerStalled.at("/calibration/producerStallMillis").asLong());
        assertEquals(0, producerStalled.at("/calibration/consumerStallMillis").asLong());
    }

    @Test
    void aForcedJitterProbeRecordsAConsistentHistogram() {
        final JsonNode jitter = consumerStalled.get("jitter");
        assertTrue(jitter.get("enabled").asBoolean(), jitter.toString());
        // with a 1 ns threshold every step of the clock is a gap: a probe that ran must record many
        final long count = jitter.get("count").asLong();
        assertTrue(count > 1_000, jitter.toString());
        assertTrue(jitter.get("p50").asLong() <= jitter.get("p99").asLong()
                && jitter.get("p99").asLong() <= jitter.get("max").asLong(), jitter.toString());
        final long threshold = jitter.get("thresholdNanos").asLong();
        assertEquals(1, threshold);
        assertTrue(jitter.get("lostNanos").asLong() >= count * threshold, jitter.toString());
        assertTrue(jitter.get("lostNanos").asLong() <= jitter.get("seconds").asDouble() * 1e9 + 1e6,
                jitter.toString());
        assertTrue(jitter.get("lostNanos").asLong() >= jitter.get("seconds").asDouble() * 1e9 * 0.9,
                "the clock's steps add up to the probe's time: " + jitter);
        assertEquals(0, jitter.get("allocatedBytes").asLong());
        if (Runtime.getRuntime().availableProcessors() <= 2) {
            assertTrue(jitter.get("sharesCpuWithBenchmark").asBoolean(), "2 CPUs: the probe must share one");
        }
    }
}
