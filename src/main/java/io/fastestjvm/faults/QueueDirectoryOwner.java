package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.function.Supplier;

import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * This JVM's hold on a queue directory: a locked owner file inside it, so {@link StaleQueueSweeper} removes the
 * directory only once its owner is gone, and the one way its life ends: exactly once, at the run's end or from a
 * signal's shutdown hook, and never while the persistence proof reads the queue (the proof reopens it read-write and
 * would recreate files the hook had just deleted).
 */
public final class QueueDirectoryOwner {
    public static final String FILE_NAME = "qp-owner.lock";

    private final File directory;
    private final LockedRecord record;
    private boolean ended;
    private boolean keepQueue;
    private Thread hook;

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

    /**
     * Call as soon as the queue is owned: a signal then runs {@code onSignal} and ends the hold as a normal end does,
     * deleting the queue unless {@code keepQueue} (qp.keepQueue).
     */
    public QueueDirectoryOwner endOnSignal(final boolean keep, final Runnable onSignal) {
        keepQueue = keep;
        hook = new Thread(() -> {
            onSignal.run();
            end(keep, System.err);
        }, "qp-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        return this;
    }

    /** Ends the hold as {@link #endOnSignal} was told to, and removes its hook. */
    public void removeAndUnhook() {
        end(keepQueue, System.err);
        if (hook != null) {
            ChildHandle.removeShutdownHook(hook);
        }
    }

    /** Runs {@code proof} with the queue guaranteed to stay; {@code ifRemoved} instead once the hold has ended. */
    public synchronized <T> T whileQueueExists(final Supplier<T> proof, final Supplier<T> ifRemoved) {
        return ended ? ifRemoved.get() : proof.get();
    }

    public File directory() {
        return directory;
    }

    /**
     * Ends the hold, once however many ask: removes the owner file, so a queue kept on purpose ({@code keepQueue},
     * qp.keepQueue) is never taken for a dead run's, then the whole directory unless kept. A failure is reported on
     * {@code err}, not thrown: this runs from shutdown hooks and after a result is known. Waits for a proof in
     * progress to end first.
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
