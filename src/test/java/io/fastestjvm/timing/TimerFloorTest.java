package io.fastestjvm.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class TimerFloorTest {
    @Test
    void theTimersCostAndGranularityArePositiveAndOrdered() {
        final TimerFloor floor = TimerFloor.measure(200_000);
        final Map<String, Object> json = floor.toMap();
        final long min = (Long) json.get("minNanos");
        final long median = (Long) json.get("medianNanos");
        final long p99 = (Long) json.get("p99Nanos");
        assertTrue((Long) json.get("granularityNanos") > 0, "the clock advanced at least once");
        assertTrue(min >= 0);
        assertTrue(min <= median && median <= p99 && p99 <= (Long) json.get("maxNanos"), floor.describe());
        // sanity, not speed: a nanoTime() call slower than a millisecond at the median is a broken clock
        assertTrue(median < 1_000_000, floor.describe());
        assertTrue((Long) json.get("zeroGaps") < 200_000);
        assertEquals(200_000, json.get("calls"));
    }

    @Test
    void needsAtLeastTwoCalls() {
        assertThrows(IllegalArgumentException.class, () -> TimerFloor.measure(1));
    }
}
