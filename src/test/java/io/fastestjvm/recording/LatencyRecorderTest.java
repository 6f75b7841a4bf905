package io.fastestjvm.recording;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    @Test
    void warmupOfAnyLengthLeavesTheSampleArrayAloneAndMeasuredRunsFillItExactlyOnce() {
        final LatencyRecorder recorder = new LatencyRecorder("test", 2, 3);
        for (int i = 0; i < 100; i++) {
            recorder.record(1_000 + i);
        }
        assertArrayEquals(new long[6], recorder.samples(), "warm-up wrote into the measured samples");
        recorder.beginRun(0);
        recorder.record(1);
        recorder.record(2);
        recorder.record(3);
        recorder.beginRun(1);
        recorder.record(4);
        recorder.record(5);
        recorder.record(6);
        assertArrayEquals(new long[] {1, 2, 3, 4, 5, 6}, recorder.samples());
        assertEquals(6, recorder.measuredCount());
        assertEquals(3, recorder.runHistogram(0).getTotalCount());
        assertEquals(100, recorder.warmupInterval().getIntervalHistogram().getTotalCount());
    }

    @Test
    void oneSampleTooManyIsAnErrorNotAWrap() {
        final LatencyRecorder recorder = new LatencyRecorder("test", 1, 2);
        recorder.beginRun(0);
        recorder.record(7);
        recorder.record(8);
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> recorder.record(9));
        assertArrayEquals(new long[] {7, 8}, recorder.samples());
    }
}
