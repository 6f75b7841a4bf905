package io.fastestjvm.transport;

import java.io.File;

import io.fastestjvm.config.BenchmarkOptions;

/** Makes the transport {@code qp.transport} names, sized for the run {@code options} describe. */
public final class Transports {
    public static final String CHRONICLE = "chronicle";
    /** The in-memory rings take at most this much memory; the producer waits (and counts it) if one fills. */
    static final long MAX_RING_BYTES = 64L << 20;
    /** A ring holds at least this many messages. */
    static final long MIN_RING_MESSAGES = 4_096;
    /** Room for any ring's per-message header and alignment. */
    static final int RING_OVERHEAD_BYTES = 64;
    /** The warm-up must lap the ring at least this often. */
    static final int WARMUP_LAPS = 4;

    private Transports() {
    }

    public static Transport create(final BenchmarkOptions options, final File queueDir) {
        switch (options.transport()) {
            case "floor":
                return new FloorRingTransport(queueDir, options.size(), ringBytes(options));
            case "agrona":
                return new AgronaRingTransport(queueDir, options.size(), ringBytes(options));
            case "disruptor":
                return new DisruptorTransport(queueDir, options.size(), ringBytes(options));
            default:
                return new ChronicleQueueTransport(queueDir, options.size(), options.rollCycle(),
                        chronicleBlockSizeBytes(options));
        }
    }

    /** True when the named transport writes files, so needs free space and has something to prove afterwards. */
    public static boolean persists(final String transport) {
        return CHRONICLE.equals(transport);
    }

    /**
     * Sized so the warm-up laps the ring several times: each ring takes a branch of its own the first time it
     * wraps (Agrona pads the end of its buffer, the Disruptor first reads its gating sequence). Taken for the
     * first time inside the measured window, that branch deoptimises the hot loop, which then runs, and allocates,
     * in the interpreter.
     */
    static long ringBytes(final BenchmarkOptions options) {
        final long messages = Math.max(MIN_RING_MESSAGES, options.warmupMessages() / WARMUP_LAPS);
        return Math.min(MAX_RING_BYTES, messages * (options.size() + RING_OVERHEAD_BYTES));
    }

    public static long chronicleBlockSizeBytes(final BenchmarkOptions options) {
        return chronicleBlockSizeBytes(options.blockSizeMiB(), options.totalMessages(), options.size());
    }

    /**
     * 0 means "one block for the whole run": the queue then never maps a new chunk mid-measurement. Public so the
     * JLBH harness (src/jlbh) sizes its queue the same way for its own message count.
     */
    public static long chronicleBlockSizeBytes(final int blockSizeMiB, final long totalMessages, final int size) {
        if (blockSizeMiB > 0) {
            return (long) blockSizeMiB << 20;
        }
        final long needed = ChronicleQueueTransport.bytesNeeded(totalMessages, size);
        final long mib = Math.max(64, (needed >> 20) + 1);
        return Math.min(mib, 16_384) << 20;
    }
}
