package io.fastestjvm.slice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A slice reply's statistics of a latency, and its evidence's named differences; no JVM or thread is started. */
class SliceChildTest {
    @Test
    void aSlicesStatisticsKeepTheOldKeysFirstAndAddTheLowEndAndTheMean() {
        final Histogram histogram = new Histogram(3_600_000_000_000L, 3);
        for (long ns = 1; ns <= 1000; ns++) {
            histogram.recordValue(ns);
        }
        final Map<String, Object> values = SliceProtocol.percentiles(histogram);
        final List<String> keys = new ArrayList<>(SliceProtocol.PERCENTILES);
        keys.addAll(SliceProtocol.MORE_STATISTICS);
        assertEquals(keys, new ArrayList<>(values.keySet()), "the existing keys first, in their order");
        assertEquals(500L, values.get("p50"));
        assertEquals(1000L, values.get("max"));
        assertEquals(10L, values.get("p1"));
        assertEquals(100L, values.get("p10"));
        assertEquals(501L, values.get("mean"), "500.5 rounded");
        assertEquals(1L, values.get("min"));
    }

    @Test
    void theEvidenceDeltaNamesTheWorkersCpuAfterTheOlderEvidence() {
        final int size = SliceProtocol.EVIDENCE.size() + SliceProtocol.MORE_EVIDENCE.size();
        final long[] before = new long[size];
        final long[] after = new long[size];
        for (int i = 0; i < size; i++) {
            before[i] = 100 * i;
            after[i] = 100 * i + i;
        }
        after[size - 2] = before[size - 2] + 950_000_000L;
        before[size - 1] = -1; // the consumer's thread unreadable
        final Map<String, Object> delta = SliceEvidence.delta(before, after);
        assertEquals(size, delta.size());
        assertEquals(950_000_000L, delta.get("producerCpuNanos"));
        assertEquals(-1L, delta.get("consumerCpuNanos"));
        assertEquals((long) SliceProtocol.EVIDENCE.indexOf("cpuNanos"), delta.get("cpuNanos"));
        assertEquals(Arrays.asList("producerCpuNanos", "consumerCpuNanos"),
                new ArrayList<>(delta.keySet()).subList(size - 2, size));
    }
}
