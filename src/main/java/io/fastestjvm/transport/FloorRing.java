package io.fastestjvm.transport;

import org.agrona.BitUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The least an SPSC hand-off can do: an off-heap power-of-two ring of slots, each published by a release store of
 * {@code position + 1} in its first word. The producer reads the consumer's position (on a line of its own) only
 * when its cached copy says full, so in the steady state the two share no line but the slot itself.
 */
public final class FloorRing implements AutoCloseable {
    private static final int CACHE_LINE = 64;
    private static final int PUBLICATION_WORD = 8;

    private final OffHeapMemory memory;
    private final UnsafeBuffer buffer;
    private final int slotBytes;
    private final long mask;
    private final int capacity;
    private final int consumerPositionOffset;

    // producer thread only
    private long producerPosition;
    private long cachedConsumerPosition;
    private long claimsThatFoundTheRingFull;

    // consumer thread only
    private long consumerPosition;

    // any thread sets it; the producer reads it only while waiting for a full ring
    private volatile boolean stopRequested;

    /** {@code capacity}: slots, a power of two. */
    public FloorRing(final int capacity, final int messageSize) {
        if (!BitUtil.isPowerOfTwo(capacity)) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a power of two");
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.slotBytes = BitUtil.align(PUBLICATION_WORD + messageSize, CACHE_LINE);
        this.consumerPositionOffset = Math.multiplyExact(capacity, slotBytes) + CACHE_LINE;
        // the consumer's position sits alone between two empty lines, away from the slots and adjacent prefetches
        this.memory = new OffHeapMemory(consumerPositionOffset + 2 * CACHE_LINE);
        this.buffer = memory.buffer();
    }

    /** Slots in the ring whose combined size stays within {@code maxBytes}: a power of two, at least 2. */
    public static int capacityWithin(final long maxBytes, final int messageSize) {
        final long slot = BitUtil.align(PUBLICATION_WORD + messageSize, CACHE_LINE);
        final long slots = Math.max(2, Math.min(1 << 30, maxBytes / slot));
        return Integer.highestOneBit((int) slots);
    }

    public UnsafeBuffer buffer() {
        return buffer;
    }

    public int capacity() {
        return capacity;
    }

    public int slotBytes() {
        return slotBytes;
    }

    /** Producer: spins until the next slot is free and returns the offset to write the message at. */
    public int claim() {
        if (producerPosition - cachedConsumerPosition >= capacity) {
            cachedConsumerPosition = buffer.getLongVolatile(consumerPositionOffset);
            if (producerPosition - cachedConsumerPosition >= capacity) {
                awaitFreeSlot();
            }
        }
        return slotOffset(producerPosition) + PUBLICATION_WORD;
    }

    private void awaitFreeSlot() {
        claimsThatFoundTheRingFull++;
        do {
            if (stopRequested) {
                throw new TransportStoppedException("floor");
            }
            cachedConsumerPosition = buffer.getLongVolatile(consumerPositionOffset);
        } while (producerPosition - cachedConsumerPosition >= capacity);
    }

    /** Any thread: a waiting {@link #claim()} throws instead; read only while waiting, so fast claims are unchanged. */
    public void requestStop() {
        stopRequested = true;
    }

    public void publish() {
        buffer.putLongOrdered(slotOffset(producerPosition), producerPosition + 1);
        producerPosition++;
    }

    /** Consumer: the offset of the next message if it has been published, else -1. */
    public int readyOffset() {
        final int slot = slotOffset(consumerPosition);
        return buffer.getLongVolatile(slot) == consumerPosition + 1 ? slot + PUBLICATION_WORD : -1;
    }

    public void release() {
        consumerPosition++;
        buffer.putLongOrdered(consumerPositionOffset, consumerPosition);
    }

    /** Read it after the producer thread has finished. */
    public long claimsThatFoundTheRingFull() {
        return claimsThatFoundTheRingFull;
    }

    private int slotOffset(final long position) {
        return (int) (position & mask) * slotBytes;
    }

    /** Frees the off-heap memory now: only once neither thread can touch the ring. */
    @Override
    public void close() {
        memory.close();
    }
}
