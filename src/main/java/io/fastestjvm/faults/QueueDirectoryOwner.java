package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;

/** A locked owner file in a run's queue directory: {@link StaleQueueSweeper} removes it only once its owner is gone. */
public final class QueueDirectoryOwner implements AutoCloseable {
    public static final String FILE_NAME = "qp-owner.lock";

    private final LockedRecord record;

    private QueueDirectoryOwner(final LockedRecord record) {
        this.record = record;
    }

    public static QueueDirectoryOwner claim(final File queueDir) throws IOException {
        return new QueueDirectoryOwner(LockedRecord.create(new File(queueDir, FILE_NAME).toPath(), ""));
    }

    /** Removes the owner file, so a queue kept on purpose (qp.keepQueue) is never taken for a stale one. */
    @Override
    public void close() throws IOException {
        record.deleteAndClose();
    }
}
