package io.fastestjvm.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.fastestjvm.placement.PlacementProbe.Exit;

class PlacementProbeTest {
    @Test
    @Timeout(60)
    void twoThreadsMeasurePositiveRoundTripsAtBothEdges() throws InterruptedException {
        final PlacementProbe probe = new PlacementProbe(TimeUnit.MILLISECONDS.toNanos(50),
                TimeUnit.SECONDS.toNanos(20));
        final Thread responder = new Thread(() -> {
            probe.respond(PlacementProbe.BEFORE, () -> false);
            probe.respond(PlacementProbe.AFTER, () -> false);
        });
        responder.start();
        probe.initiate(PlacementProbe.BEFORE, () -> false);
        probe.initiate(PlacementProbe.AFTER, () -> false);
        responder.join();
        for (final int position : new int[] {PlacementProbe.BEFORE, PlacementProbe.AFTER}) {
            assertNull(probe.problem(position));
            assertTrue(probe.roundTrips(position) >= PlacementProbe.BATCH);
            assertTrue(probe.medianRoundTripNanos(position) > 0);
        }
        final Map<String, Object> map = probe.toMap();
        final Map<?, ?> before = (Map<?, ?>) map.get("before");
        assertEquals((Double) before.get("medianRoundTripNanos") / 2, (Double) before.get("oneWayNanos"), 0.06);
        assertNotNull(map.get("changePercent"));
        assertTrue(map.get("differsByMoreThan25Percent") instanceof Boolean);
    }

    @Test
    @Timeout(120)
    void theWarmupRehearsalLeavesThroughEveryExitTheEdgesTakeManyTimes() throws InterruptedException {
        final PlacementProbe probe = new PlacementProbe(TimeUnit.MILLISECONDS.toNanos(50),
                TimeUnit.SECONDS.toNanos(20));
        final Thread responder = new Thread(() -> {
            probe.rehearseResponder(() -> false);
            probe.respond(PlacementProbe.BEFORE, () -> false);
            probe.respond(PlacementProbe.AFTER, () -> false);
        });
        responder.start();
        probe.rehearseInitiator(() -> false);
        probe.initiate(PlacementProbe.BEFORE, () -> false);
        probe.initiate(PlacementProbe.AFTER, () -> false);
        responder.join();
        // every round handed the slot back idle, so none waited for its partner or gave up
        assertEquals(PlacementProbe.REHEARSAL_ROUNDS, probe.exits(PlacementProbe.WARMUP, Exit.FINISHED));
        assertEquals(PlacementProbe.REHEARSAL_ROUNDS, probe.exits(PlacementProbe.WARMUP, Exit.RELEASED));
        assertNull(probe.problem(PlacementProbe.WARMUP));
        assertTrue(probe.roundTrips(PlacementProbe.WARMUP) >= PlacementProbe.BATCH);
        for (final int edge : new int[] {PlacementProbe.BEFORE, PlacementProbe.AFTER}) {
            int calls = 0;
            for (final Exit exit : Exit.values()) {
                calls += probe.exits(edge, exit);
                if (probe.exits(edge, exit) > 0) {
                    assertTrue(probe.exits(PlacementProbe.WARMUP, exit) > 1, exit + " at the edge, rehearsed "
                            + probe.exits(PlacementProbe.WARMUP, exit) + " times");
                }
            }
            assertEquals(2, calls, "one initiator and one responder exit per edge");
        }
    }

    @Test
    @Timeout(30)
    void withoutAPartnerTheInitiatorGivesUpAndSaysWhy() {
        final PlacementProbe probe = new PlacementProbe(TimeUnit.MILLISECONDS.toNanos(50),
                TimeUnit.MILLISECONDS.toNanos(200));
        probe.initiate(PlacementProbe.BEFORE, () -> false);
        assertTrue(probe.problem(PlacementProbe.BEFORE).contains("did not answer"));
        assertEquals(-1, probe.medianRoundTripNanos(PlacementProbe.BEFORE), 0);
        assertNull(((Map<?, ?>) probe.toMap().get("before")).get("medianRoundTripNanos"));
        assertEquals(false, probe.toMap().get("differsByMoreThan25Percent"));
        probe.respond(PlacementProbe.BEFORE, () -> false); // sees the initiator's stop and returns at once
        assertEquals(1, probe.exits(PlacementProbe.BEFORE, Exit.NO_ANSWER));
        assertEquals(1, probe.exits(PlacementProbe.BEFORE, Exit.RELEASED));
    }

    @Test
    @Timeout(30)
    void aStopRequestEndsAWaitingResponder() {
        final PlacementProbe probe = new PlacementProbe(TimeUnit.MILLISECONDS.toNanos(50),
                TimeUnit.SECONDS.toNanos(60));
        probe.respond(PlacementProbe.AFTER, () -> true);
        assertEquals(0, probe.roundTrips(PlacementProbe.AFTER));
        assertEquals(1, probe.exits(PlacementProbe.AFTER, Exit.GAVE_UP));
    }
}
