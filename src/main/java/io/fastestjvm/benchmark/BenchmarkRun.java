package io.fastestjvm.benchmark;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.CpuPlanner;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.faults.DiskSpaceFailure;
import io.fastestjvm.faults.QueueRemoval;
import io.fastestjvm.faults.RunSafety;
import io.fastestjvm.placement.PlacementProbe;
import io.fastestjvm.recording.LatencyPercentiles;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.IntervalLog;
import io.fastestjvm.results.PercentileTable;
import io.fastestjvm.results.ProgressReporter;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.RunSummary;
import io.fastestjvm.statistics.OrderStatisticConfidence;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.RunEvidence;
import io.fastestjvm.timeline.TimelineAnalysis;
import io.fastestjvm.transport.ChronicleQueueTransport;
import io.fastestjvm.transport.PersistenceProof;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.transport.Transports;
import io.fastestjvm.warmup.SteadyStateWatch;

/**
 * One benchmark execution: checks the settings, pins the threads, runs the warm-up and the measured runs, proves
 * persistence, and writes the results folder. Returns an exit code rather than exiting, so tests can drive it.
 */
public final class BenchmarkRun {
    public static final String ACTUAL_SEND = "actual-send";
    public static final String INTENDED_SEND = "intended-send";
    /** Time allowed past the schedule's end before a stalled run is declared failed. */
    private static final long GRACE_SECONDS = 60;
    /**
     * Calls of the progress path before the run: every method it calls once a second passes C1's threshold (200
     * calls) and those it calls many times a second reach C2; the rest would need thousands of seconds more to
     * reach C2, and none reaches C2's threshold (5,000) during the run. Measured in docs/evidence.md ("Harness
     * safepoints").
     */
    private static final int PROGRESS_REHEARSALS = 1_000;

    private final BenchmarkOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private QueueHook beforeProof = queueDir -> { };
    private UnaryOperator<Transport> transportWrapper = UnaryOperator.identity();

    public BenchmarkRun(final BenchmarkOptions options, final PrintStream out, final PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
    }

    public BenchmarkResult execute() throws IOException, InterruptedException {
        try (RunSafety safety = new RunSafety(err)) {
            try {
                return execute(safety);
            } catch (final Throwable e) {
                safety.failed(e); // e.g. results that could not be written: the folder is marked unfinished
                throw e;
            }
        }
    }

    /** Test hook: runs on the closed queue between the end of measurement and the persistence proof. */
    BenchmarkRun beforePersistenceProof(final QueueHook hook) {
        this.beforeProof = hook;
        return this;
    }

    /**
     * Test hook: wraps the transport the producer and consumer use, e.g. to make it fail at startup or to provoke a
     * deoptimisation at a known message.
     */
    BenchmarkRun wrapTransport(final UnaryOperator<Transport> wrapper) {
        this.transportWrapper = wrapper;
        return this;
    }

