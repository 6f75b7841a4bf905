package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.LatencyPercentiles;

class RunVariationTableTest {
    @Test
    void printsJlbhsRunSummaryExactly() throws IOException {
        final String table = RunVariationTable.format("actual-send", Arrays.asList(
                LatencyPercentiles.of(PercentileTableTest.ramp(0)),
                LatencyPercentiles.of(PercentileTableTest.ramp(1_000)),
                LatencyPercentiles.of(PercentileTableTest.ramp(5_000))));
        assertEquals(PercentileTableTest.fixture("run-variation-table.txt"), table);
    }
}
