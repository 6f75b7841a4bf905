package io.fastestjvm.transport;

import java.io.File;

/** A transport whose messages live only in this process's memory: there is nothing to read back afterwards. */
abstract class InMemoryTransport implements Transport {
    private final File directory;
    private volatile boolean stopRequested;

    /** @param directory the run's (empty) queue directory, removed by {@link #deleteFiles()} */
    InMemoryTransport(final File directory) {
        this.directory = directory;
    }

    @Override
    public void requestStop() {
        stopRequested = true;
    }

    /** Read by a producer only while it waits for ring space: never on the path of a send that need not wait. */
    final boolean stopRequested() {
        return stopRequested;
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
