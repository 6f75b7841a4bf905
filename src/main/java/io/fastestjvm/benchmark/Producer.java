package io.fastestjvm.benchmark;

import io.fastestjvm.engine.ChunkLoop;
import io.fastestjvm.engine.SendLoop;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.pacing.FixedRateSchedule;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;

/** Sends every message of the stage plan on its fixed schedule from its pinned CPU. */
final class Producer extends PinnedWorker {
    /** The edges at which the producer works, and after which its schedule restarts. */
    private static final int OWN_EDGES = StagePlan.RESOLVE_LITERALS | StagePlan.COLLECT | StagePlan.PACED_START
            | StagePlan.PROBE_REHEARSAL | StagePlan.WINDOW_START;

    private final WarmupCollections collections;
    private final StringLiterals literals;
    /** Made by the producer thread once pinned; used by it only. */
    private MessageSender sender;
    private FixedRateSchedule schedule;

    Producer(final Transport transport, final StagePlan plan, final int cpu,
             final RunControl control, final SteadyStateWatch steady,
             final MeasuredWindowEdges edges, final WarmupCollections collections, final StringLiterals literals) {
        super("producer", "failed at message", transport, plan, cpu, control, steady, edges);
        this.collections = collections;
        this.literals = literals;
    }

    @Override
    void openEnd() {
        sender = transport.openSender();
    }

    /** True even when stopped early: the window's end edge then returns at once, its waits ending at the stop. */
    @Override
    boolean walkPlan() {
        schedule = new FixedRateSchedule(System.nanoTime(), plan.rateAt(0), 0);
        ChunkLoop.walk(plan, this, control);
        return true;
    }

    @Override
    void endWindow() {
        edges.producerAwaitWindowEnd(); // its own reads below fall after the measured window
        readSwitchesAtEnd();
        edges.producerAfterMeasuring(); // measured-window edge: probe
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
            measuredStartNanos = schedule.startNanos();
            allocation.start();
        }
    }

    /** A warm-up chunk is metered for allocation, and a paced one feeds the steady-state watch. */
    @Override
    public boolean chunk(final StagePlan.Stage stage, final long from, final long to) {
        if (stage == StagePlan.Stage.MEASURED) {
            SendLoop.sendRange(sender, schedule, from, to, progress, control);
            return true;
        }
        chunkAllocation.start();
        SendLoop.sendRange(sender, schedule, from, to, progress, control);
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
