package io.fastestjvm.benchmark;

import java.io.File;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.audit.DuringRunMonitor;
import io.fastestjvm.audit.EnvironmentAudit;
import io.fastestjvm.audit.EnvironmentAudit.AuditWarning;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.calibration.DelayInjection;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.jitter.JitterProbePlan;
import io.fastestjvm.jitter.OsJitterProbe;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.PercentileTable;
import io.fastestjvm.results.RunSummary;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.statistics.OrderStatisticConfidence;
import io.fastestjvm.timing.TimerFloor;

/**
 * What tells noise from signal around one run: audit and timer floor before, jitter probe and monitor during,
 * confidence intervals, run variation and calibration after. None of it touches the hot loops.
 */
final class RigourInstruments {
    private final BenchmarkOptions options;
    private final JitterProbePlan jitterPlan;
    private final DelayInjection injection;
    private final BitSet benchmarkCpus = new BitSet();
    private final BitSet usableCpus;
    private EnvironmentAudit.AuditReport audit;
    private TimerFloor timerFloor;
    private OsJitterProbe jitterProbe;
    private Thread jitterThread;
    private DuringRunMonitor monitor;
    private Thread monitorThread;
    private Map<String, Object> duringRun = new LinkedHashMap<>();
    private Map<String, Object> calibration;

    /** Decides the jitter probe's CPU and the injections; a bad setting throws before anything is written. */
    RigourInstruments(final BenchmarkOptions options, final CpuAssignment[] cpus, final BitSet usableCpus) {
        this.options = options;
        this.usableCpus = usableCpus;
        this.jitterPlan = options.bare() ? JitterProbePlan.off("qp.bare=true")
                : JitterProbePlan.plan(options.jitterProbe(), options.jitterCpu(), usableCpus, cpus[0], cpus[1]);
        this.injection = new DelayInjection(options.injectProducerStallMillis(), options.injectConsumerStallMillis(),
                options.injectStallAtSecond(), options.injectConsumerSpinNanos(), options.injectEveryMessages(),
                options.warmupMessages(), options.rate());
        for (final CpuAssignment cpu : cpus) {
            if (cpu.planned() >= 0) {
                benchmarkCpus.set(cpu.planned());
            }
        }
    }

    DelayInjection injection() {
        return injection;
    }

    /** The audit (with its warnings printed, each with its fix) and the timer floor. */
    void beforeRun(final File queueDir, final PrintStream err) throws InterruptedException {
        audit = EnvironmentAudit.live().audit(benchmarkCpus, usableCpus, 2 + (jitterPlan.enabled() ? 1 : 0),
                queueDir);
        for (final AuditWarning warning : audit.warnings) {
            err.println(warning);
        }
        err.println("[qp] OS jitter probe: " + (jitterPlan.enabled() ? "on, " : "off, ") + jitterPlan.reason());
        if (jitterPlan.warning() != null) {
            err.println("WARNING [jitterProbe] " + jitterPlan.warning());
        }
        if (injection.enabled()) {
            err.println("[qp] " + injection.describe(options.rate()));
        }
        timerFloor = TimerFloor.measure(TimerFloor.DEFAULT_CALLS);
        err.println("[qp] " + timerFloor.describe());
    }

    /** Once both benchmark threads are pinned and ready, before the start gate opens. */
    void start(final Producer producer, final Consumer consumer, final StagePlan plan) {
        if (options.bare()) {
            duringRun.put("problem", "not monitored: qp.bare=true");
            return;
        }
        monitor = new DuringRunMonitor(SystemFiles.live(), producer.threadId, consumer.threadId,
                consumer.progress::reached, plan::measuredStart);
        monitorThread = new Thread(monitor, "qp-run-monitor");
        monitorThread.setDaemon(true);
        monitorThread.start();
        if (jitterPlan.enabled()) {
            jitterProbe = new OsJitterProbe(jitterPlan.cpu(), options.jitterThresholdNanos());
            jitterThread = new Thread(jitterProbe, "qp-jitter-probe");
            jitterThread.setDaemon(true);
            jitterThread.start();
        }
    }

    /** The OS jitter probe's running lost time, ns, or null when the probe is off; after {@link #start}. */
    java.util.function.LongSupplier jitterLostNanos() {
        return jitterProbe == null ? null : jitterProbe::lostNanosSoFar;
    }

    void stop(final Producer producer, final Consumer consumer) throws InterruptedException {
        if (jitterProbe != null) {
            jitterProbe.stop();
            jitterThread.join();
        }
        if (monitor == null) {
            return;
        }
        monitor.finish();
        monitorThread.join();
        duringRun = monitor.measuredWindow(producer.involuntarySwitchesAtEnd,
                consumer.involuntarySwitchesAtEnd);
    }

