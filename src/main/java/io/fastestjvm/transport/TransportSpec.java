package io.fastestjvm.transport;

import net.openhft.chronicle.queue.RollCycles;

/** What a transport's factory needs from the run's settings, already sized (see {@link Transports#spec}). */
public final class TransportSpec {
    public final int messageSize;
    public final RollCycles rollCycle;
    public final long chronicleBlockBytes;
    /** The most memory an in-memory ring may take. */
    public final long ringBytes;

    TransportSpec(final int messageSize, final RollCycles rollCycle, final long chronicleBlockBytes,
                  final long ringBytes) {
        this.messageSize = messageSize;
        this.rollCycle = rollCycle;
        this.chronicleBlockBytes = chronicleBlockBytes;
        this.ringBytes = ringBytes;
    }
}
