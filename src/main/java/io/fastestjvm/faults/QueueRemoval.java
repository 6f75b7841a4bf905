package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.util.function.Supplier;

import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * Removes a run's queue exactly once, at its end or from a signal's shutdown hook, and never while the persistence
 * proof reads it: the proof reopens the queue read-write and would recreate files the hook had just deleted.
 */
public final class QueueRemoval {
    private final Runnable delete;
    private boolean removed;
    private Thread hook;

    /** {@code delete}: what removing does; the proof may not run once it has, even when the queue is kept. */
    public QueueRemoval(final Runnable delete) {
        this.delete = delete;
    }

    /**
     * Call as soon as {@code queueDir} exists and is owned: a signal then runs {@code onSignal} and removes the queue.
     * A queue kept on purpose ({@code keptOwner} given, qp.keepQueue) only has its owner record released, as a normal
     * end does, so no later run's sweeper takes it for a dead run's.
     */
    public static QueueRemoval onSignal(final File queueDir, final QueueDirectoryOwner keptOwner,
                                        final Runnable onSignal) {
        final QueueRemoval removal = new QueueRemoval(keptOwner != null ? () -> release(keptOwner)
                : () -> ChronicleQueueTransport.deleteTree(queueDir.toPath()));
        removal.hook = new Thread(() -> {
            onSignal.run();
            removal.remove();
        }, "qp-cleanup");
        Runtime.getRuntime().addShutdownHook(removal.hook);
        return removal;
    }

    private static void release(final QueueDirectoryOwner owner) {
        try {
            owner.close();
        } catch (final IOException e) {
            System.err.println("[qp] could not release the kept queue's owner record: " + e);
        }
    }

    public void removeAndUnhook() {
        remove();
        if (hook != null) {
            ChildHandle.removeShutdownHook(hook);
        }
    }

    /** Waits for a proof in progress to end first. */
    public synchronized void remove() {
        if (!removed) {
            removed = true;
            delete.run();
        }
    }

    /** Runs {@code proof} with the queue guaranteed to stay; {@code ifRemoved} instead when it has gone. */
    public synchronized <T> T whileQueueExists(final Supplier<T> proof, final Supplier<T> ifRemoved) {
        return removed ? ifRemoved.get() : proof.get();
    }
}
