package io.fastestjvm.transport;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;

import io.fastestjvm.message.MessageCodec;

/** The floor: the run's messages through a {@link FloorRing}, the best this JVM and CPU can do without persisting. */
public final class FloorRingTransport extends InMemoryTransport {
    private final FloorRing ring;
    private final int messageSize;

    public FloorRingTransport(final File directory, final int messageSize, final long maxRingBytes) {
        super(directory);
        this.messageSize = messageSize;
        this.ring = new FloorRing(FloorRing.capacityWithin(maxRingBytes, messageSize), messageSize);
    }

    @Override
    public String name() {
        return "floor";
    }

    @Override
    public MessageSender openSender() {
        final UnsafeBuffer buffer = ring.buffer();
        return new PreparedSender(messageSize) {
            @Override
            public void send(final long intendedSendNanos, final long actualSendNanos) {
                // stamped before the claim, as the queue's is before writingDocument()
                message.writeStamped(buffer, ring.claim(), intendedSendNanos, actualSendNanos);
                ring.publish();
            }
        };
    }

    @Override
    public MessageReceiver openReceiver() {
        final UnsafeBuffer buffer = ring.buffer();
        return into -> {
            final int offset = ring.readyOffset();
            if (offset < 0) {
                return false;
            }
            into.receivedNanos = System.nanoTime();
            MessageCodec.readHeader(buffer, offset, into);
            ring.release();
            return true;
        };
    }

    @Override
    public Map<String, Object> facts() {
        final Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("ringSlots", ring.capacity());
        facts.put("slotBytes", ring.slotBytes());
        facts.put("producerWaitsForFullRing", ring.claimsThatFoundTheRingFull());
        return facts;
    }

    @Override
    public void requestStop() {
        super.requestStop();
        ring.requestStop();
    }

    @Override
    public void close() {
        ring.close();
    }
}
