package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;

import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * This JVM's hold on a queue directory: a locked owner file inside it, so {@link StaleQueueSweeper} removes the
 * directory only once its owner is gone, and the one way its life ends.
 */
public final class QueueDirectoryOwner {
    public static final String FILE_NAME = "qp-owner.lock";

    private final File directory;
    private final LockedRecord record;
    private boolean ended;

    private QueueDirectoryOwner(final File directory, final LockedRecord record) {
        this.directory = directory;
        this.record = record;
    }

    /** Creates {@code directory}, which must not exist yet, and owns it; a failed claim leaves nothing behind. */
    public static QueueDirectoryOwner create(final File directory) throws IOException {
        try {
            Files.createDirectory(directory.toPath());
        } catch (final IOException e) {
            throw new IOException("could not create the queue directory " + directory + ": " + e, e);
        }
        try {
            return new QueueDirectoryOwner(directory, LockedRecord.create(new File(directory, FILE_NAME).toPath(), ""));
        } catch (final IOException | RuntimeException e) {
            ChronicleQueueTransport.deleteTree(directory.toPath());
            throw new IOException("could not claim the queue directory " + directory + ": " + e, e);
        }
    }

    public File directory() {
        return directory;
    }

    /**
     * Ends the hold, once however many ask: removes the owner file, so a queue kept on purpose ({@code keepQueue},
     * qp.keepQueue) is never taken for a dead run's, then the whole directory unless kept. A failure is reported on
     * {@code err}, not thrown: this runs from shutdown hooks and after a result is known.
     */
    public synchronized void end(final boolean keepQueue, final PrintStream err) {
        if (ended) {
            return;
        }
        ended = true;
        try {
            record.deleteAndClose();
            if (!keepQueue) {
                ChronicleQueueTransport.deleteTree(directory.toPath());
            }
        } catch (final IOException | RuntimeException e) {
            err.println("[qp] could not remove the queue " + directory + ": " + e);
        }
    }
}
