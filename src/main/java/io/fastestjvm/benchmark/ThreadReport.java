package io.fastestjvm.benchmark;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.timeline.PinnedThread;
import io.fastestjvm.timing.IdleTurns;

/** What one benchmark thread saw of itself: where it ran, what it allocated, when it started and ended. */
final class ThreadReport {
    final String thread;
    /** Progress counters, published with lazySet: no fence on the hot path, read once a second by the reporter. */
    final AtomicLong sent = new AtomicLong();
    final AtomicLong received = new AtomicLong();
    /** The thread's idle-loop turns (producer: spins until due; consumer: empty polls), published per message. */
    final IdleTurns idle = new IdleTurns();
    long startNanos;
    long measuredStartNanos;
    long endNanos;
    long allocatedBytes = -1;
    /** Read by the thread itself once its measured loop has ended, never inside it. */
    long involuntarySwitchesAtEnd = -1;
    int threadId = -1;
    long javaThreadId = -1;
    BitSet actualCpus = new BitSet();
    String pinningNote;

    ThreadReport(final String thread) {
        this.thread = thread;
    }

    /** This thread for the per-second sampler; call once it has pinned itself. */
    PinnedThread asPinnedThread() {
        return new PinnedThread(threadId, javaThreadId, idle);
    }

    void pinned(final CpuPinning pinning) {
        threadId = pinning.threadId();
        javaThreadId = Thread.currentThread().getId();
        actualCpus = pinning.actualCpus();
        pinningNote = pinning.note();
    }
}
