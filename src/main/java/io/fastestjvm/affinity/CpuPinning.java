package io.fastestjvm.affinity;

import java.util.BitSet;

import net.openhft.affinity.Affinity;
import net.openhft.affinity.AffinityLock;

/**
 * Pins the calling thread to one CPU with OpenHFT's {@code acquireLock(int[])} ({@code acquireLock(int)} takes 0 as
 * "any CPU"). When another process holds the reservation, the lock comes back unbound with only a log line: the
 * thread is then pinned with sched_setaffinity and the note says the CPU is shared.
 */
public final class CpuPinning implements AutoCloseable {
    private final AffinityLock lock;
    private final BitSet actual;
    private final int threadId;
    private final String note;

    private CpuPinning(final AffinityLock lock, final String note) {
        this.lock = lock;
        this.note = note;
        this.threadId = ThreadAffinity.currentThreadId();
        this.actual = ThreadAffinity.currentThreadAllowedCpus();
    }

    /** Does nothing for {@link CpuAssignment#UNPINNED}. */
    public static CpuPinning pinCurrentThread(final int cpu) {
        if (cpu == CpuAssignment.UNPINNED) {
            return new CpuPinning(null, null);
        }
        String problem;
        try {
            final AffinityLock lock = AffinityLock.acquireLock(new int[] {cpu});
            final BitSet pinned = ThreadAffinity.currentThreadAllowedCpus();
            if (pinned.cardinality() == 1 && pinned.get(cpu)) {
                return new CpuPinning(lock, null);
            }
            lock.release();
            problem = "AffinityLock could not reserve CPU " + cpu
                    + " (another process using OpenHFT affinity holds it)";
        } catch (final RuntimeException | LinkageError e) {
            problem = "AffinityLock failed: " + e;
        }
        try {
            Affinity.setAffinity(cpu);
            return new CpuPinning(null, problem + "; pinned with sched_setaffinity instead");
        } catch (final RuntimeException | LinkageError e) {
            return new CpuPinning(null, problem + "; sched_setaffinity failed too: " + e);
        }
    }

    /** What the kernel says after pinning. */
    public BitSet actualCpus() {
        return (BitSet) actual.clone();
    }

    public int threadId() {
        return threadId;
    }

    /** What did not go as planned on the way to the pin, or null. */
    public String note() {
        return note;
    }

    @Override
    public void close() {
        if (lock != null) {
            lock.release();
        }
    }
}
