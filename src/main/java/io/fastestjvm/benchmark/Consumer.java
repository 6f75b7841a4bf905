package io.fastestjvm.benchmark;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.audit.ContextSwitches;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.recording.AllocationMeter;
import io.fastestjvm.recording.LatencyRecorders;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;

/**
 * Receives every message from its pinned CPU and records each {@link io.fastestjvm.recording.Latency} definition
 * per message (receive minus actual send, what the article measured; receive minus intended send, free of
 * coordinated omission). Sequences must arrive complete, once and in order; anything else fails the run.
 */
final class Consumer implements Runnable {
    private final Transport transport;
    private final Phases phases;
    private final int cpu;
    private final RunControl control;
    private final LatencyRecorders latencies;
    private final SteadyStateWatch steady;
    private final MeasuredWindowEdges edges;
    private final ReceivedMessage message = new ReceivedMessage();
    private final ThreadReport report = new ThreadReport("consumer");
    final JvmActivity activity = new JvmActivity();

    Consumer(final Transport transport, final Phases phases, final int cpu, final RunControl control,
             final LatencyRecorders latencies, final SteadyStateWatch steady, final MeasuredWindowEdges edges) {
        this.transport = transport;
        this.phases = phases;
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
            final MessageReceiver receiver = transport.openReceiver();
            final AllocationMeter allocation = new AllocationMeter();
            final AllocationMeter chunkAllocation = new AllocationMeter();
            activity.rehearse();
            if (!control.markReadyAndAwaitGo()) {
                return;
            }
            report.startNanos = System.nanoTime();
            for (long chunk = 0; chunk < phases.total(); chunk = phases.chunkEnd(chunk)) {
                final int run = phases.runStartingAt(chunk);
                if (run >= 0) {
                    latencies.beginRun(run);
                }
                if (chunk == phases.probeRehearsal() && chunk < phases.measuredStart()) {
                    edges.consumerInWarmup(); // placement probe rehearsal: the producer's twin of this condition
                }
                if (run == 0) {
                    edges.consumerBeforeMeasuring(); // measured-window edge: probe, safepoint count
                    report.measuredStartNanos = System.nanoTime();
                    activity.start();
                    allocation.start();
                }
                // The measured start is read only here, between chunks (see Phases).
                if (chunk >= phases.measuredStart()) {
                    if (!receiveRange(receiver, chunk, phases.chunkEnd(chunk))) {
                        return;
                    }
                    continue;
                }
                chunkAllocation.start();
                if (!receiveRange(receiver, chunk, phases.chunkEnd(chunk))) {
                    return;
                }
                chunkAllocation.stop();
                steady.consumerChunk(chunkAllocation.allocatedBytes());
            }
            allocation.stop();
            report.endNanos = System.nanoTime();
            report.allocatedBytes = allocation.allocatedBytes();
            edges.consumerLastMessageReceived(); // measured-window edge: the clock, the safepoint count
            report.involuntarySwitchesAtEnd = ContextSwitches.involuntary(report.threadId);
            activity.stop();
            edges.consumerAfterMeasuring(); // harness CPU, probe
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            control.fail("consumer interrupted");
        } catch (final RuntimeException | Error e) {
            control.fail("consumer failed after message " + report.received.get() + ": " + e);
        }
    }

    /** Receives sequences [from, to) into the recorders' current phase. Returns false when the run must stop. */
    private boolean receiveRange(final MessageReceiver receiver, final long from, final long to) {
        long expected = from;
        while (expected < to) {
            if (!receiver.poll(message)) {
                report.idle.turn();
                if (control.stopRequested()) {
                    return false;
                }
                continue;
            }
            if (message.sequence != expected) {
                control.fail("sequence check: expected " + expected + ", received " + message.sequence
                        + (message.sequence < expected ? " (duplicate or reordered)" : " (gap)"));
                return false;
            }
            latencies.record(message.receivedNanos, message.actualSendNanos, message.intendedSendNanos);
            expected++;
            report.received.lazySet(expected);
            report.idle.publish();
        }
        return true;
    }
}
