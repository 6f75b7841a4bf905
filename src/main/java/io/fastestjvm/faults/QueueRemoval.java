package io.fastestjvm.faults;

import java.util.function.Supplier;

import io.fastestjvm.control.ChildHandle;

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
     * Call as soon as the queue is owned: a signal then runs {@code onSignal} and ends the hold as a normal end does,
     * deleting the queue unless {@code keepQueue} (qp.keepQueue).
     */
    public static QueueRemoval onSignal(final QueueDirectoryOwner owner, final boolean keepQueue,
                                        final Runnable onSignal) {
        final QueueRemoval removal = new QueueRemoval(() -> owner.end(keepQueue, System.err));
        removal.hook = new Thread(() -> {
            onSignal.run();
            removal.remove();
        }, "qp-cleanup");
        Runtime.getRuntime().addShutdownHook(removal.hook);
        return removal;
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
