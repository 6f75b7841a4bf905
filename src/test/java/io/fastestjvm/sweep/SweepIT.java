package io.fastestjvm.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.faults.ProcessIdentity;

/** Tiny real sweeps (1-second points over the floor ring) write well-formed output; a bad setting exits 2. */
// sized to the run, about 3x: a sweep of up to 3 points of 1 s warm-up + 1 s measured: ~60 s here
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SweepIT {
    private static final String[] POINT_KEYS = {"rate", "size", "status", "resultsFolder", "achievedRate",
            "actualSend", "intendedSend"};
    private static final String[] PERCENTILES = {"p50", "p90", "p99", "p99_9", "worst"};

    @TempDir
    Path temp;

    @ParameterizedTest
    @CsvSource({"rate, sweep.rates, 1000;2000;4000, qp.size, 64", "size, sweep.sizes, 32;64, qp.rate, 2000"})
    void aTinySweepWritesWellFormedOutput(final String kind, final String stepsSetting, final String steps,
                                          final String fixedSetting, final String fixedValue) throws Exception {
        final Path set = temp.resolve("set");
        final Properties properties = tinySweep(kind, set);
        properties.setProperty(stepsSetting, steps.replace(';', ','));
        properties.setProperty(fixedSetting, fixedValue);
        final int exitCode = Sweep.run(properties, System.out, System.err);

        final JsonNode sweep = new ObjectMapper().readTree(set.resolve("sweep-" + kind + ".json").toFile());
        assertEquals(kind, sweep.get("kind").asText());
        assertEquals("floor", sweep.get("transport").asText());
        assertEquals("sweeptest", sweep.get("jvm").asText());
        final JsonNode points = sweep.get("points");
        final String[] expectedSteps = steps.split(";");
        final JsonNode last = points.get(points.size() - 1);
        if (points.size() < expectedSteps.length) {
            // only a rate sweep stops early, and only at a rate the producer did not sustain
            assertEquals("rate", kind);
            assertFalse(last.get("sustained").asBoolean());
        }
        assertTrue(points.size() >= 1);
        boolean anyFailed = false;
        for (final JsonNode point : points) {
            anyFailed |= !"passed".equals(point.get("status").asText());
        }
        // a point that failed its checks (on a busy machine, say) fails the sweep
        assertEquals(anyFailed ? BenchmarkResult.CHECK_FAILED : BenchmarkResult.PASSED, exitCode);
        long previous = 0;
        for (int i = 0; i < points.size(); i++) {
            final JsonNode point = points.get(i);
            for (final String key : POINT_KEYS) {
                assertTrue(point.has(key), key);
            }
            final long step = point.get(kind).asLong();
            assertEquals(Long.parseLong(expectedSteps[i]), step);
            assertTrue(step > previous, "steps rise");
            previous = step;
            for (final String latency : new String[] {"actualSend", "intendedSend"}) {
                for (final String percentile : PERCENTILES) {
                    assertTrue(point.at("/" + latency + "/" + percentile).asLong() > 0, latency + percentile);
                }
            }
            assertTrue(point.get("achievedRate").asLong() > 0);
            final File folder = set.resolve(point.get("resultsFolder").asText()).toFile();
            assertTrue(new File(folder, "summary.json").isFile(), folder.toString());
            assertTrue(point.get("resultsFolder").asText().startsWith(kind + "/"));
        }
        // qp.fork (the default): every point in a fresh JVM of its own, none in this one
        final Set<String> pids = new HashSet<>();
        for (final JsonNode point : points) {
            final String folder = point.get("resultsFolder").asText();
            pids.add(folder.substring(folder.lastIndexOf('-') + 1));
        }
        assertEquals(points.size(), pids.size(), "one JVM per point: " + pids);
        assertFalse(pids.contains(String.valueOf(ProcessIdentity.current().pid)), "a point ran in this JVM");
        assertTrue(sweep.at("/jvmWarmup/skipped").isTextual(), sweep.toString());
        assertTrue(sweep.has("maxSustainedRate") && sweep.has("rateWhereP99Exceeds10us"));
        if (kind.equals("rate")) {
            // the rule applied to the points themselves: the last rate before the first one not sustained or failed
            Long expected = null;
            for (final JsonNode point : points) {
                if (!point.get("sustained").asBoolean() || !"passed".equals(point.get("status").asText())) {
                    break;
                }
                expected = point.get("rate").asLong();
            }
            assertEquals(expected == null ? "null" : expected.toString(), sweep.get("maxSustainedRate").toString());
            Long firstOver10us = null;
            for (final JsonNode point : points) {
                if (point.at("/actualSend/p99").asLong() > 10_000) {
                    firstOver10us = point.get("rate").asLong();
                    break;
                }
            }
            assertEquals(String.valueOf(firstOver10us), sweep.get("rateWhereP99Exceeds10us").toString());
        } else {
            assertEquals(expectedSteps.length, points.size(), "a size sweep runs every size");
            assertTrue(sweep.get("maxSustainedRate").isNull());
            assertEquals(2000, points.get(0).get("rate").asLong());
        }
        final List<String> csv = Files.readAllLines(set.resolve("sweep-" + kind + ".csv"));
        assertEquals(points.size() + 1, csv.size());
        assertTrue(csv.get(0).startsWith("transport,jvm,rate,size,status,sustained,achievedRate,actualSend_p50"));
        assertEquals(csv.get(0).split(",").length, csv.get(1).split(",", -1).length);
    }

    @Test
    void aBadSweepSettingIsOneLineAndExitTwoWithNothingWritten() throws Exception {
        final Path set = temp.resolve("set");
        final Properties properties = tinySweep("rate", set);
        properties.setProperty("sweep.rates", "2000,1000");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(BenchmarkResult.INVALID_SETTING, Sweep.run(properties, System.out,
                new PrintStream(err, true, "UTF-8")));
        assertEquals("error: sweep.rates: 1000 does not rise above the value before it; accepted: rising msg/s"
                + " values, comma-separated, each 1 to 50000000\n",
                new String(err.toByteArray(), StandardCharsets.UTF_8));
        assertFalse(set.toFile().exists());

        properties.setProperty("sweep.rates", "1000");
        properties.setProperty("sweep.kind", "latency");
        assertEquals(BenchmarkResult.INVALID_SETTING, Sweep.run(properties, System.out, System.out));
        properties.setProperty("sweep.kind", "rate");
        properties.setProperty("sweep.second", "1");
        assertEquals(BenchmarkResult.INVALID_SETTING, Sweep.run(properties, System.out, System.out));
        assertFalse(set.toFile().exists());
    }

    private Properties tinySweep(final String kind, final Path set) {
        final Properties properties = new Properties();
        properties.setProperty("sweep.kind", kind);
        properties.setProperty("sweep.out", set.toString());
        properties.setProperty("sweep.seconds", "1");
        properties.setProperty("sweep.warmupSeconds", "1");
        properties.setProperty("sweep.jvmWarmupSeconds", "0");
        properties.setProperty("qp.transport", "floor");
        properties.setProperty("qp.profile", "sweeptest");
        properties.setProperty("qp.producerCpu", "-1");
        properties.setProperty("qp.consumerCpu", "-1");
        properties.setProperty("qp.queueDir", temp.toString());
        return properties;
    }
}
