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
        assertTrue(floor.granularityNanos() > 0, "the clock advanced at least once");
        assertTrue(floor.minNanos() >= 0);
        assertTrue(floor.minNanos() <= floor.medianNanos() && floor.medianNanos() <= floor.p99Nanos()
                && floor.p99Nanos() <= floor.maxNanos(), floor.describe());
        // sanity, not speed: a nanoTime() call slower than a millisecond at the median is a broken clock
        assertTrue(floor.medianNanos() < 1_000_000, floor.describe());
        assertTrue(floor.zeroGaps() < floor.calls());
        final Map<String, Object> json = floor.toMap();
        assertEquals(200_000, json.get("calls"));
        assertEquals(floor.medianNanos(), json.get("medianNanos"));
    }

    @Test
    void needsAtLeastTwoCalls() {
        assertThrows(IllegalArgumentException.class, () -> TimerFloor.measure(1));
    }
}
