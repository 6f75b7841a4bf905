package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Scanner;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;

class PercentileTableTest {
    /** 1..100,000 ns once each, and the same shifted by 1,000 ns: every row's value is known in advance. */
    static Histogram ramp(final long offset) {
        final Histogram histogram = LatencyRecorder.newHistogram();
        for (long v = 1; v <= 100_000; v++) {
            histogram.recordValue(v + offset);
        }
        return histogram;
    }

    @Test
    void printsTheJlbhStyleTableExactly() throws IOException {
        final String table = PercentileTable.format("latency (ns), 100000 messages measured",
                Arrays.asList("actual-send", "intended-send"),
                Arrays.asList(Ladder.of(ramp(0)), Ladder.of(ramp(1_000))));
        assertEquals(fixture("percentile-table.txt"), table);
    }

    @Test
    void printsJlbhsRunSummaryExactly() throws IOException {
        final String table = PercentileTable.acrossRuns("actual-send", Arrays.asList(
                Ladder.of(ramp(0)), Ladder.of(ramp(1_000)), Ladder.of(ramp(5_000))));
        assertEquals(fixture("run-variation-table.txt"), table);
    }

    @Test
    void percentilesCountTheSamplesAboveThem() {
        final Ladder p = Ladder.of(ramp(0));
        assertEquals(100_000, p.count());
        assertEquals(50_000, p.value(Percentile.P50), 50);
        assertEquals(100_000 - p.value(Percentile.P50),
                RunResults.tree(p).at("/samplesAbove/" + Percentile.P50.key()).asLong(), 0);
        assertEquals(true, p.hasEnoughSamplesAbove(Percentile.P99_9));   // 99.9: ~100 above
        assertEquals(false, p.hasEnoughSamplesAbove(Percentile.P99_999)); // 99.999: ~1 above
        assertEquals(true, p.notMeaningful(Percentile.P99_999));
    }

    static String fixture(final String name) throws IOException {
        try (InputStream in = PercentileTableTest.class.getResourceAsStream("/fixtures/" + name);
             Scanner scanner = new Scanner(in, StandardCharsets.UTF_8.name())) {
            return scanner.useDelimiter("\\A").next();
        }
    }

    @Test
    void followsJlbhsFormulaIncludingItsPrecedence() {
        // 100 * (120 - 100) / (120 + 100 / 2) = 2000 / 170
        assertEquals(11.7647, PercentileTable.variationPercent(new long[] {100, 110, 120}), 1e-4);
        // not (max - min) / mean, which would be 2000 / 110 = 18.18
        assertEquals(100.0 * 50 / (150 + 50), PercentileTable.variationPercent(new long[] {150, 100}), 1e-9);
    }

    @Test
    void identicalRunsVaryByZeroAndOneRunIsUndefined() {
        assertEquals(0.0, PercentileTable.variationPercent(new long[] {7, 7, 7}), 0);
        assertTrue(Double.isNaN(PercentileTable.variationPercent(new long[] {7})));
        assertTrue(Double.isNaN(PercentileTable.variationPercent(new long[0])));
        assertEquals(0.0, PercentileTable.variationPercent(new long[] {0, 0}), 0);
    }
}