    private BenchmarkResult execute(final RunSafety safety) throws IOException, InterruptedException {
        final CpuAssignment[] cpus;
        final RigourInstruments rigour;
        try {
            Preflight.check(options);
            cpus = new CpuPlanner(ThreadAffinity.processAllowedCpus(), options.strictAffinity())
                    .plan(options.producerCpu(), options.consumerCpu());
            rigour = new RigourInstruments(options, cpus, ThreadAffinity.processAllowedCpus());
        } catch (final InvalidSettingException e) {
            err.println("error: " + e.getMessage());
            return new BenchmarkResult(BenchmarkResult.INVALID_SETTING, null, Arrays.asList(e.getMessage()));
        }
        echoSettings();
        warnAboutFallbacks(cpus);

        final Date started = new Date();
        final String runId = timestamp(started) + "-" + label() + "-" + processId();
        safety.beforeRun(options, runId);
        final File queueDir = new File(options.queueParent(), "qp-" + runId);
        Files.createDirectory(queueDir.toPath());
        final RunControl control = new RunControl();
        final QueueRemoval queueRemoval = QueueRemoval.onSignal(queueDir, options.keepQueue(),
                () -> control.fail("stopped by a signal"));
        safety.ownQueue(queueDir);
        final ResultsFolder results = ResultsFolder.createNew(options.resultsParent(), runId);
        safety.markRunning(results, runId);
        final DiskSpaceFailure diskSpace = DiskSpaceFailure.watch(options.queueParent(),
                Preflight.queueBytesNeeded(options));
        final Map<String, Object> environment = EnvironmentInfo.capture(queueDir);
        rigour.beforeRun(queueDir, err);

        // A calibration injection is placed at a fixed sequence, so its warm-up runs to the upper bound.
        final Phases phases = Phases.of(options, !rigour.injection().enabled());
        final SteadyStateWatch steady = new SteadyStateWatch(options.steadySeconds(), phases.pacedSeconds(),
                options.fastWarmupSeconds());
        final LatencyRecorder actual = new LatencyRecorder(ACTUAL_SEND, phases.runs, phases.messagesPerRun);
        final LatencyRecorder intended = new LatencyRecorder(INTENDED_SEND, phases.runs, phases.messagesPerRun);
        final long[] sortBuffer = new long[actual.samples().length]; // before measuring: the summary cannot OOM
        final Transport transport = Transports.create(options, queueDir);

        final Transport measured = transportWrapper.apply(rigour.injection().wrap(transport));
        final MeasuredWindowEdges edges = new MeasuredWindowEdges(control, PlacementProbe.standard());
        final Producer producer = new Producer(measured, phases, cpus[0].planned(), control, steady, edges);
        final Consumer consumer = new Consumer(measured, phases, cpus[1].planned(), control, actual, intended,
                steady, edges);
        final boolean bare = options.bare(); // qp.bare: no interval logs, progress reporter, monitor, probe or events
        final RunEvidence evidence = RunEvidence.start((long) phases.runs * phases.messagesPerRun, started.getTime(),
                options.jvmEvents() && !bare);
        final long runStartNanos = System.nanoTime();
        final PersistenceProof proof;
        try (IntervalLog actualLog = bare ? null : new IntervalLog(actual,
                results.temporaryFile(ACTUAL_SEND + ".hlog"), started.getTime());
             IntervalLog intendedLog = bare ? null : new IntervalLog(intended,
                     results.temporaryFile(INTENDED_SEND + ".hlog"), started.getTime())) {
            final ProgressReporter progress = bare ? null : new ProgressReporter(actualLog, intendedLog,
                    producer.report().sent::get, consumer.report().received::get, phases::measuredStart,
                    phases::warmupSecondOf, (long) phases.messagesPerRun * phases.runs, options.warmupSeconds(),
                    options.seconds() * options.runs(), err, evidence.table());
            if (!bare) {
                rehearseProgress(progress);
            }
            final Thread producerThread = new Thread(producer, "qp-producer");
            final Thread consumerThread = new Thread(consumer, "qp-consumer");
            final Thread progressThread = bare ? null : new Thread(progress, "qp-progress");
            if (!bare) {
                progressThread.setDaemon(true);
            }
            consumerThread.start();
            producerThread.start();
            final boolean ready = control.awaitReady();
            warnAboutPinning(producer.report(), consumer.report());
            rigour.start(producer, consumer, phases);
            evidence.threadsReady(producer.report().threadId, consumer.report().threadId, rigour.jitterLostNanos());
            if (ready) {
                control.go();
            }
            err.println("[qp] warm-up started at JVM uptime "
                    + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() + " ms");
            if (!bare) {
                progressThread.start();
            }
            awaitCompletion(control, producerThread, consumerThread, phases);
            evidence.threadsEnded(producer.report().involuntarySwitchesAtEnd,
                    consumer.report().involuntarySwitchesAtEnd);
            rigour.stop(producer, consumer);
            if (!bare) {
                progress.finish();
                progressThread.join(TimeUnit.SECONDS.toMillis(GRACE_SECONDS));
                progress.drainAndReport();
            }
        }
        if (steady.reached()) {
            err.println("[qp] steady state reached at warm-up second " + steady.atSecond() + " (" + steady.source()
                    + "); measured from message " + phases.measuredStart());
        } else {
            warnBoxed(steady.warning());
        }
        if (!bare) {
            results.publish(results.temporaryFile(ACTUAL_SEND + ".hlog"), ACTUAL_SEND + ".hlog");
            results.publish(results.temporaryFile(INTENDED_SEND + ".hlog"), INTENDED_SEND + ".hlog");
        }
        final long measuredEndNanos = System.nanoTime();
        final String diskFull = diskSpace.diagnose(control.failure(), ChronicleQueueTransport.bytesNeeded(
                phases.total() - producer.report().sent.get(), options.size()));
        try {
            transport.close();
            beforeProof.accept(queueDir);
            if (transport.persists()) {
                err.println("[qp] persistence proof: reading " + producer.report().sent.get()
                        + " messages back from " + queueDir + " with a fresh queue");
            }
            final long sent = producer.report().sent.get();
            proof = queueRemoval.whileQueueExists(() -> transport.provePersisted(sent), () -> new PersistenceProof(
                    transport.persists(), sent, 0, 0, null, "not run: stopped by a signal", 0));
        } finally {
            queueRemoval.removeAndUnhook();
        }

        // after the persistence proof: its compilations flush HotSpot's log buffers on JDK 8 and 11
        evidence.finish(results.directory());
        results.write(IntervalTable.FILE_NAME, evidence::writeIntervals);
        results.write(RunEvidence.EVENTS_FILE, evidence::writeEvents);

        final List<String> failures = new ArrayList<>();
        if (diskFull != null) {
            failures.add(diskFull);
        }
        if (control.failure() != null) {
            failures.add(control.failure());
        }
        final List<LatencyPercentiles> perRunActual = new ArrayList<>();
        final List<LatencyPercentiles> perRunIntended = new ArrayList<>();
        for (int run = 0; run < phases.runs; run++) {
            perRunActual.add(LatencyPercentiles.of(actual.runHistogram(run)));
            perRunIntended.add(LatencyPercentiles.of(intended.runHistogram(run)));
        }
        final List<OrderStatisticConfidence[]> intervals = Arrays.asList(RigourInstruments.intervals(actual,
                sortBuffer), RigourInstruments.intervals(intended, sortBuffer));
        final RunSummary.Builder builder = new RunSummary.Builder()
                .options(options)
                .started(started)
                .environment(environment)
                .cpu(cpus[0], producer.report().threadId, producer.report().actualCpus,
                        producer.report().pinningNote)
                .cpu(cpus[1], consumer.report().threadId, consumer.report().actualCpus,
                        consumer.report().pinningNote)
                .phases(phases.measuredStart(), phases.messagesPerRun, phases.runs)
                .counts(producer.report().sent.get(), consumer.report().received.get())
                .achievedSendRate(producer.report().sent.get() - phases.measuredStart(),
                        producer.report().endNanos - producer.report().measuredStartNanos)
                .latency(ACTUAL_SEND, actual.allRuns(), perRunActual, actual.clampedSamples())
                .latency(INTENDED_SEND, intended.allRuns(), perRunIntended, intended.clampedSamples())
                .allocation(producer.report().allocatedBytes, consumer.report().allocatedBytes)
                .jvmActivity(consumer.activity.compileMillis, consumer.activity.gcCount)
                .jvmEvidence(evidence.measuredTotals(), evidence.source())
                .persistence(proof, options.keepQueue(), queueDir)
                .durations(runStartNanos, consumer.report().measuredStartNanos, consumer.report().endNanos > 0
                        ? consumer.report().endNanos : measuredEndNanos, System.nanoTime()) // not the probe after it
                .transport(transport.name(), transport.facts())
                .failures(failures)
                .concurrentRuns(safety.otherRunsSeen())
                .section("steadyState", steady.toMap(phases.measuredStart(), options.indexBlockMessages()));
        rigour.addTo(builder, new LatencyRecorder[] {actual, intended}, Arrays.asList(perRunActual, perRunIntended),
                intervals);
        edges.addTo(builder, bare, producer.report().threadId, consumer.report().threadId);
        final TimelineAnalysis timeline = TimelineAnalysis.of(evidence.table().rows());
        timeline.summarySections().forEach(builder::section);
        final RunSummary summary = builder.build();
        summary.writeTo(results);
        out.print(PercentileTable.format("latency (ns), " + summary.measuredMessages() + " messages measured",
                Arrays.asList(ACTUAL_SEND, INTENDED_SEND), Arrays.asList(summary.percentiles(ACTUAL_SEND),
                        summary.percentiles(INTENDED_SEND))));
        if (!bare) {
            out.println(evidence.describe(consumer.activity.compileMillis, consumer.activity.gcCount));
        }
        rigour.print(out, Arrays.asList(ACTUAL_SEND, INTENDED_SEND), Arrays.asList(summary.percentiles(ACTUAL_SEND),
                summary.percentiles(INTENDED_SEND)), Arrays.asList(perRunActual, perRunIntended), intervals);
        edges.print(out, bare, producer.report().threadId, consumer.report().threadId);
        timeline.print(out);
        for (final String failure : summary.failures()) {
            err.println("FAILED: " + failure);
        }
        out.println(summary.failures().isEmpty() ? "all checks passed" : "checks failed: " + summary.failures().size());
        out.println("results: " + results.directory().toAbsolutePath());
        return new BenchmarkResult(summary.failures().isEmpty() ? BenchmarkResult.PASSED
                : BenchmarkResult.CHECK_FAILED, results.directory(), summary.failures());
    }

