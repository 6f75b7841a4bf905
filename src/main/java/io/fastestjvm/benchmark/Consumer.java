package io.fastestjvm.benchmark;

import io.fastestjvm.engine.ChunkLoop;
import io.fastestjvm.engine.ReceiveLoop;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.recording.LatencyRecorders;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;

/** Receives every message of the stage plan from its pinned CPU and records each latency definition. */
final class Consumer extends PinnedWorker {
    private final LatencyRecorders latencies;
    private final ReceivedMessage message = new ReceivedMessage();
    /** Made by the consumer thread once pinned; used by it only. */
    private MessageReceiver receiver;

    Consumer(final Transport transport, final StagePlan plan, final int cpu, final RunControl control,
             final LatencyRecorders latencies, final SteadyStateWatch steady, final MeasuredWindowEdges edges) {
        super("consumer", "failed after message", transport, plan, cpu, control, steady, edges);
        this.latencies = latencies;
    }

    @Override
    void openEnd() {
        receiver = transport.openReceiver();
    }

    @Override
    boolean walkPlan() {
        return ChunkLoop.walk(plan, this, control);
    }

    @Override
    void endWindow() {
        edges.consumerLastMessageReceived(); // measured-window edge: the clock, the safepoint count
        readSwitchesAtEnd();
        edges.consumerAfterMeasuring(); // JVM activity, harness CPU, probe
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
            measuredStartNanos = System.nanoTime();
        }
    }

    /** A warm-up chunk is metered for allocation, for the steady-state watch. */
    @Override
    public boolean chunk(final StagePlan.Stage stage, final long from, final long to) {
        if (stage == StagePlan.Stage.MEASURED) {
            return ReceiveLoop.receiveRange(receiver, message, from, to, latencies, progress, control);
        }
        chunkAllocation.start();
        if (!ReceiveLoop.receiveRange(receiver, message, from, to, latencies, progress, control)) {
            return false;
        }
        chunkAllocation.stop();
        steady.consumerChunk(chunkAllocation.allocatedBytes());
        return true;
    }
}
