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

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.CpuPlanner;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.faults.DiskSpaceFailure;
import io.fastestjvm.faults.RunSafety;
import io.fastestjvm.recording.LatencyPercentiles;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.reporting.IntervalLog;
import io.fastestjvm.reporting.PercentileTable;
import io.fastestjvm.reporting.ProgressReporter;
import io.fastestjvm.reporting.ResultsFolder;
import io.fastestjvm.reporting.RunSummary;
import io.fastestjvm.statistics.OrderStatisticConfidence;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.RunEvidence;
import io.fastestjvm.transport.ChronicleQueueTransport;
import io.fastestjvm.transport.PersistenceProof;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.transport.Transports;

/**
 * One benchmark execution: checks the settings, pins the threads, runs the warm-up and the measured runs, proves
 * persistence, and writes the results folder. Returns an exit code rather than exiting, so tests can drive it.
 */
public final class BenchmarkRun {
    public static final String ACTUAL_SEND = "actual-send";
    public static final String INTENDED_SEND = "intended-send";
    /** Time allowed past the schedule's end before a stalled run is declared failed. */
    private static final long GRACE_SECONDS = 60;

    private final BenchmarkOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private QueueHook beforeProof = queueDir -> { };
    private java.util.function.UnaryOperator<Transport> testWrapper = java.util.function.UnaryOperator.identity();

    public BenchmarkRun(final BenchmarkOptions options, final PrintStream out, final PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
    }

    public BenchmarkResult execute() throws IOException, InterruptedException {
        try (RunSafety safety = new RunSafety(err)) {
            return execute(safety);
        }
    }

    /** Test hook: wraps the measured transport (e.g. to provoke a deoptimisation at a known message). */
    BenchmarkRun wrapTransport(final java.util.function.UnaryOperator<Transport> wrapper) {
        this.testWrapper = wrapper;
        return this;
    }

