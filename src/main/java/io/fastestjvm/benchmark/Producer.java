package io.fastestjvm.benchmark;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.audit.ContextSwitches;
import io.fastestjvm.pacing.FixedRateSchedule;
import io.fastestjvm.recording.AllocationMeter;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;

/** Sends every message on the fixed schedule from its pinned CPU. */
final class Producer implements Runnable {
    private final Transport transport;
    private final Phases phases;
    private final int cpu;
    private final RunControl control;
    private final SteadyStateWatch steady;
    private final MeasuredWindowEdges edges;
    private final WarmupCollections collections;
    private final StringLiterals literals;
    private final ThreadReport report = new ThreadReport("producer");

    Producer(final Transport transport, final Phases phases, final int cpu,
             final RunControl control, final SteadyStateWatch steady,
             final MeasuredWindowEdges edges, final WarmupCollections collections, final StringLiterals literals) {
        this.transport = transport;
        this.phases = phases;
        this.cpu = cpu;
        this.control = control;
        this.steady = steady;
        this.edges = edges;
        this.collections = collections;
        this.literals = literals;
    }

    ThreadReport report() {
        return report;
    }

    @Override
    public void run() {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpu)) {
            report.pinned(pinning);
            final MessageSender sender = transport.openSender();
            final AllocationMeter allocation = new AllocationMeter();
            final AllocationMeter chunkAllocation = new AllocationMeter();
            if (!control.markReadyAndAwaitGo()) {
                return;
            }
            FixedRateSchedule schedule = new FixedRateSchedule(System.nanoTime(), phases.warmupRate, 0);
            report.startNanos = schedule.startNanos();
            // Phase changes happen here, between chunks, never inside sendRange. Each restarts the schedule, so no
            // backlog is carried from one stage into the next.
            for (long chunk = 0; chunk < phases.total() && !control.stopRequested(); chunk = phases.chunkEnd(chunk)) {
                final boolean warmup = chunk < phases.measuredStart();
                if (chunk == Math.min(phases.pacedStart, phases.measuredStart())) {
                    // before the paced stage's collection (or the window's edge); the schedule restarts at the start
                    // of either, below
                    literals.resolveLoaded();
                }
                if (warmup && phases.collectsBefore(chunk)) {
                    collections.collectBefore(phases.warmupSecondOf(chunk)); // the schedule restarts after it
                    schedule = new FixedRateSchedule(System.nanoTime(), phases.rateAt(chunk), chunk);
                }
                if (warmup && chunk == phases.pacedStart) {
                    schedule = new FixedRateSchedule(System.nanoTime(), phases.rate, chunk);
                    steady.start();
                }
                if (warmup && chunk == phases.probeRehearsal()) {
                    edges.producerInWarmup(); // placement probe rehearsal; the schedule restarts after it
                    schedule = new FixedRateSchedule(System.nanoTime(), phases.rate, chunk);
                }
                if (chunk == phases.measuredStart()) {
                    edges.producerBeforeMeasuring(); // measured-window edge: placement probe, before the schedule
                    schedule = new FixedRateSchedule(System.nanoTime(), phases.rate, chunk);
                    report.measuredStartNanos = schedule.startNanos();
                    allocation.start();
                }
                if (!warmup) {
                    sendRange(sender, schedule, chunk, phases.chunkEnd(chunk));
                    continue;
                }
                chunkAllocation.start();
                sendRange(sender, schedule, chunk, phases.chunkEnd(chunk));
                chunkAllocation.stop();
                if (chunk >= phases.pacedStart) {
                    final int measureAfter = steady.secondDone(chunkAllocation.allocatedBytes());
                    if (measureAfter > 0) {
                        phases.measureAfterPacedSeconds(measureAfter);
                    }
                }
            }
            allocation.stop();
            report.endNanos = System.nanoTime();
            report.allocatedBytes = allocation.allocatedBytes();
            edges.producerAwaitWindowEnd(); // its own reads below fall after the measured window
            report.involuntarySwitchesAtEnd = ContextSwitches.involuntary(report.threadId);
            edges.producerAfterMeasuring(); // measured-window edge: probe
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            control.fail("producer interrupted");
        } catch (final RuntimeException | Error e) {
            control.fail("producer failed at message " + report.sent.get() + ": " + e);
        }
    }

    private void sendRange(final MessageSender sender, final FixedRateSchedule schedule, final long from,
                           final long to) {
        for (long sequence = from; sequence < to; sequence++) {
            if (control.stopRequested()) {
                return;
            }
            sender.send(sequence, schedule.awaitIntendedSendTime(sequence, report.idle));
            report.sent.lazySet(sequence + 1);
            report.idle.publish();
        }
    }
}
