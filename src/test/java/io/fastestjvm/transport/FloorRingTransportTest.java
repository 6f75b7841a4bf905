package io.fastestjvm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.fastestjvm.message.MessageCodec;
import io.fastestjvm.message.PreparedMessage;

/** The floor ring hands over every message once, in order and intact, across many laps of a tiny ring. */
class FloorRingTransportTest {
    private static final int SLOTS = 8;
    private static final int SIZE = 72; // header + 5 words: slot = 8 + 72 rounded up to one 128-byte pair of lines
    private static final long MESSAGES = 400_000; // 50,000 laps

    @Test
    void twoThreadsPassEveryMessageInOrderAcrossManyLaps() throws Exception {
        final MessageCodec codec = new MessageCodec(SIZE);
        final PreparedMessage message = new PreparedMessage(SIZE);
        final AtomicReference<String> problem = new AtomicReference<>();
        try (FloorRingTransport ring = new FloorRingTransport(SLOTS, SIZE)) {
            final Thread consumer = new Thread(() -> {
                for (long expected = 0; expected < MESSAGES && problem.get() == null; expected++) {
                    int offset;
                    while ((offset = ring.readyOffset()) < 0) {
                        if (problem.get() != null) {
                            return;
                        }
                    }
                    final String bad = codec.verify(ring.buffer, offset, SIZE, expected);
                    if (bad != null) {
                        problem.compareAndSet(null, "message " + expected + ": " + bad);
                    }
                    ring.release();
                }
            }, "floor-consumer");
            consumer.start();
            for (long sequence = 0; sequence < MESSAGES; sequence++) {
                message.prepare(sequence);
                message.writeStamped(ring.buffer, ring.claim(), sequence, System.nanoTime());
                ring.publish();
            }
            consumer.join(TimeUnit.MINUTES.toMillis(5));
            assertTrue(!consumer.isAlive(), "consumer did not finish");
            assertNull(problem.get());
            assertEquals(SLOTS, ring.capacity);
            // a ring this small fills whenever the consumer is descheduled: the wait path ran, and was counted
            assertTrue(ring.claimsThatFoundTheRingFull > 0);
            assertTrue(ring.readyOffset() < 0, "nothing beyond the last message");
        }
    }

    @Test
    void theProducerCannotOverrunAFullRing() {
        try (FloorRingTransport ring = new FloorRingTransport(2, 32)) {
            final MessageCodec codec = new MessageCodec(32);
            final PreparedMessage message = new PreparedMessage(32);
            for (int sequence = 0; sequence < 2; sequence++) {
                message.prepare(sequence);
                message.writeStamped(ring.buffer, ring.claim(), 0, 0);
                ring.publish();
            }
            // the consumer reads message 0 only after the ring filled: nothing was overwritten
            final int offset = ring.readyOffset();
            assertNull(codec.verify(ring.buffer, offset, 32, 0));
            ring.release();
            message.prepare(2);
            message.writeStamped(ring.buffer, ring.claim(), 0, 0);
            ring.publish();
            assertNull(codec.verify(ring.buffer, ring.readyOffset(), 32, 1));
            ring.release();
            assertNull(codec.verify(ring.buffer, ring.readyOffset(), 32, 2));
            assertEquals(0, ring.claimsThatFoundTheRingFull);
        }
    }

    @Test
    void slotsAreWholeCacheLinesAndCapacityIsAPowerOfTwo() {
        try (FloorRingTransport ring = new FloorRingTransport(4, 256)) {
            assertEquals(320, ring.slotBytes);
        }
        assertEquals(131_072, FloorRingTransport.capacityWithin(64L << 20, 256));
        assertEquals(2, FloorRingTransport.capacityWithin(1, 256));
        assertThrows(IllegalArgumentException.class, () -> new FloorRingTransport(6, 32));
    }
}