    /** Test hook: runs on the closed queue between the end of measurement and the persistence proof. */
    BenchmarkRun beforePersistenceProof(final QueueHook hook) {
        this.beforeProof = hook;
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
        safety.ownQueue(queueDir);
        final ResultsFolder results = ResultsFolder.createNew(options.resultsParent(), runId);
        safety.markRunning(results, runId);
        final DiskSpaceFailure diskSpace = DiskSpaceFailure.watch(options.queueParent(),
                Preflight.queueBytesNeeded(options));
        final Map<String, Object> environment = EnvironmentInfo.capture(queueDir);
        rigour.beforeRun(queueDir, err);

        final Phases phases = Phases.of(options);
        final LatencyRecorder actual = new LatencyRecorder(ACTUAL_SEND, phases.runs, phases.messagesPerRun);
        final LatencyRecorder intended = new LatencyRecorder(INTENDED_SEND, phases.runs, phases.messagesPerRun);
        final RunControl control = new RunControl();
        final Transport transport = Transports.create(options, queueDir);
        final Thread cleanup = new Thread(() -> {
            control.fail("stopped by a signal");
            if (!options.keepQueue()) {
                transport.deleteFiles();
            }
        }, "qp-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);

        final Transport measured = testWrapper.apply(rigour.injection().wrap(transport));
        final Producer producer = new Producer(measured, phases, cpus[0].planned(), control);
        final Consumer consumer = new Consumer(measured, phases, cpus[1].planned(), control, actual, intended);
        final RunEvidence evidence = RunEvidence.start((long) phases.runs * phases.messagesPerRun, started.getTime(),
                options.jvmEvents());
        final long runStartNanos = System.nanoTime();
        final PersistenceProof proof;
        try (IntervalLog actualLog = new IntervalLog(actual, results.temporaryFile(ACTUAL_SEND + ".hlog"),
                started.getTime());
             IntervalLog intendedLog = new IntervalLog(intended, results.temporaryFile(INTENDED_SEND + ".hlog"),
                     started.getTime())) {
            final ProgressReporter progress = new ProgressReporter(actualLog, intendedLog,
                    producer.report().sent::get, consumer.report().received::get, phases.warmupMessages,
                    phases.total(), options.warmupSeconds(), options.seconds() * options.runs(), err,
                    evidence.table());
            final Thread producerThread = new Thread(producer, "qp-producer");
            final Thread consumerThread = new Thread(consumer, "qp-consumer");
            final Thread progressThread = new Thread(progress, "qp-progress");
            progressThread.setDaemon(true);
            consumerThread.start();
            producerThread.start();
            control.awaitReady();
            warnAboutPinning(producer.report(), consumer.report());
            rigour.start(producer, consumer, phases.warmupMessages);
            evidence.threadsReady(producer.report().threadId, consumer.report().threadId, rigour.jitterLostNanos());
            control.go();
            err.println("[qp] warm-up started at JVM uptime "
                    + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() + " ms");
            progressThread.start();
            awaitCompletion(control, producerThread, consumerThread, phases);
            evidence.threadsEnded(producer.report().involuntarySwitchesAtEnd,
                    consumer.report().involuntarySwitchesAtEnd);
            rigour.stop(producer, consumer);
            progress.finish();
            progressThread.join();
            progress.drainAndReport();
        }
        results.publish(results.temporaryFile(ACTUAL_SEND + ".hlog"), ACTUAL_SEND + ".hlog");
        results.publish(results.temporaryFile(INTENDED_SEND + ".hlog"), INTENDED_SEND + ".hlog");
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
            proof = transport.provePersisted(producer.report().sent.get());
        } finally {
            if (!options.keepQueue()) {
                transport.deleteFiles();
            }
            Runtime.getRuntime().removeShutdownHook(cleanup);
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
        final List<OrderStatisticConfidence[]> intervals = Arrays.asList(RigourInstruments.intervals(actual),
                RigourInstruments.intervals(intended));
        final RunSummary.Builder builder = new RunSummary.Builder()
                .options(options)
                .started(started)
                .environment(environment)
                .cpu(cpus[0], producer.report().threadId, producer.report().actualCpus,
                        producer.report().pinningNote)
                .cpu(cpus[1], consumer.report().threadId, consumer.report().actualCpus,
                        consumer.report().pinningNote)
                .phases(phases.warmupMessages, phases.messagesPerRun, phases.runs)
                .counts(producer.report().sent.get(), consumer.report().received.get())
                .achievedSendRate(producer.report().sent.get() - phases.warmupMessages,
                        producer.report().endNanos - producer.report().measuredStartNanos)
                .latency(ACTUAL_SEND, actual.allRuns(), perRunActual, actual.clampedSamples())
                .latency(INTENDED_SEND, intended.allRuns(), perRunIntended, intended.clampedSamples())
                .allocation(producer.report().allocatedBytes, consumer.report().allocatedBytes)
                .jvmActivity(consumer.activity.compileMillis, consumer.activity.gcCount)
                .jvmEvidence(evidence.measuredTotals(), evidence.source())
                .persistence(proof, options.keepQueue(), queueDir)
                .durations(runStartNanos, consumer.report().measuredStartNanos, measuredEndNanos, System.nanoTime())
                .transport(transport.name(), transport.facts())
                .failures(failures)
                .concurrentRuns(safety.otherRunsSeen());
        rigour.addTo(builder, new LatencyRecorder[] {actual, intended}, Arrays.asList(perRunActual, perRunIntended),
                intervals);
        final RunSummary summary = builder.build();
        summary.writeTo(results);
        out.print(PercentileTable.format("latency (ns), " + summary.measuredMessages() + " messages measured",
                Arrays.asList(ACTUAL_SEND, INTENDED_SEND), Arrays.asList(summary.percentiles(ACTUAL_SEND),
                        summary.percentiles(INTENDED_SEND))));
        out.println(evidence.describe(consumer.activity.compileMillis, consumer.activity.gcCount));
        rigour.print(out, Arrays.asList(ACTUAL_SEND, INTENDED_SEND), Arrays.asList(summary.percentiles(ACTUAL_SEND),
                summary.percentiles(INTENDED_SEND)), Arrays.asList(perRunActual, perRunIntended), intervals);
        for (final String failure : summary.failures()) {
            err.println("FAILED: " + failure);
        }
        out.println(summary.failures().isEmpty() ? "all checks passed" : "checks failed: " + summary.failures().size());
        out.println("results: " + results.directory().toAbsolutePath());
        return new BenchmarkResult(summary.failures().isEmpty() ? BenchmarkResult.PASSED
                : BenchmarkResult.CHECK_FAILED, results.directory(), summary.failures());
    }

    /** Waits for both threads, failing the run if it overruns its schedule by more than the grace period. */
    private void awaitCompletion(final RunControl control, final Thread producer, final Thread consumer,
                                 final Phases phases) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(
                phases.total() / options.rate() + GRACE_SECONDS);
        for (final Thread thread : new Thread[] {consumer, producer}) {
            while (thread.isAlive()) {
                final long left = deadline - System.nanoTime();
                if (left <= 0) {
                    control.fail("run overran its schedule by more than " + GRACE_SECONDS + " s (stalled)");
                    thread.join();
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
                err.println();
                err.println("************************************************************************");
                err.println("WARNING: " + cpu.thread() + " thread asked for CPU " + cpu.requested() + ": "
                        + cpu.reason() + ".");
                err.println("         Results record both; set qp.strictAffinity=true to make this an error.");
                err.println("************************************************************************");
            }
        }
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