    void addTo(final RunSummary.Builder summary, final LatencyRecorder[] recorders,
               final List<List<Ladder>> perRun, final List<OrderStatisticConfidence[]> intervals) {
        for (int i = 0; i < recorders.length; i++) {
            final String name = recorders[i].name();
            final Ladder overall = Ladder.of(recorders[i].allRuns());
            final Map<String, Object> confidence = new LinkedHashMap<>();
            for (int p = 0; p < Percentile.LADDER.size(); p++) {
                final OrderStatisticConfidence ci = intervals.get(i)[p];
                final Percentile percentile = Percentile.LADDER.get(p);
                confidence.put(percentile.key(), Arrays.asList(ci.low, ci.high));
                if (!PercentileTable.isMeaningful(overall, percentile, ci)) {
                    summary.notMeaningful(name, percentile);
                }
            }
            summary.latencyDetail(name, "confidence95", confidence);
            summary.latencyDetail(name, "confidence95Method", OrderStatisticConfidence.METHOD);
            final Map<String, Object> variation = new LinkedHashMap<>();
            for (final Percentile percentile : Percentile.values()) {
                final double percent = PercentileTable.variationPercent(PercentileTable.row(perRun.get(i), percentile));
                variation.put(percentile.key(),
                        Double.isNaN(percent) ? null : Math.round(percent * 100) / 100.0);
            }
            summary.latencyDetail(name, "variationPercent", variation);
            summary.latencyDetail(name, "variationMethod", PercentileTable.VARIATION_METHOD);
        }
        final Map<String, Object> environmentAudit = new LinkedHashMap<>();
        environmentAudit.put("checks", audit.checks);
        environmentAudit.put(EnvironmentAudit.WARNINGS, audit.warnings.stream().map(AuditWarning::toMap)
                .collect(Collectors.toList()));
        environmentAudit.put("duringRun", duringRun);
        summary.section(EnvironmentAudit.SECTION, environmentAudit);
        summary.section("timerFloor", timerFloor.toMap());
        final Map<String, Object> jitter = jitterProbe == null ? jitterPlan.disabledMap()
                : jitterProbe.result().toMap();
        if (jitterProbe != null) {
            jitter.put("reason", jitterPlan.reason());
            jitter.put("sharesCpuWithBenchmark", jitterPlan.warning() != null);
        }
        summary.section("jitter", jitter);
        if (injection.enabled()) {
            calibration = injection.toMap();
            calibration.put("observed", injection.observe(recorders[0].samples(), recorders[1].samples(),
                    measuredSamples(recorders[0]), options.rate()));
            summary.section("calibration", calibration);
        }
    }

    static int measuredSamples(final LatencyRecorder recorder) {
        return (int) Math.min(recorder.measuredCount(), recorder.samples().length);
    }

    /** Each percentile's confidence interval, the samples sorted into {@code sortBuffer} (Preflight counts it). */
    static OrderStatisticConfidence[] intervals(final LatencyRecorder recorder, final long[] sortBuffer) {
        final int count = measuredSamples(recorder);
        final long[] sorted = OrderStatisticConfidence.sortInto(recorder.samples(), count, sortBuffer);
        final OrderStatisticConfidence[] intervals = new OrderStatisticConfidence[Percentile.LADDER.size()];
        for (int p = 0; p < intervals.length; p++) {
            intervals[p] = OrderStatisticConfidence.of(sorted, count, Percentile.LADDER.get(p).percent());
        }
        return intervals;
    }

    void print(final PrintStream out, final List<String> names, final List<Ladder> overall,
               final List<List<Ladder>> perRun, final List<OrderStatisticConfidence[]> intervals) {
        out.print(PercentileTable.confidence(names, overall, intervals));
        if (options.runs() > 1) {
            for (int i = 0; i < names.size(); i++) {
                out.print(PercentileTable.acrossRuns(names.get(i), perRun.get(i)));
            }
        }
        out.println(timerFloor.describe());
        out.println(jitterProbe == null ? "OS jitter probe off: " + jitterPlan.reason()
                : jitterProbe.result().describe());
        out.println(DuringRunMonitor.describe(duringRun));
        out.println(String.format(Locale.ROOT, "environment audit: %d warning(s)%s", audit.warnings.size(),
                audit.warnings.isEmpty() ? "" : " (printed at start, in summary.json environmentAudit.warnings)"));
        if (calibration != null) {
            out.println(injection.describe(options.rate()) + "; observed " + calibration.get("observed"));
        }
    }
}