    /** The progress path compiled before the run: its JIT activity caused safepoints in the measured window. */
    private void rehearseProgress(final ProgressReporter progress) {
        final long start = System.nanoTime();
        progress.rehearse(PROGRESS_REHEARSALS);
        err.println("[qp] progress reporter rehearsed " + PROGRESS_REHEARSALS + " times in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
    }

    /** Waits for both threads, failing the run if it overruns its schedule by more than the grace period. */
    private void awaitCompletion(final RunControl control, final Thread producer, final Thread consumer,
                                 final Phases phases) throws InterruptedException {
        // Every message counted at the measured rate: room for a first stage slower than qp.warmupRate.
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(
                options.totalMessages() / options.rate() + GRACE_SECONDS);
        for (final Thread thread : new Thread[] {consumer, producer}) {
            while (thread.isAlive()) {
                final long left = deadline - System.nanoTime();
                if (left <= 0) {
                    control.fail("run overran its schedule by more than " + GRACE_SECONDS + " s (stalled)");
                    thread.join(TimeUnit.SECONDS.toMillis(GRACE_SECONDS));
                    break;
                }
                TimeUnit.NANOSECONDS.timedJoin(thread, Math.min(left, TimeUnit.SECONDS.toNanos(1)));
            }
        }
    }

    private void echoSettings() {
        out.println("QueuePerformance: " + options.size() + "-byte messages at " + String.format(Locale.ROOT, "%,d",
                options.rate()) + " msg/s over transport " + options.transport());
        for (final Map.Entry<String, String> setting : options.effectiveValues().entrySet()) {
            out.println(String.format(Locale.ROOT, "  %-18s = %s", setting.getKey(), setting.getValue()));
        }
    }

    private void warnAboutFallbacks(final CpuAssignment[] cpus) {
        for (final CpuAssignment cpu : cpus) {
            if (cpu.isFallback()) {
                warnBoxed(cpu.thread() + " thread asked for CPU " + cpu.requested() + ": " + cpu.reason() + ".",
                        "Results record both; set qp.strictAffinity=true to make this an error.");
            }
        }
    }

    private void warnBoxed(final String... lines) {
        err.println();
        err.println("************************************************************************");
        for (int i = 0; i < lines.length; i++) {
            err.println((i == 0 ? "WARNING: " : "         ") + lines[i]);
        }
        err.println("************************************************************************");
    }

    /** Both threads have pinned themselves by now; anything odd on the way is shown before measuring starts. */
    private void warnAboutPinning(final ThreadReport... reports) {
        for (final ThreadReport report : reports) {
            if (report.pinningNote != null) {
                err.println("WARNING: " + report.thread + " thread: " + report.pinningNote);
            }
        }
    }

    /** The JVM profile (or java + spec version), then the transport unless it is the default: "jdk17-floor". */
    private String label() {
        final String jvm = options.profile().isEmpty() ? "java" + System.getProperty("java.specification.version")
                : options.profile();
        return Transports.CHRONICLE.equals(options.transport()) ? jvm : jvm + "-" + options.transport();
    }

    private static String timestamp(final Date date) {
        final SimpleDateFormat format = new SimpleDateFormat("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT);
        format.setTimeZone(TimeZone.getTimeZone("UTC"));
        return format.format(date);
    }

    /** Something done to the closed queue directory; see {@link #beforePersistenceProof}. */
    interface QueueHook {
        void accept(File queueDir) throws IOException;
    }

    static String processId() {
        final String name = java.lang.management.ManagementFactory.getRuntimeMXBean().getName();
        final int at = name.indexOf('@');
        return at > 0 ? name.substring(0, at) : name;
    }

}
