package io.fastestjvm.transport;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import io.fastestjvm.message.MessageCodec;
import io.fastestjvm.message.ReceivedMessage;

/** Agrona's {@link OneToOneRingBuffer} (used by Aeron), written in place with tryClaim/commit, one message a poll. */
public final class AgronaRingTransport extends InMemoryTransport {
    private static final int MESSAGE_TYPE = 1;

    private final OffHeapMemory memory;
    private final OneToOneRingBuffer ring;
    private final int messageSize;

    public AgronaRingTransport(final File directory, final int messageSize, final long maxRingBytes) {
        super(directory);
        this.messageSize = messageSize;
        final int capacity = Integer.highestOneBit((int) Math.min(1 << 30, Math.max(maxRingBytes,
                4L * (messageSize + 8))));
        this.memory = new OffHeapMemory(capacity + RingBufferDescriptor.TRAILER_LENGTH);
        this.ring = new OneToOneRingBuffer(memory.buffer());
    }

    @Override
    public String name() {
        return "agrona";
    }

    @Override
    public MessageSender openSender() {
        final UnsafeBuffer buffer = (UnsafeBuffer) ring.buffer();
        return new PreparedSender(messageSize) {
            @Override
            public void send(final long intendedSendNanos, final long actualSendNanos) {
                // stamped before the claim, as the queue's is before writingDocument()
                int index = ring.tryClaim(MESSAGE_TYPE, messageSize);
                if (index < 0) {
                    index = awaitClaim();
                }
                message.writeStamped(buffer, index, intendedSendNanos, actualSendNanos);
                ring.commit(index);
            }
        };
    }

    private int awaitClaim() {
        claimsThatFoundTheRingFull++;
        int index;
        do {
            if (stopRequested) {
                throw new TransportStoppedException(name());
            }
            index = ring.tryClaim(MESSAGE_TYPE, messageSize);
        } while (index < 0);
        return index;
    }

    @Override
    public MessageReceiver openReceiver() {
        final HeaderReader reader = new HeaderReader();
        return into -> {
            reader.into = into;
            return ring.read(reader, 1) == 1;
        };
    }

    /** Reused for every message, so reading allocates nothing. */
    private static final class HeaderReader implements MessageHandler {
        ReceivedMessage into;

        @Override
        public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index,
                              final int length) {
            into.receivedNanos = System.nanoTime();
            MessageCodec.readHeader(buffer, index, into);
        }
    }

    @Override
    public Map<String, Object> facts() {
        final Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("ringBytes", ring.capacity());
        facts.put("producerWaitsForFullRing", claimsThatFoundTheRingFull);
        facts.put("implementation", OneToOneRingBuffer.class.getName());
        return facts;
    }

    @Override
    public void close() {
        memory.close();
    }
}
