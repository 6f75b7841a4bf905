package io.fastestjvm.transport;

import java.io.File;

import io.fastestjvm.config.BenchmarkOptions;

/** Makes the transport {@code qp.transport} names, sized for the run {@code options} describe. */
public final class Transports {
    public static final String CHRONICLE = "chronicle";
    /** The in-memory rings take at most this much memory; the producer waits (and counts it) if one fills. */
    static final long MAX_RING_BYTES = 64L << 20;

    private Transports() {
    }

    public static Transport create(final BenchmarkOptions options, final File queueDir) {
        switch (options.transport()) {
            case "floor":
                return new FloorRingTransport(queueDir, options.size(), MAX_RING_BYTES);
            case "agrona":
                return new AgronaRingTransport(queueDir, options.size(), MAX_RING_BYTES);
            case "disruptor":
                return new DisruptorTransport(queueDir, options.size(), MAX_RING_BYTES);
            default:
                return new ChronicleQueueTransport(queueDir, options.size(), options.rollCycle(),
                        chronicleBlockSizeBytes(options));
        }
    }

    /** True when the named transport writes files, so needs free space and has something to prove afterwards. */
    public static boolean persists(final String transport) {
        return CHRONICLE.equals(transport);
    }

    /** 0 means "one block for the whole run": the queue then never maps a new chunk mid-measurement. */
    static long chronicleBlockSizeBytes(final BenchmarkOptions options) {
        if (options.blockSizeMiB() > 0) {
            return (long) options.blockSizeMiB() << 20;
        }
        final long needed = ChronicleQueueTransport.bytesNeeded(options.totalMessages(), options.size());
        final long mib = Math.max(64, (needed >> 20) + 1);
        return Math.min(mib, 16_384) << 20;
    }
}
