package io.fastestjvm.transport;

import java.io.File;

/** A transport whose messages live only in this process's memory: there is nothing to read back afterwards. */
abstract class InMemoryTransport implements Transport {
    private final File directory;
    // set from any thread; read only while a producer waits for ring space
    volatile boolean stopRequested;
    // producer thread only; read after it has finished
    long claimsThatFoundTheRingFull;

    InMemoryTransport(final File directory) {
        this.directory = directory;
    }

    @Override
    public void requestStop() {
        stopRequested = true;
    }

    @Override
    public final boolean persists() {
        return false;
    }

    @Override
    public final PersistenceProof provePersisted(final long expectedMessages) {
        return PersistenceProof.notApplicable();
    }

    @Override
    public final void deleteFiles() {
        ChronicleQueueTransport.deleteTree(directory.toPath());
    }
}
