package io.fastestjvm.transport;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import net.openhft.chronicle.queue.RollCycles;

/** Every transport {@code qp.transport} can name, one line each: settings, docs and checks all read this list. */
public final class Transports {
    public static final String CHRONICLE = "chronicle";
    private static final List<TransportEntry> ALL = new CopyOnWriteArrayList<>(Arrays.asList(
            new TransportEntry(CHRONICLE, "memory-mapped Chronicle Queue", true, (spec, dir) ->
                    new ChronicleQueueTransport(dir, spec.messageSize, spec.rollCycle, spec.chronicleBlockBytes)),
            new TransportEntry("floor", "minimal off-heap SPSC ring", false, (spec, dir) ->
                    new FloorRingTransport(dir, spec.messageSize, spec.ringBytes)),
            new TransportEntry("agrona", "Agrona OneToOneRingBuffer", false, (spec, dir) ->
                    new AgronaRingTransport(dir, spec.messageSize, spec.ringBytes)),
            new TransportEntry("disruptor", "LMAX Disruptor", false, (spec, dir) ->
                    new DisruptorTransport(dir, spec.messageSize, spec.ringBytes))));
    /** The in-memory rings take at most this much memory; the producer waits (and counts it) if one fills. */
    static final long MAX_RING_BYTES = 64L << 20;
    static final long MIN_RING_MESSAGES = 4_096;
    /** Room for any ring's per-message header and alignment. */
    static final int RING_OVERHEAD_BYTES = 64;
    static final int WARMUP_LAPS = 4;

    private Transports() {
    }

    public static List<TransportEntry> all() {
        return Collections.unmodifiableList(ALL);
    }

    public static Optional<TransportEntry> find(final String name) {
        return ALL.stream().filter(entry -> entry.name().equals(name)).findFirst();
    }

    /** The settings have already checked that {@code name} is registered. */
    public static TransportEntry named(final String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no transport named " + name));
    }

    /** Adds an entry until the returned handle is closed (tests; a real transport is one line in the list above). */
    static AutoCloseable register(final TransportEntry entry) {
        if (find(entry.name()).isPresent()) {
            throw new IllegalArgumentException("transport " + entry.name() + " is already registered");
        }
        ALL.add(entry);
        return () -> ALL.remove(entry);
    }

    public static TransportSpec spec(final int size, final RollCycles rollCycle, final int blockSizeMiB,
                                     final long totalMessages, final long warmupMessages) {
        return new TransportSpec(size, rollCycle, chronicleBlockSizeBytes(blockSizeMiB, totalMessages, size),
                ringBytes(warmupMessages, size));
    }

    /**
     * So the warm-up laps the ring: each ring's first wrap takes a branch of its own, which taken first inside the
     * measured window would deoptimise the hot loop.
     */
    static long ringBytes(final long warmupMessages, final int size) {
        final long messages = Math.max(MIN_RING_MESSAGES, warmupMessages / WARMUP_LAPS);
        return Math.min(MAX_RING_BYTES, messages * (size + RING_OVERHEAD_BYTES));
    }

    /** 0: one block for the whole run, so no chunk is mapped mid-measurement. Public for the JLBH harness. */
    public static long chronicleBlockSizeBytes(final int blockSizeMiB, final long totalMessages, final int size) {
        if (blockSizeMiB > 0) {
            return (long) blockSizeMiB << 20;
        }
        final long needed = ChronicleQueueTransport.bytesNeeded(totalMessages, size);
        final long mib = Math.max(64, (needed >> 20) + 1);
        return Math.min(mib, 16_384) << 20;
    }
}
