package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.statistics.OrderStatisticConfidence;

/**
 * The sorted copy behind the confidence intervals is allocated before measurement: computing the intervals after a
 * finished measurement allocates no samples-sized array, so it cannot run out of memory and lose the summary.
 */
class SortBufferTest {
    @Test
    void intervalsAreComputedInThePreallocatedBufferWithTheSameResult() {
        final int samples = 1_000_000;
        final LatencyRecorder recorder = new LatencyRecorder("actual-send", 1, samples);
        recorder.beginRun(0);
        for (int i = 0; i < samples; i++) {
            recorder.record((i * 7919L) % 100_000);
        }
        final long[] buffer = new long[samples];
        final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        RigourInstruments.intervals(recorder, buffer); // once for class loading
        final long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        final OrderStatisticConfidence[] intervals = RigourInstruments.intervals(recorder, buffer);
        final long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated < samples, "allocated " + allocated + " B; a sorted copy would be " + 8L * samples);

        final long[] sorted = OrderStatisticConfidence.sortInto(recorder.samples(), samples, new long[samples]);
        for (int p = 0; p < intervals.length; p++) {
            final OrderStatisticConfidence expected = OrderStatisticConfidence.of(sorted, samples,
                    Percentile.LADDER.get(p).percent());
            assertArrayEquals(new long[] {expected.low, expected.high},
                    new long[] {intervals[p].low, intervals[p].high});
        }
    }
}
