package io.fastestjvm.transport;

import net.openhft.chronicle.queue.RollCycles;

/** What a transport's factory needs from the run's settings, already sized (see {@link Transports#spec}). */
public final class TransportSpec {
    private final int messageSize;
    private final RollCycles rollCycle;
    private final long chronicleBlockBytes;
    private final long ringBytes;

    TransportSpec(final int messageSize, final RollCycles rollCycle, final long chronicleBlockBytes,
                  final long ringBytes) {
        this.messageSize = messageSize;
        this.rollCycle = rollCycle;
        this.chronicleBlockBytes = chronicleBlockBytes;
        this.ringBytes = ringBytes;
    }

    public int messageSize() {
        return messageSize;
    }

    public RollCycles rollCycle() {
        return rollCycle;
    }

    public long chronicleBlockBytes() {
        return chronicleBlockBytes;
    }

    /** The most memory an in-memory ring may take. */
    public long ringBytes() {
        return ringBytes;
    }
}
