package io.fastestjvm.transport;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;

import org.agrona.BitUtil;
import org.agrona.concurrent.UnsafeBuffer;

import io.fastestjvm.message.MessageCodec;

/**
 * The floor: the least an SPSC hand-off can do, the best this JVM and CPU can do without persisting. An off-heap
 * power-of-two ring of slots, each published by a release store of {@code position + 1} in its first word. The
 * producer reads the consumer's position (on a line of its own) only when its cached copy says full, so in the steady
 * state the two share no line but the slot itself.
 */
public final class FloorRingTransport extends InMemoryTransport {
    private static final int CACHE_LINE = 64;
    private static final int PUBLICATION_WORD = 8;

    private final OffHeapMemory memory;
    final UnsafeBuffer buffer;
    private final int messageSize;
    final int slotBytes;
    private final long mask;
    final int capacity;
    private final int consumerPositionOffset;

    // producer thread only
    private long producerPosition;
    private long cachedConsumerPosition;

    // consumer thread only
    private long consumerPosition;

    public FloorRingTransport(final File directory, final int messageSize, final long maxRingBytes) {
        this(directory, capacityWithin(maxRingBytes, messageSize), messageSize);
    }

    /** {@code capacity} slots, a power of two, and no directory (tests). */
    FloorRingTransport(final int capacity, final int messageSize) {
        this(null, capacity, messageSize);
    }

    private FloorRingTransport(final File directory, final int capacity, final int messageSize) {
        super(directory);
        if (!BitUtil.isPowerOfTwo(capacity)) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a power of two");
        }
        this.messageSize = messageSize;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.slotBytes = BitUtil.align(PUBLICATION_WORD + messageSize, CACHE_LINE);
        this.consumerPositionOffset = Math.multiplyExact(capacity, slotBytes) + CACHE_LINE;
        // the consumer's position sits alone between two empty lines, away from the slots and adjacent prefetches
        this.memory = new OffHeapMemory(consumerPositionOffset + 2 * CACHE_LINE);
        this.buffer = memory.buffer();
    }

    /** Slots in the ring whose combined size stays within {@code maxBytes}: a power of two, at least 2. */
    static int capacityWithin(final long maxBytes, final int messageSize) {
        final long slot = BitUtil.align(PUBLICATION_WORD + messageSize, CACHE_LINE);
        final long slots = Math.max(2, Math.min(1 << 30, maxBytes / slot));
        return Integer.highestOneBit((int) slots);
    }

    @Override
    public String name() {
        return "floor";
    }

    @Override
    public MessageSender openSender() {
        return new PreparedSender(messageSize) {
            @Override
            public void send(final long intendedSendNanos, final long actualSendNanos) {
                // stamped before the claim, as the queue's is before writingDocument()
                message.writeStamped(buffer, claim(), intendedSendNanos, actualSendNanos);
                publish();
            }
        };
    }

    @Override
    public MessageReceiver openReceiver() {
        return into -> {
            final int offset = readyOffset();
            if (offset < 0) {
                return false;
            }
            into.receivedNanos = System.nanoTime();
            MessageCodec.readHeader(buffer, offset, into);
            release();
            return true;
        };
    }

    /** Producer: spins until the next slot is free and returns the offset to write the message at. */
    int claim() {
        if (producerPosition - cachedConsumerPosition >= capacity) {
            cachedConsumerPosition = buffer.getLongVolatile(consumerPositionOffset);
            if (producerPosition - cachedConsumerPosition >= capacity) {
                awaitFreeSlot();
            }
        }
        return slotOffset(producerPosition) + PUBLICATION_WORD;
    }

    /** Reads the stop flag only here, so a claim that finds room is unchanged by it. */
    private void awaitFreeSlot() {
        claimsThatFoundTheRingFull++;
        do {
            if (stopRequested) {
                throw new TransportStoppedException(name());
            }
            cachedConsumerPosition = buffer.getLongVolatile(consumerPositionOffset);
        } while (producerPosition - cachedConsumerPosition >= capacity);
    }

    void publish() {
        buffer.putLongOrdered(slotOffset(producerPosition), producerPosition + 1);
        producerPosition++;
    }

    /** Consumer: the offset of the next message if it has been published, else -1. */
    int readyOffset() {
        final int slot = slotOffset(consumerPosition);
        return buffer.getLongVolatile(slot) == consumerPosition + 1 ? slot + PUBLICATION_WORD : -1;
    }

    void release() {
        consumerPosition++;
        buffer.putLongOrdered(consumerPositionOffset, consumerPosition);
    }

    private int slotOffset(final long position) {
        return (int) (position & mask) * slotBytes;
    }

    @Override
    public Map<String, Object> facts() {
        final Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("ringSlots", capacity);
        facts.put("slotBytes", slotBytes);
        facts.put("producerWaitsForFullRing", claimsThatFoundTheRingFull);
        return facts;
    }

    /** Frees the off-heap memory now: only once neither thread can touch the ring. */
    @Override
    public void close() {
        memory.close();
    }
}
