package io.fastestjvm.transport;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.fastestjvm.message.MessageCodec;
import io.fastestjvm.message.ReceivedMessage;

/** The LMAX Disruptor (3.4, the Java 8 line), single producer, read with an {@link EventPoller} one event a poll. */
public final class DisruptorTransport extends InMemoryTransport {
    private final RingBuffer<MessageEvent> ring;
    private final EventPoller<MessageEvent> poller;
    private final int messageSize;

    public DisruptorTransport(final File directory, final int messageSize, final long maxRingBytes) {
        super(directory);
        this.messageSize = messageSize;
        // busy-spin: the default blocking strategy would take a lock on every publish for a waiter that never exists
        this.ring = RingBuffer.createSingleProducer(() -> new MessageEvent(messageSize),
                FloorRingTransport.capacityWithin(maxRingBytes, messageSize), new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
    }

    static final class MessageEvent {
        final UnsafeBuffer buffer;

        MessageEvent(final int size) {
            buffer = new UnsafeBuffer(new byte[size]);
        }
    }

    @Override
    public String name() {
        return "disruptor";
    }

    @Override
    public MessageSender openSender() {
        return new PreparedSender(messageSize) {
            @Override
            public void send(final long intendedSendNanos, final long actualSendNanos) {
                // stamped before the claim, as the queue's is before writingDocument()
                final long slot = claim();
                message.writeStamped(ring.get(slot).buffer, 0, intendedSendNanos, actualSendNanos);
                ring.publish(slot);
            }
        };
    }

    /** tryNext rather than next: next() parks when the ring is full, and a wait must be counted, not hidden. */
    private long claim() {
        try {
            return ring.tryNext();
        } catch (final InsufficientCapacityException full) {
            return awaitClaim();
        }
    }

    private long awaitClaim() {
        claimsThatFoundTheRingFull++;
        while (true) {
            if (stopRequested) {
                throw new TransportStoppedException(name());
            }
            try {
                return ring.tryNext();
            } catch (final InsufficientCapacityException stillFull) {
                // the Disruptor throws one preallocated instance: spinning here allocates nothing
            }
        }
    }

    @Override
    public MessageReceiver openReceiver() {
        final HeaderReader reader = new HeaderReader();
        return into -> {
            reader.into = into;
            reader.read = false;
            try {
                poller.poll(reader);
            } catch (final Exception e) {
                throw new IllegalStateException("disruptor poll failed", e);
            }
            return reader.read;
        };
    }

    /** Stops the poller after one event; reused, so polling allocates nothing. */
    private static final class HeaderReader implements EventPoller.Handler<MessageEvent> {
        ReceivedMessage into;
        boolean read;

        @Override
        public boolean onEvent(final MessageEvent event, final long sequence, final boolean endOfBatch) {
            into.receivedNanos = System.nanoTime();
            MessageCodec.readHeader(event.buffer, 0, into);
            read = true;
            return false;
        }
    }

    @Override
    public Map<String, Object> facts() {
        final Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("ringSlots", ring.getBufferSize());
        facts.put("producerWaitsForFullRing", claimsThatFoundTheRingFull);
        facts.put("implementation", RingBuffer.class.getName() + " (single producer) + EventPoller");
        return facts;
    }

    @Override
    public void close() {
        // on-heap events: the garbage collector frees them with the transport
    }
}
