package io.fastestjvm.benchmark;

import java.util.BitSet;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.engine.ChunkLoop;
import io.fastestjvm.engine.Progress;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.recording.AllocationMeter;
import io.fastestjvm.timeline.PinnedThread;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;

/**
 * The producer's and consumer's common life: pinned, its end of the transport opened, the go awaited, the stage plan
 * walked, the window's end edge; and what the thread saw of itself, read by the run once it ended: where it ran,
 * what it allocated, when it started and ended.
 */
abstract class PinnedWorker implements Runnable, ChunkLoop.Worker {
    final String thread;
    /** The sequence reached and the idle-loop turns (producer: spins until due; consumer: empty polls). */
    final Progress progress = new Progress();
    long measuredStartNanos;
    long endNanos;
    long allocatedBytes = -1;
    /** Read by the thread itself once its measured loop has ended, never inside it. */
    long involuntarySwitchesAtEnd = -1;
    int threadId = -1;
    long javaThreadId = -1;
    BitSet actualCpus = new BitSet();
    String pinningNote;

    final Transport transport;
    final StagePlan plan;
    private final int cpu;
    final RunControl control;
    final SteadyStateWatch steady;
    final MeasuredWindowEdges edges;
    /** How a failure names the message the thread reached: "failed at message" (producer 7), or after it. */
    private final String failedAt;
    /** Made by the thread once pinned (a meter meters the thread that made it); used by it only. */
    AllocationMeter allocation;
    AllocationMeter chunkAllocation;

    PinnedWorker(final String thread, final String failedAt, final Transport transport, final StagePlan plan,
                 final int cpu, final RunControl control, final SteadyStateWatch steady,
                 final MeasuredWindowEdges edges) {
        this.thread = thread;
        this.failedAt = failedAt;
        this.transport = transport;
        this.plan = plan;
        this.cpu = cpu;
        this.control = control;
        this.steady = steady;
        this.edges = edges;
    }

    @Override
    public final void run() {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpu)) {
            threadId = pinning.threadId();
            javaThreadId = Thread.currentThread().getId();
            actualCpus = pinning.actualCpus();
            pinningNote = pinning.note();
            openEnd();
            allocation = new AllocationMeter();
            chunkAllocation = new AllocationMeter();
            if (!control.markReadyAndAwaitGo() || !walkPlan()) {
                return;
            }
            allocation.stop();
            endNanos = System.nanoTime();
            allocatedBytes = allocation.allocatedBytes();
            endWindow();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            control.fail(thread + " interrupted");
        } catch (final RuntimeException | Error e) {
            control.fail(thread + " " + failedAt + " " + progress.reached() + ": " + e);
        }
    }

    /** Opens the thread's end of the transport, on the thread itself. */
    abstract void openEnd();

    /** After the go: walks the plan; false when the thread must end at once. */
    abstract boolean walkPlan();

    /** After the plan: the window's end edge, around {@link #readSwitchesAtEnd}. */
    abstract void endWindow();

    final void readSwitchesAtEnd() {
        involuntarySwitchesAtEnd = SystemFiles.live().involuntarySwitches(threadId);
    }

    /** Call once pinned. */
    PinnedThread asPinnedThread() {
        return new PinnedThread(threadId, javaThreadId, progress.idleTurns());
    }
}
