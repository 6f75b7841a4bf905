package io.fastestjvm.benchmark;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.engine.ChunkLoop;
import io.fastestjvm.engine.SendLoop;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.pacing.FixedRateSchedule;
import io.fastestjvm.recording.AllocationMeter;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;

/** Sends every message of the stage plan on its fixed schedule from its pinned CPU. */
final class Producer implements Runnable, ChunkLoop.Worker {
    /** The edges at which the producer works, and after which its schedule restarts. */
    private static final int OWN_EDGES = StagePlan.RESOLVE_LITERALS | StagePlan.COLLECT | StagePlan.PACED_START
            | StagePlan.PROBE_REHEARSAL | StagePlan.WINDOW_START;

    private final Transport transport;
    private final StagePlan plan;
    private final int cpu;
    private final RunControl control;
    private final SteadyStateWatch steady;
    private final MeasuredWindowEdges edges;
    private final WarmupCollections collections;
    private final StringLiterals literals;
    private final ThreadReport report = new ThreadReport("producer");
    /** Made by the producer thread once pinned (a meter meters the thread that made it); used by it only. */
    private MessageSender sender;
    private FixedRateSchedule schedule;
    private AllocationMeter allocation;
    private AllocationMeter chunkAllocation;

    Producer(final Transport transport, final StagePlan plan, final int cpu,
             final RunControl control, final SteadyStateWatch steady,
             final MeasuredWindowEdges edges, final WarmupCollections collections, final StringLiterals literals) {
        this.transport = transport;
        this.plan = plan;
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
            sender = transport.openSender();
            allocation = new AllocationMeter();
            chunkAllocation = new AllocationMeter();
            if (!control.markReadyAndAwaitGo()) {
                return;
            }
            schedule = new FixedRateSchedule(System.nanoTime(), plan.rateAt(0), 0);
            report.startNanos = schedule.startNanos();
            ChunkLoop.walk(plan, this, control);
            allocation.stop();
            report.endNanos = System.nanoTime();
            report.allocatedBytes = allocation.allocatedBytes();
            edges.producerAwaitWindowEnd(); // its own reads below fall after the measured window
            report.involuntarySwitchesAtEnd = SystemFiles.live().involuntarySwitches(report.threadId);
            edges.producerAfterMeasuring(); // measured-window edge: probe
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            control.fail("producer interrupted");
        } catch (final RuntimeException | Error e) {
            control.fail("producer failed at message " + report.progress.reached() + ": " + e);
        }
    }

    /** Between chunks; the schedule restarts after each edge, so no backlog is carried past it. */
    @Override
    public void atEdges(final int at, final long chunk) {
        if ((at & OWN_EDGES) == 0) {
            return;
        }
        if ((at & StagePlan.RESOLVE_LITERALS) != 0) {
            literals.resolveLoaded(); // before the paced stage's collection or the window's edge
        }
        if ((at & StagePlan.COLLECT) != 0) {
            collections.collectBefore(plan.warmupSecondOf(chunk));
        }
        if ((at & StagePlan.PACED_START) != 0) {
            steady.start();
        }
        if ((at & StagePlan.PROBE_REHEARSAL) != 0) {
            edges.producerInWarmup();
        }
        if ((at & StagePlan.WINDOW_START) != 0) {
            edges.producerBeforeMeasuring(); // placement probe, before the schedule
        }
        schedule.restart(System.nanoTime(), plan.rateAt(chunk), chunk);
        if ((at & StagePlan.WINDOW_START) != 0) {
            report.measuredStartNanos = schedule.startNanos();
            allocation.start();
        }
    }

    /** A warm-up chunk is metered for allocation, and a paced one feeds the steady-state watch. */
    @Override
    public boolean chunk(final StagePlan.Stage stage, final long from, final long to) {
        if (stage == StagePlan.Stage.MEASURED) {
            SendLoop.sendRange(sender, schedule, from, to, report.progress, control);
            return true;
        }
        chunkAllocation.start();
        SendLoop.sendRange(sender, schedule, from, to, report.progress, control);
        chunkAllocation.stop();
        if (stage == StagePlan.Stage.PACED_WARMUP) {
            final int measureAfter = steady.secondDone(chunkAllocation.allocatedBytes());
            if (measureAfter > 0) {
                plan.measureAfterPacedSeconds(measureAfter);
            }
        }
        return true;
    }
}
