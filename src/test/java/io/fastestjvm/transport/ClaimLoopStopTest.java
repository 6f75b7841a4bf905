package io.fastestjvm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import net.openhft.chronicle.queue.RollCycles;

/**
 * Every ring's claim loop gives up once the run stops: a producer filling a ring nobody drains spins in its back-off
 * path until {@link Transport#requestStop()}, then its send throws {@link TransportStoppedException} and the thread
 * ends, so the transport can be closed without freeing memory under it. No benchmark run: the sender is driven
 * directly.
 */
class ClaimLoopStopTest {
    private static final int SIZE = 64;
    /** A small ring (hundreds of messages) that still takes a 64-byte message in every transport. */
    private static final long RING_BYTES = 64 << 10;
    private static final long WAIT_SECONDS = 30;

    @TempDir
    Path dir;

    @Test
    void floorGivesUpOnStop() throws Exception {
        producerStuckOnAFullRingEndsOnStop("floor", UnaryOperator.identity());
    }

    @Test
    void agronaGivesUpOnStop() throws Exception {
        producerStuckOnAFullRingEndsOnStop("agrona", UnaryOperator.identity());
    }

    @Test
    void disruptorGivesUpOnStop() throws Exception {
        producerStuckOnAFullRingEndsOnStop("disruptor", UnaryOperator.identity());
    }

    @Test
    void aDecoratedTransportPassesTheStopOn() throws Exception {
        producerStuckOnAFullRingEndsOnStop("floor",
                t -> new DecoratedTransport(t, UnaryOperator.identity(), UnaryOperator.identity()));
    }

    @Test
    void theFloorRingItselfGivesUpOnStop() throws Exception {
        try (FloorRingTransport ring = new FloorRingTransport(2, SIZE)) {
            ring.claim();
            ring.publish();
            ring.claim();
            ring.publish();
            final AtomicReference<Throwable> thrown = new AtomicReference<>();
            final Thread producer = new Thread(() -> {
                try {
                    ring.claim();
                } catch (final Throwable e) {
                    thrown.set(e);
                }
            }, "floor-ring-producer");
            producer.start();
            awaitWaiting(() -> ring.claimsThatFoundTheRingFull, new AtomicLong());
            assertTrue(producer.isAlive(), "a full ring keeps the producer waiting");
            ring.requestStop();
            producer.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            assertFalse(producer.isAlive(), "the claim loop did not give up");
            assertInstanceOf(TransportStoppedException.class, thrown.get());
        }
    }

    @Test
    void aStopRequestLeavesAClaimWithRoomUntouched() {
        try (FloorRingTransport ring = new FloorRingTransport(4, SIZE)) {
            ring.requestStop();
            // only the waiting path reads the flag: a claim that finds room never sees it
            ring.claim();
            ring.publish();
            assertEquals(0, ring.claimsThatFoundTheRingFull);
        }
    }

    private void producerStuckOnAFullRingEndsOnStop(final String name, final UnaryOperator<Transport> wrap)
            throws Exception {
        final File queueDir = Files.createDirectory(dir.resolve("qp-" + name)).toFile();
        final TransportSpec spec = new TransportSpec(SIZE, RollCycles.FAST_DAILY, 1 << 20, RING_BYTES);
        final Transport raw = Transports.named(name).create(spec, queueDir);
        final Transport transport = wrap.apply(raw);
        final AtomicLong sent = new AtomicLong();
        final AtomicReference<Throwable> thrown = new AtomicReference<>();
        final Thread producer = new Thread(() -> {
            try {
                final MessageSender sender = transport.openSender();
                for (long sequence = 0; ; sequence++) {
                    sender.prepare(sequence);
                    sender.send(System.nanoTime(), System.nanoTime());
                    sent.set(sequence + 1);
                }
            } catch (final Throwable e) {
                thrown.set(e);
            }
        }, name + "-producer");
        producer.start();
        try {
            // nobody reads: the ring fills and the producer waits in its back-off path
            awaitWaiting(() -> ((Number) raw.facts().get("producerWaitsForFullRing")).longValue(), sent);
            final long sentWhenFull = sent.get();
            Thread.sleep(100);
            assertTrue(producer.isAlive(), name + ": a full ring keeps the producer waiting");
            assertEquals(sentWhenFull, sent.get(), name + ": nothing sent into a full ring");
            assertTrue(sentWhenFull > 0, name + ": the ring took messages before it filled");

            transport.requestStop();
            producer.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            assertFalse(producer.isAlive(), name + ": the claim loop did not give up on stop");
            assertInstanceOf(TransportStoppedException.class, thrown.get(), name + ": " + thrown.get());
            assertEquals(sentWhenFull, sent.get(), name + ": the stopped send was not counted as sent");
        } finally {
            if (producer.isAlive()) {
                // never free a ring under a live thread, even in a failing test
                producer.interrupt();
            } else {
                transport.close();
            }
            transport.deleteFiles();
        }
    }

    /**
     * Until the producer has found the ring full: its count of waits (a plain field, read racily as a test may) is
     * non-zero, or what it has sent has not moved for a second.
     */
    private static void awaitWaiting(final LongSupplier waits, final AtomicLong sent) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        long lastSent = -1;
        long stableSince = System.nanoTime();
        while (waits.getAsLong() == 0) {
            final long now = System.nanoTime();
            assertTrue(now < deadline, "the producer never found the ring full");
            if (sent.get() != lastSent) {
                lastSent = sent.get();
                stableSince = now;
            } else if (lastSent > 0 && now - stableSince > TimeUnit.SECONDS.toNanos(1)) {
                return;
            }
            Thread.sleep(5);
        }
    }
}
