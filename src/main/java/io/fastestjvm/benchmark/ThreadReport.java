package io.fastestjvm.benchmark;

import java.util.BitSet;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.engine.Progress;
import io.fastestjvm.timeline.PinnedThread;

/** What one benchmark thread saw of itself: where it ran, what it allocated, when it started and ended. */
final class ThreadReport {
    final String thread;
    /** The sequence reached and the idle-loop turns (producer: spins until due; consumer: empty polls). */
    final Progress progress = new Progress();
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

    /** Call once pinned. */
    PinnedThread asPinnedThread() {
        return new PinnedThread(threadId, javaThreadId, progress.idleTurns());
    }

    void pinned(final CpuPinning pinning) {
        threadId = pinning.threadId();
        javaThreadId = Thread.currentThread().getId();
        actualCpus = pinning.actualCpus();
        pinningNote = pinning.note();
    }
}
