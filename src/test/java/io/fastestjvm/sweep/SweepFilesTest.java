package io.fastestjvm.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.sweep.Sweep.SweepPoint;

/** The two headline rates follow from the points by the documented rules. */
class SweepFilesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SweepPoint point(final long rate, final long achieved, final long p99) {
        return point(rate, achieved, p99, null);
    }

    /** A point that ran; {@code failedCheck} null for one that passed its checks. */
    private static SweepPoint point(final long rate, final long achieved, final long p99, final String failedCheck) {
        final ObjectNode summary = JSON.createObjectNode();
        summary.put("status", failedCheck == null ? "passed" : "failed");
        if (failedCheck != null) {
            summary.putArray("failures").add(failedCheck);
        }
        summary.putObject("messages").put("achievedSendRate", achieved);
        summary.putObject("latency").putObject(Latency.ACTUAL_SEND.key()).put(Percentile.P99.key(), p99);
        try {
            return new SweepPoint(rate, 256, failedCheck == null ? "passed" : "failed", "rate/x", RunResults.read(
                    new ByteArrayInputStream(JSON.writeValueAsBytes(summary))), null);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theMaximumSustainedRateIsTheLastBeforeTheFirstShortfall() {
        final List<SweepPoint> points = Arrays.asList(point(10_000, 10_000, 900), point(20_000, 19_000, 2_000),
                point(50_000, 47_000, 12_000), point(100_000, 99_000, 20_000));
        // 19,000 is exactly 95%: sustained; 47,000 is 94%: not, so 100,000 (sustained again) does not count
        assertEquals(Long.valueOf(20_000), Sweep.maxSustainedRate(points));
        assertEquals(Long.valueOf(50_000), Sweep.rateWhereP99Exceeds10us(points));
    }

    @Test
    void neitherRateIsReportedWhenNotReached() {
        final List<SweepPoint> points = Arrays.asList(point(10_000, 9_000, 10_000),
                new SweepPoint(20_000, 256, "rejected", null, null, "qp.queueDir: no room"));
        assertNull(Sweep.maxSustainedRate(points));
        assertNull(Sweep.rateWhereP99Exceeds10us(points), "10,000 ns is not above 10 us");
    }

    /** A point whose checks failed claims no sustained rate, and fails the sweep, though it kept the rate. */
    @Test
    void aFailedPointIsNotTheMaximumSustainedRateAndFailsTheSweep() {
        final List<SweepPoint> points = Arrays.asList(point(10_000, 10_000, 900), point(20_000, 20_000, 900),
                point(50_000, 50_000, 900, "measured loops allocated: producer 240 B, consumer 0 B"),
                point(100_000, 100_000, 900), point(200_000, 150_000, 900));
        assertTrue(points.get(2).sustained(), "it kept the rate: only its checks failed");
        assertEquals(Long.valueOf(20_000), Sweep.maxSustainedRate(points),
                "not 50,000 (failed), nor 100,000 (after a failed point)");
        assertEquals(BenchmarkResult.CHECK_FAILED, Sweep.exitCode(points));
        assertEquals(Arrays.asList(points.get(2)), Sweep.failedPoints(points));
        assertEquals("FAILED: sweep point rate 50,000 msg/s: checks failed: measured loops allocated: producer 240 B,"
                + " consumer 0 B", Sweep.failure("rate", points.get(2)));
        final ObjectNode json = Sweep.json(JSON.createObjectNode().put("kind", "rate"), "rate", points);
        assertEquals(20_000, json.get("maxSustainedRate").asLong());
        assertEquals("failed", json.at("/points/2/status").asText());

        final List<SweepPoint> passed = Arrays.asList(point(10_000, 10_000, 900), point(20_000, 15_000, 900));
        assertEquals(BenchmarkResult.PASSED, Sweep.exitCode(passed), "a rate not sustained is no failure");
        assertEquals(Long.valueOf(10_000), Sweep.maxSustainedRate(passed));
    }

    @Test
    void aRejectedPointFailsTheSweepAndEndsTheSustainedRates() {
        final SweepPoint rejected = new SweepPoint(20_000, 256, "rejected", null, null, "qp.queueDir: no room");
        final List<SweepPoint> points = Arrays.asList(point(10_000, 10_000, 900), rejected,
                point(50_000, 50_000, 900));
        assertEquals(Long.valueOf(10_000), Sweep.maxSustainedRate(points));
        assertEquals(BenchmarkResult.CHECK_FAILED, Sweep.exitCode(points));
        assertEquals("FAILED: sweep point rate 20,000 msg/s: qp.queueDir: no room",
                Sweep.failure("rate", rejected));
    }
}
