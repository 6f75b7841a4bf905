package io.fastestjvm.warmup;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.fastestjvm.audit.HarnessCpu;
import io.fastestjvm.audit.SystemFiles;

/**
 * Gives the JIT compiler the CPUs between warm-up steps: waits, with the benchmark threads parked, until this JVM's
 * compiler threads have been idle for {@link #QUIET_NANOS} (or {@link #BOUND_NANOS} passed).
 * <p>
 * Why: on a machine whose every CPU runs a spinning benchmark thread, the compiler threads get a share of a CPU,
 * the C2 queue grows to 20 and more in the first warm-up seconds, and tiered compilation then sends new methods to
 * tier 2 (no profile) instead of tier 3. Which methods land there, and when C2 compiles their callers, is a race
 * that each JVM draws once and keeps: about one JVM in eight compiled the message path 1.3-1.4x slower for life
 * (docs/findings/memory-draw.md). Where the JIT has a core of its own, as on the article's machine, its queue stays
 * short; this gives it the same between steps. Idle means the compiler threads (C1, C2, JVMCI) together ran less
 * than {@link #BUSY_NANOS} in each {@link #POLL_NANOS} poll. Reads /proc: command thread only, never in a slice.
 */
public final class CompilerRoom {
    static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    /** A compiler thread that ran less than this in a poll is finishing, not compiling. */
    static final long BUSY_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(30);
    public static final long BOUND_MILLIS = 2_000;
    static final long BOUND_NANOS = TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
    /** Fast-stage slices a warm-up may add by starting short and doubling (1,000 messages to 2^20 and more). */
    public static final int MAX_BURSTS = 12;

    private final SystemFiles files;
    private long waitedNanos;
    private int waits;
    private int bounded;

    public CompilerRoom(final SystemFiles files) {
        this.files = files;
    }

    /** Waits until the compiler threads are idle, at most {@link #BOUND_NANOS}. */
    public void awaitIdle() {
        final long start = System.nanoTime();
        long last = compilerNanos();
        long quietSince = start;
        while (true) {
            LockSupport.parkNanos(POLL_NANOS);
            final long now = System.nanoTime();
            final long cpu = compilerNanos();
            if (cpu - last >= BUSY_NANOS) {
                quietSince = now;
            }
            last = cpu;
            if (now - quietSince >= QUIET_NANOS || now - start >= BOUND_NANOS) {
                waits++;
                bounded += now - quietSince >= QUIET_NANOS ? 0 : 1;
                waitedNanos += now - start;
                return;
            }
        }
    }

    /** CPU time so far of this JVM's compiler threads, summed (threads that ended drop out, which reads as idle). */
    long compilerNanos() {
        long sum = 0;
        for (final String tid : files.list("/proc/self/task", "[0-9]*")) {
            final String task = "/proc/self/task/" + tid;
            if (isCompiler(files.firstLine(task + "/comm"))) {
                sum += Math.max(0, HarnessCpu.nanosOf(files, task));
            }
        }
        return sum;
    }

    /** HotSpot names its compiler threads "C1 CompilerThread0", "C2 CompilerThread1", "JVMCI CompilerThread0" (cut to 15). */
    static boolean isCompiler(final String comm) {
        return comm != null && (comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler")
                || comm.startsWith("JVMCI"));
    }

    /** Milliseconds waited so far. */
    public long waitedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(waitedNanos);
    }

    public int waits() {
        return waits;
    }

    /** Waits that ended at the bound, the compiler still busy. */
    public int bounded() {
        return bounded;
    }
}
