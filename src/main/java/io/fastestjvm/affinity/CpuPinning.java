package io.fastestjvm.affinity;

import java.util.BitSet;

import net.openhft.affinity.AffinityLock;

/**
 * Pins the calling thread with OpenHFT affinity, exactly: {@code acquireLock(int[])} binds the one CPU given,
 * whereas {@code acquireLock(int)} treats 0 as "any CPU" and only warns when a CPU is missing. The result is
 * whatever the kernel then reports for the thread, so a silent failure shows up as a mismatch.
 */
public final class CpuPinning implements AutoCloseable {
    private final AffinityLock lock;
    private final BitSet actual;
    private final int threadId;
    private final String error;

    private CpuPinning(final AffinityLock lock, final String error) {
        this.lock = lock;
        this.error = error;
        this.threadId = ThreadAffinity.currentThreadId();
        this.actual = ThreadAffinity.currentThreadAllowedCpus();
    }

    /** Pins the calling thread to {@code cpu}, or does nothing for {@link CpuAssignment#UNPINNED}. */
    public static CpuPinning pinCurrentThread(final int cpu) {
        if (cpu == CpuAssignment.UNPINNED) {
            return new CpuPinning(null, null);
        }
        try {
            return new CpuPinning(AffinityLock.acquireLock(new int[] {cpu}), null);
        } catch (final RuntimeException | LinkageError e) {
            return new CpuPinning(null, e.toString());
        }
    }

    /** CPUs the kernel lets this thread run on after pinning. */
    public BitSet actualCpus() {
        return (BitSet) actual.clone();
    }

    public int threadId() {
        return threadId;
    }

    /** True when the kernel reports exactly {@code cpu} (or, for unpinned, whatever it reports). */
    public boolean matches(final int cpu) {
        return cpu == CpuAssignment.UNPINNED || actual.cardinality() == 1 && actual.get(cpu);
    }

    public String error() {
        return error;
    }

    @Override
    public void close() {
        if (lock != null) {
            lock.release();
        }
    }
}
