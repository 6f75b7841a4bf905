package io.fastestjvm.transport;

import java.io.File;

/** A transport whose messages live only in this process's memory: there is nothing to read back afterwards. */
abstract class InMemoryTransport implements Transport {
    private final File directory;

    /** @param directory the run's (empty) queue directory, removed by {@link #deleteFiles()} */
    InMemoryTransport(final File directory) {
        this.directory = directory;
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
