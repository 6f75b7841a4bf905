package io.fastestjvm.transport;

import org.agrona.BitUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The least a single-producer/single-consumer hand-off can do: a power-of-two ring of fixed-size slots in off-heap
 * memory. Each slot starts with an 8-byte publication word; the producer writes the message, then stores
 * {@code position + 1} there with a release store (putLongOrdered); the consumer sees the slot is ready with an
 * acquire load (getLongVolatile) of that one word. The consumer publishes how far it has read, with a release store,
 * on a cache line of its own; the producer reads it only when its cached copy says the ring is full, so in the
 * steady state neither side touches a line the other writes except the slot itself.
 *
 * <p>One producer thread calls {@link #claim()} then {@link #publish()}; one consumer thread calls
 * {@link #readyOffset()} then {@link #release()}. Nothing allocates after construction.
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

    /** @param capacity slots, a power of two; {@code messageSize} bytes fit in each after the publication word */
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

    /**
     * Producer: waits (spinning) until the next slot is free and returns the offset to write the message at; throws
     * {@link TransportStoppedException} if it had to wait and {@link #requestStop()} was called.
     */
    public int claim() {
        if (producerPosition - cachedConsumerPosition >= capacity) {
            cachedConsumerPosition = buffer.getLongVolatile(consumerPositionOffset);
            if (producerPosition - cachedConsumerPosition >= capacity) {
                awaitFreeSlot();
            }
        }
        return slotOffset(producerPosition) + PUBLICATION_WORD;
    }

    /** The ring was full: spins until the consumer frees a slot, or gives up once {@link #requestStop()} was called. */
    private void awaitFreeSlot() {
        claimsThatFoundTheRingFull++;
        do {
            if (stopRequested) {
                throw new TransportStoppedException("floor");
            }
            cachedConsumerPosition = buffer.getLongVolatile(consumerPositionOffset);
        } while (producerPosition - cachedConsumerPosition >= capacity);
    }

    /**
     * Any thread: a {@link #claim()} waiting for a full ring, now or later, throws {@link TransportStoppedException}
     * instead of spinning on. Read only while waiting, so a claim that finds room is unchanged.
     */
    public void requestStop() {
        stopRequested = true;
    }

    /** Producer: makes the claimed slot's message visible to the consumer. */
    public void publish() {
        buffer.putLongOrdered(slotOffset(producerPosition), producerPosition + 1);
        producerPosition++;
    }

    /** Consumer: the offset of the next message if it has been published, else -1. */
    public int readyOffset() {
        final int slot = slotOffset(consumerPosition);
        return buffer.getLongVolatile(slot) == consumerPosition + 1 ? slot + PUBLICATION_WORD : -1;
    }

    /** Consumer: hands the slot just read back to the producer. */
    public void release() {
        consumerPosition++;
        buffer.putLongOrdered(consumerPositionOffset, consumerPosition);
    }

    /** How many claims had to wait for the consumer; read it after the producer thread has finished. */
    public long claimsThatFoundTheRingFull() {
        return claimsThatFoundTheRingFull;
    }

    private int slotOffset(final long position) {
        return (int) (position & mask) * slotBytes;
    }

    /**
     * Frees the off-heap memory now rather than at some later GC; the ring must not be used afterwards, so only once
     * neither the producer nor the consumer thread can still touch it.
     */
    @Override
    public void close() {
        memory.close();
    }
}
