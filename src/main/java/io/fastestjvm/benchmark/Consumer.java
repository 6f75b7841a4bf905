package io.fastestjvm.benchmark;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.engine.ChunkLoop;
import io.fastestjvm.engine.ReceiveLoop;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.recording.AllocationMeter;
import io.fastestjvm.recording.LatencyRecorders;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;

/** Receives every message of the stage plan from its pinned CPU and records each latency definition. */
final class Consumer implements Runnable, ChunkLoop.Worker {
    private final Transport transport;
    private final StagePlan plan;
    private final int cpu;
    private final RunControl control;
    private final LatencyRecorders latencies;
    private final SteadyStateWatch steady;
    private final MeasuredWindowEdges edges;
    private final ReceivedMessage message = new ReceivedMessage();
    private final ThreadReport report = new ThreadReport("consumer");
    /** Made by the consumer thread once pinned (a meter meters the thread that made it); used by it only. */
    private MessageReceiver receiver;
    private AllocationMeter allocation;
    private AllocationMeter chunkAllocation;

    Consumer(final Transport transport, final StagePlan plan, final int cpu, final RunControl control,
             final LatencyRecorders latencies, final SteadyStateWatch steady, final MeasuredWindowEdges edges) {
        this.transport = transport;
        this.plan = plan;
        this.cpu = cpu;
        this.control = control;
        this.latencies = latencies;
        this.steady = steady;
        this.edges = edges;
    }

    ThreadReport report() {
        return report;
    }

    @Override
    public void run() {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpu)) {
            report.pinned(pinning);
            receiver = transport.openReceiver();
            allocation = new AllocationMeter();
            chunkAllocation = new AllocationMeter();
            if (!control.markReadyAndAwaitGo()) {
                return;
            }
            report.startNanos = System.nanoTime();
            if (!ChunkLoop.walk(plan, this, control)) {
                return;
            }
            allocation.stop();
            report.endNanos = System.nanoTime();
            report.allocatedBytes = allocation.allocatedBytes();
            edges.consumerLastMessageReceived(); // measured-window edge: the clock, the safepoint count
            report.involuntarySwitchesAtEnd = SystemFiles.live().involuntarySwitches(report.threadId);
            edges.consumerAfterMeasuring(); // JVM activity, harness CPU, probe
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            control.fail("consumer interrupted");
        } catch (final RuntimeException | Error e) {
            control.fail("consumer failed after message " + report.progress.reached() + ": " + e);
        }
    }

    /** Between chunks, never inside the receive loop. */
    @Override
    public void atEdges(final int at, final long chunk) {
        if ((at & StagePlan.RUN_START) != 0) {
            latencies.beginRun(plan.runOf(chunk));
        }
        if ((at & StagePlan.PROBE_REHEARSAL) != 0) {
            edges.consumerInWarmup();
        }
        if ((at & StagePlan.WINDOW_START) != 0) {
            edges.consumerBeforeMeasuring(); // harness CPU, placement probe, JVM activity
            allocation.start();
            edges.consumerOpensWindow(); // the safepoint count and the clock, after the edge's own work
            report.measuredStartNanos = System.nanoTime();
        }
    }

    /** A warm-up chunk is metered for allocation, for the steady-state watch. */
    @Override
    public boolean chunk(final StagePlan.Stage stage, final long from, final long to) {
        if (stage == StagePlan.Stage.MEASURED) {
            return ReceiveLoop.receiveRange(receiver, message, from, to, latencies, report.progress, control);
        }
        chunkAllocation.start();
        if (!ReceiveLoop.receiveRange(receiver, message, from, to, latencies, report.progress, control)) {
            return false;
        }
        chunkAllocation.stop();
        steady.consumerChunk(chunkAllocation.allocatedBytes());
        return true;
    }
}
