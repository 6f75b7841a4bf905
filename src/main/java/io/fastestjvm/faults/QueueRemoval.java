package io.fastestjvm.faults;

import java.util.function.Supplier;

/**
 * Removes a run's queue exactly once, whether the run ends normally or a signal's shutdown hook ends it, and never
 * while the persistence proof reads it: the proof reopens the queue read-write and would recreate files a hook had
 * just deleted, or read files being deleted under it. The hook's removal waits for a proof in progress; a proof
 * asked for after the removal does not run.
 */
public final class QueueRemoval {
    private final Runnable delete;
    private final boolean keep;
    private boolean removed;

    /** {@code keep}: qp.keepQueue, the files stay; the proof still may not run after a signal. */
    public QueueRemoval(final Runnable delete, final boolean keep) {
        this.delete = delete;
        this.keep = keep;
    }

    /** Deletes the queue unless kept or already removed; waits for a proof in progress to end first. */
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
