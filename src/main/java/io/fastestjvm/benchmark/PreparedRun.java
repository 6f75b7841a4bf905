package io.fastestjvm.benchmark;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Date;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.faults.Preflight;
import io.fastestjvm.faults.Preflight.DiskSpaceFailure;
import io.fastestjvm.faults.QueueDirectoryOwner;
import io.fastestjvm.faults.RunSafety;
import io.fastestjvm.placement.PlacementProbe;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorders;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.timeline.EvidenceColumns;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.SteadyStateWatch;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;

/** What a {@link BenchmarkRun}'s prepare phase makes, each field once, for the later phases. */
final class PreparedRun {
    final CpuAssignment[] cpus;
    final RigourInstruments rigour;
    final Date started;
    final File queueDir;
    final RunControl control = new RunControl();
    final QueueDirectoryOwner queueRemoval;
    final ResultsFolder results;
    final DiskSpaceFailure diskSpace;
    final Map<String, Object> environment;
    final StagePlan plan;
    final SteadyStateWatch steady;
    final WarmupCollections collections;
    final StringLiterals literals;
    final LatencyRecorders latencies;
    /** For the confidence intervals: allocated before measuring, so the summary cannot run out of memory. */
    final long[] sortBuffer;
    final Transport transport;
    final MeasuredWindowEdges edges;
    final Producer producer;
    final Consumer consumer;
    /** qp.bare: no interval logs, progress reporter, monitor, probe or events. */
    final boolean bare;
    final IntervalTable evidence;
    final long startNanos;

    PreparedRun(final BenchmarkOptions options, final CpuAssignment[] cpus, final RigourInstruments rigour,
                final String runId, final RunSafety safety, final UnaryOperator<Transport> transportWrapper,
                final Date started, final PrintStream err) throws IOException, InterruptedException {
        this.cpus = cpus;
        this.rigour = rigour;
        this.started = started;
        safety.beforeRun(options, runId);
        queueDir = new File(options.queueParent(), "qp-" + runId);
        queueRemoval = QueueDirectoryOwner.create(queueDir).endOnSignal(options.keepQueue(),
                () -> control.fail("stopped by a signal"));
        results = ResultsFolder.createNew(options.resultsParent(), runId);
        safety.markRunning(results, runId);
        diskSpace = new DiskSpaceFailure(options.queueParent(), Preflight.queueBytesNeeded(options));
        environment = EnvironmentInfo.capture(queueDir);
        rigour.beforeRun(queueDir, err);

        // A calibration injection is placed at a fixed sequence, so its warm-up runs to the upper bound.
        plan = StagePlan.of(options, !rigour.injection().enabled());
        steady = new SteadyStateWatch(options.steadySeconds(), plan.pacedSeconds(), options.fastWarmupSeconds());
        collections = new WarmupCollections(options.warmupGc());
        literals = new StringLiterals(options.resolveLiterals());
        latencies = new LatencyRecorders(plan.runs(), plan.messagesPerRun());
        sortBuffer = new long[latencies.get(Latency.ACTUAL_SEND).samples().length];
        transport = options.transportEntry().create(options.transportSpec(), queueDir);
        final Transport measured = transportWrapper.apply(rigour.injection().wrap(transport));
        edges = new MeasuredWindowEdges(control, PlacementProbe.standard());
        producer = new Producer(measured, plan, cpus[0].planned(), control, steady, edges, collections, literals);
        consumer = new Consumer(measured, plan, cpus[1].planned(), control, latencies, steady, edges);
        bare = options.bare();
        evidence = IntervalTable.forRun(plan.measuredMessages(), started.getTime(), options.jvmEvents() && !bare);
        startNanos = System.nanoTime();
    }

    /** The measured window, once both threads ended and the evidence is finished; its edges are the consumer's. */
    MeasuredWindow window(final long endNanos, final long nowNanos, final long nowMillis) {
        final long from = consumer.measuredStartNanos;
        final MeasuredWindow.Builder window = MeasuredWindow.startingAt(nowMillis - (nowNanos - from) / 1_000_000,
                from, endNanos - from);
        for (final Latency latency : Latency.ALL) {
            window.histogram(latency, latencies.get(latency).allRuns());
        }
        window.jvm(RunResults.JvmActivity.JIT_COMPILE_MILLIS, edges.compileMillis)
                .jvm(RunResults.JvmActivity.GC_COUNT, edges.gcCount);
        evidence.measuredTotals().forEach((name, total) -> window.jvm(name, total == null ? -1 : total));
        if (bare) { // no per-second evidence: HotSpot's count at the window's edges
            window.jvm(EvidenceColumns.SAFEPOINTS, edges.measuredSafepoints());
        }
        evidence.measuredInterference().forEach((name, total) ->
                window.interference(name, total == null ? -1 : total));
        return window.allocation(RunResults.Allocation.PRODUCER_BYTES, producer.allocatedBytes)
                .allocation(RunResults.Allocation.CONSUMER_BYTES, consumer.allocatedBytes)
                .build();
    }
}
