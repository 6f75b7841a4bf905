package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.fastestjvm.placement.PlacementProbe;

/**
 * The window's end edge: the work the threads do after their loops (their /proc reads) must fall after the last
 * millisecond the window counts, or an event it causes (a deoptimisation) is counted as one of the window's.
 */
class MeasuredWindowEdgesTest {
    private static MeasuredWindowEdges edges(final RunControl control) {
        return new MeasuredWindowEdges(control, new PlacementProbe(1_000_000L, 1_000_000L));
    }

    @Test
    void afterTheConsumerClosesTheWindowTheClockIsPastItsLastMillisecond() {
        final MeasuredWindowEdges edges = edges(new RunControl());
        assertEquals(-1, edges.endEpochMicros(), "not closed yet");
        for (int i = 0; i < 20; i++) {
            edges.consumerLastMessageReceived();
            final long after = System.currentTimeMillis() * 1000;
            // the window counts events up to end + 999 us (whole milliseconds); what follows must be later
            assertTrue(after > edges.endEpochMicros() + 999, after + " vs end " + edges.endEpochMicros());
        }
    }

    @Test
    void theProducerWaitsForTheConsumerToCloseTheWindow() throws InterruptedException {
        final MeasuredWindowEdges edges = edges(new RunControl());
        final AtomicLong endSeenByProducer = new AtomicLong(-2);
        final Thread producer = new Thread(() -> {
            edges.producerAwaitWindowEnd();
            endSeenByProducer.set(edges.endEpochMicros());
        });
        producer.start();
        edges.consumerLastMessageReceived();
        producer.join();
        assertTrue(endSeenByProducer.get() > 0, "the producer went on only once the window's end was set");
        assertEquals(edges.endEpochMicros(), endSeenByProducer.get());
    }

    @Test
    void aStoppedRunDoesNotKeepTheProducerWaiting() {
        final RunControl control = new RunControl();
        control.fail("consumer failed");
        final MeasuredWindowEdges edges = edges(control);
        edges.producerAwaitWindowEnd();
        assertEquals(-1, edges.endEpochMicros(), "returned on the stop, with no window end");
    }
}
