package io.fastestjvm.faults;

import java.io.File;
import java.util.function.Supplier;

import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * Removes a run's queue exactly once, at its end or from a signal's shutdown hook, and never while the persistence
 * proof reads it: the proof reopens the queue read-write and would recreate files the hook had just deleted.
 */
public final class QueueRemoval {
    private final Runnable delete;
    private final boolean keep;
    private boolean removed;
    private Thread hook;

    /** {@code keep}: qp.keepQueue; the proof still may not run after a signal. */
    public QueueRemoval(final Runnable delete, final boolean keep) {
        this.delete = delete;
        this.keep = keep;
    }

    /** Call as soon as {@code queueDir} exists: a signal then runs {@code onSignal} and removes the queue. */
    public static QueueRemoval onSignal(final File queueDir, final boolean keep, final Runnable onSignal) {
        final QueueRemoval removal = new QueueRemoval(() -> ChronicleQueueTransport.deleteTree(queueDir.toPath()),
                keep);
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
            if (!keep) {
                delete.run();
            }
        }
    }

    /** Runs {@code proof} with the queue guaranteed to stay; {@code ifRemoved} instead when it has gone. */
    public synchronized <T> T whileQueueExists(final Supplier<T> proof, final Supplier<T> ifRemoved) {
        return removed ? ifRemoved.get() : proof.get();
    }
}
