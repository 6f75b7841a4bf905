package io.fastestjvm.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;

/** The two headline rates follow from the points by the documented rules. */
class SweepReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SweepPoint point(final long rate, final long achieved, final long p99) {
        final ObjectNode summary = JSON.createObjectNode();
        summary.putObject("messages").put("achievedSendRate", achieved);
        summary.putObject("latency").putObject(Latency.ACTUAL_SEND.key()).put(Percentile.P99.key(), p99);
        try {
            return new SweepPoint(rate, 256, "passed", "rate/x", RunResults.read(
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
        assertEquals(Long.valueOf(20_000), SweepReport.maxSustainedRate(points));
        assertEquals(Long.valueOf(50_000), SweepReport.rateWhereP99Exceeds10us(points));
    }

    @Test
    void neitherRateIsReportedWhenNotReached() {
        final List<SweepPoint> points = Arrays.asList(point(10_000, 9_000, 10_000),
                new SweepPoint(20_000, 256, "rejected", null, null, "qp.queueDir: no room"));
        assertNull(SweepReport.maxSustainedRate(points));
        assertNull(SweepReport.rateWhereP99Exceeds10us(points), "10,000 ns is not above 10 us");
    }
}
