package io.fastestjvm.benchmark;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.faults.Preflight;
import io.fastestjvm.faults.RunSafety;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.IntervalLog;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.results.PercentileTable;
import io.fastestjvm.results.ProgressReporter;
import io.fastestjvm.results.RunSummary;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Provenance;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.statistics.OrderStatisticConfidence;
import io.fastestjvm.timeline.EvidenceColumns;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.TimelineAnalysis;
import io.fastestjvm.timeline.WindowAllocation;
import io.fastestjvm.transport.ChronicleQueueTransport;
import io.fastestjvm.transport.PersistenceProof;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.transport.Transports;
import io.fastestjvm.warmup.SteadyStateWatch;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;

/**
 * One benchmark execution: checks the settings, pins the threads, runs the warm-up and the measured runs, proves
 * persistence, and writes the results folder. Returns an exit code rather than exiting, so tests can drive it.
 */
public final class BenchmarkRun {
    /** Time allowed past the schedule's end before a stalled run is declared failed. */
    private static final long GRACE_SECONDS = 60;
    private static final DateTimeFormatter RUN_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'",
            Locale.ROOT).withZone(ZoneOffset.UTC);
    /** Indexes into {@link #workers}. */
    private static final int PRODUCER = 0;
    private static final int CONSUMER = 1;
    /**
     * Spare object monitors, so that on JDK 10-14 MonitorUsedDeflationThreshold does not call a clean-up safepoint
     * every second: a short-lived thread inflating them makes the JVM allocate more blocks. Three blocks' worth, so
     * the JVM has at least four: room for a dozen threads' batches below 90%.
     */
    static final int MONITORS = 3 * 127;

    private final BenchmarkOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private QueueHook beforeProof = queueDir -> { };
    /** The producer and consumer threads, once started: verify() closes the transport only after both ended. */
    private Thread[] workers = new Thread[0];
    /** JVM uptime at the warm-up's go, in summary.json so JVM tools' timelines (jstat -t) can be lined up. */
    private long warmupStartUptimeMillis = -1;
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

    /** Test hook: wraps the transport the producer and consumer use (a failure, a deoptimisation at a message). */
    BenchmarkRun wrapTransport(final UnaryOperator<Transport> wrapper) {
        this.transportWrapper = wrapper;
        return this;
    }

    /** The run as its phases: check, prepare, warm up, measure, verify, publish; each hands the next its values. */
    private BenchmarkResult execute(final RunSafety safety) throws IOException, InterruptedException {
        final CpuAssignment[] cpus;
        final RigourInstruments rigour;
        try { // settings, free space and the CPU plan, before anything is written
            Preflight.check(options);
            cpus = Preflight.planCpus(options);
            rigour = new RigourInstruments(options, cpus, ThreadAffinity.processAllowedCpus());
        } catch (final InvalidSettingException e) {
            err.println("error: " + e.getMessage());
            return new BenchmarkResult(BenchmarkResult.INVALID_SETTING, null, Arrays.asList(e.getMessage()));
        }
        echoSettings();
        warnAboutFallbacks(cpus);
        final Date started = new Date();
        final String runId = RUN_ID_TIME.format(started.toInstant()) + "-" + label() + "-" + EnvironmentInfo.pid();
        final PreparedRun run = new PreparedRun(options, cpus, rigour, runId, safety, transportWrapper, started, err);
        provisionMonitorsIfNeeded(err); // JDK 10-14: else a clean-up safepoint every second
        final IntervalLog[] logs = new IntervalLog[Latency.ALL.size()];
        // as a resource: a failure to close is added to the run's own failure as suppressed, not put in its place
        try (Closeable closeLogs = () -> IntervalLog.closeAll(logs)) {
            for (final Latency latency : Latency.ALL) {
                logs[latency.ordinal()] = run.bare ? null : new IntervalLog(run.latencies.get(latency),
                        run.results.temporaryFile(latency.fileStem() + ".hlog"), run.started.getTime());
            }
            final ProgressReporter progress = run.bare ? null : new ProgressReporter(logs,
                    run.producer.progress::reached, run.consumer.progress::reached,
                    run.plan::measuredStart, run.plan::warmupSecondOf, run.plan.measuredMessages(),
                    options.warmupSeconds(), options.seconds() * options.runs(), err, run.evidence);
            if (!run.bare) {
                rehearseProgress(progress);
            }
            StagePlan.rehearse(); // C1 compiled the plan's per-chunk methods in the window
            warmUp(run);
            measure(run, progress);
        }
        final long measuredEndNanos = reportWarmUp(run);
        final Verified verified = verify(run);
        return publish(run, verified, measuredEndNanos, safety);
    }

    /** Starts both threads and lets them go once pinned; the warm-up then runs inside them. */
    private void warmUp(final PreparedRun run) throws InterruptedException {
        workers = new Thread[] {new Thread(run.producer, "qp-producer"), new Thread(run.consumer, "qp-consumer")};
        workers[CONSUMER].start();
        workers[PRODUCER].start();
        final boolean ready = run.control.awaitReady();
        warnAboutPinning(run.producer, run.consumer);
        run.rigour.start(run.producer, run.consumer, run.plan);
        run.evidence.start(run.producer.asPinnedThread(), run.consumer.asPinnedThread(),
                run.rigour.jitterLostNanos());
        if (ready) {
            run.control.go();
        }
        warmupStartUptimeMillis = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
        err.println("[qp] warm-up started at JVM uptime " + warmupStartUptimeMillis + " ms");
    }

    /** Progress once a second until both threads end (warm-up, then the measured runs), then the instruments stop. */
    private void measure(final PreparedRun run, final ProgressReporter progress) throws InterruptedException {
        final Thread progressThread = run.bare ? null : new Thread(progress, "qp-progress");
        if (!run.bare) {
            progressThread.setDaemon(true);
            progressThread.start();
        }
        awaitCompletion(run.control, run.transport);
        run.evidence.threadsEnded(run.producer.involuntarySwitchesAtEnd,
                run.consumer.involuntarySwitchesAtEnd);
        run.rigour.stop(run.producer, run.consumer);
        if (!run.bare) {
            progress.finish();
            progressThread.join(TimeUnit.SECONDS.toMillis(GRACE_SECONDS));
            progress.drainAndReport();
        }
    }

    /** Where the warm-up ended; the interval logs become final. Returns the window's end if the consumer had none. */
    private long reportWarmUp(final PreparedRun run) throws IOException {
        if (run.steady.reached()) {
            err.println("[qp] steady state reached at warm-up second " + run.steady.atSecond() + " ("
                    + run.steady.source() + "); measured from message " + run.plan.measuredStart());
        } else {
            warnBoxed(run.steady.warning());
        }
        for (final String warmUpWork : new String[] {run.collections.describe(), run.literals.describe()}) {
            if (warmUpWork != null) {
                err.println("[qp] " + warmUpWork);
            }
        }
        if (!run.bare) {
            for (final Latency latency : Latency.ALL) {
                final String hlog = latency.fileStem() + ".hlog";
                run.results.publish(run.results.temporaryFile(hlog), hlog);
            }
        }
        return System.nanoTime();
    }

    /**
     * A full disk named, the queue read back, the JVM's evidence written. The transport is closed only once both
     * threads ended: one still alive keeps it open (leaked, not freed under it), and the run fails saying so.
     */
    private Verified verify(final PreparedRun run) throws IOException {
        final String diskFull = run.diskSpace.diagnose(run.control.failure(), ChronicleQueueTransport.bytesNeeded(
                run.plan.total() - run.producer.progress.reached(), options.size()));
        final String alive = threadsStillAlive();
        final String leaked = alive == null ? null : "the " + alive + " thread was still alive after the run stopped"
                + " and a bounded wait, so transport " + run.transport.name() + " was left open: its ring/queue is"
                + " leaked rather than freed under that thread";
        final PersistenceProof proof;
        final Transport transport = run.transport;
        try {
            final long sent = run.producer.progress.reached();
            if (leaked != null) {
                err.println("[qp] " + leaked);
                proof = new PersistenceProof(transport.persists(), sent, 0, 0, null,
                        "not run: the " + alive + " thread was still alive, so the queue was left open", 0);
            } else {
                transport.close();
                beforeProof.accept(run.queueDir);
                if (transport.persists()) {
                    err.println("[qp] persistence proof: reading " + sent + " messages back from " + run.queueDir
                            + " with a fresh queue");
                }
                proof = run.queueRemoval.whileQueueExists(() -> transport.provePersisted(sent),
                        () -> new PersistenceProof(transport.persists(), sent, 0, 0, null,
                                "not run: stopped by a signal", 0));
            }
        } finally {
            run.queueRemoval.removeAndUnhook();
        }

        // after the persistence proof: its compilations flush HotSpot's log buffers on JDK 8 and 11
        run.edges.addWindowTo(run.evidence);
        run.evidence.finish(run.results.directory());
        run.results.write(IntervalTable.FILE_NAME, run.evidence::writeCsv);
        run.results.write(IntervalTable.EVENTS_FILE, run.evidence::writeEvents);
        // one verify-phase failure (summarise lists it): the leak shares it with a full disk
        return new Verified(proof, diskFull == null ? leaked : leaked == null ? diskFull : diskFull + "; " + leaked);
    }

    private BenchmarkResult publish(final PreparedRun run, final Verified verified, final long measuredEndNanos,
                                    final RunSafety safety) throws IOException, InterruptedException {
        final Outcome outcome = new Outcome(run);
        final RunSummary summary = summarise(run, verified, measuredEndNanos, outcome, safety);
        summary.writeTo(run.results);
        printOutcome(run, summary, outcome);
        return new BenchmarkResult(summary.failures().isEmpty() ? BenchmarkResult.PASSED
                : BenchmarkResult.CHECK_FAILED, run.results.directory(), summary.failures());
    }

    private RunSummary summarise(final PreparedRun run, final Verified verified, final long measuredEndNanos,
                                 final Outcome outcome, final RunSafety safety) throws InterruptedException {
        final PinnedWorker producer = run.producer;
        final PinnedWorker consumer = run.consumer;
        final List<String> failures = Stream.of(verified.failure, run.control.failure()).filter(Objects::nonNull)
                .collect(Collectors.toList());
        final long nowNanos = System.nanoTime(); // not the probe after it
        final MeasuredWindow window = run.window(consumer.endNanos > 0 ? consumer.endNanos : measuredEndNanos,
                nowNanos, System.currentTimeMillis());
        final long producerBytes = window.counter(RunResults.Allocation.PRODUCER_BYTES);
        final long consumerBytes = window.counter(RunResults.Allocation.CONSUMER_BYTES);
        final long gcCount = window.counter(RunResults.JvmActivity.GC_COUNT);
        final RunSummary.Builder builder = new RunSummary.Builder()
                .options(options)
                .started(run.started)
                .environment(run.environment)
                .provenance(Provenance.collect())
                .cpu(run.cpus[0], producer.threadId, producer.actualCpus, producer.pinningNote)
                .cpu(run.cpus[1], consumer.threadId, consumer.actualCpus, consumer.pinningNote)
                .phases(run.plan.measuredStart(), run.plan.messagesPerRun(), run.plan.runs())
                .counts(producer.progress.reached(), consumer.progress.reached())
                .achievedSendRate(producer.progress.reached() - run.plan.measuredStart(),
                        producer.endNanos - producer.measuredStartNanos)
                .window(window)
                .allocation(producerBytes, consumerBytes, WindowAllocation.where(run.evidence.rows(),
                        producerBytes != 0, consumerBytes != 0), WindowAllocation.gcsReachingWindow(
                        run.evidence.rows(), gcCount), run.steady.reached())
                .jvmActivity(window.counter(RunResults.JvmActivity.JIT_COMPILE_MILLIS), gcCount)
                .jvmEvidence(run.evidence.measuredTotals(), run.evidence.source())
                .persistence(verified.proof, options.keepQueue(), run.queueDir)
                .durations(run.startNanos, nowNanos, warmupStartUptimeMillis)
                .transport(run.transport.name(), run.transport.facts())
                .failures(failures)
                .concurrentRuns(safety.otherRunsSeen(), safety.unregistered())
                .section(SteadyStateWatch.SUMMARY_SECTION, warmUpSection(run));
        for (final Latency latency : Latency.ALL) {
            final LatencyRecorder recorder = run.latencies.get(latency);
            builder.latency(recorder.name(), outcome.perRun.get(latency.ordinal()), recorder.clampedSamples());
        }
        run.rigour.addTo(builder, run.latencies.all(), outcome.perRun, outcome.intervals);
        run.edges.addTo(builder, run.bare, producer.threadId, consumer.threadId);
        outcome.timeline.summarySections().forEach(builder::section);
        return builder.build();
    }

    private Map<String, Object> warmUpSection(final PreparedRun run) {
        final Map<String, Object> section = run.steady.toMap(run.plan.measuredStart(), options.indexBlockMessages());
        section.put(WarmupCollections.SUMMARY_KEY, run.collections.toList());
        section.put(StringLiterals.SUMMARY_KEY, run.literals.toMap());
        return section;
    }

    private void printOutcome(final PreparedRun run, final RunSummary summary, final Outcome outcome) {
        final List<String> names = new ArrayList<>();
        final List<Ladder> overall = new ArrayList<>();
        for (final LatencyRecorder recorder : run.latencies.all()) {
            names.add(recorder.name());
            overall.add(summary.percentiles(recorder.name()));
        }
        out.print(PercentileTable.format("latency (ns), " + summary.measuredMessages() + " messages measured",
                names, overall));
        if (!run.bare) {
            out.println(run.evidence.describe(run.edges.compileMillis, run.edges.gcCount));
            warnAboutHotPathDeopts(run.evidence);
        }
        run.rigour.print(out, names, overall, outcome.perRun, outcome.intervals);
        run.edges.print(out, run.bare, run.producer.threadId, run.consumer.threadId);
        outcome.timeline.print(out);
        for (final String failure : summary.failures()) {
            err.println("FAILED: " + failure);
        }
        out.println(summary.failures().isEmpty() ? "all checks passed" : "checks failed: " + summary.failures().size());
        out.println("results: " + run.results.directory().toAbsolutePath());
    }

    /** The verify phase's result: the persistence proof, and its own failure (a full disk, a leak) or null. */
    private static final class Verified {
        final PersistenceProof proof;
        final String failure;

        Verified(final PersistenceProof proof, final String failure) {
            this.proof = proof;
            this.failure = failure;
        }
    }

    /** What the publish phase works out once, for the summary and the console alike. */
    private static final class Outcome {
        final List<List<Ladder>> perRun;
        final List<OrderStatisticConfidence[]> intervals = new ArrayList<>();
        final TimelineAnalysis timeline;

        Outcome(final PreparedRun run) {
            perRun = Ladder.perRun(run.latencies);
            for (final LatencyRecorder recorder : run.latencies.all()) {
                intervals.add(RigourInstruments.intervals(recorder, run.sortBuffer));
            }
            timeline = TimelineAnalysis.of(run.evidence.rows());
        }
    }

    /** The progress path compiled before the run: its JIT activity caused safepoints in the measured window. */
    private void rehearseProgress(final ProgressReporter progress) {
        final long start = System.nanoTime();
        progress.rehearse();
        err.println("[qp] progress reporter rehearsed " + ProgressReporter.WARMUP_REHEARSALS + " + "
                + ProgressReporter.MEASURED_REHEARSALS + " times in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
    }

    /**
     * Waits for both threads, failing a run that overruns its schedule by the grace period. Once stopped, the
     * transport is told within a second, so a producer spinning for room in a full ring gives up.
     */
    private void awaitCompletion(final RunControl control, final Transport transport) throws InterruptedException {
        // Every message counted at the measured rate: room for a first stage slower than qp.warmupRate.
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(
                options.totalMessages() / options.rate() + GRACE_SECONDS);
        for (final Thread thread : new Thread[] {workers[CONSUMER], workers[PRODUCER]}) {
            while (thread.isAlive()) {
                if (control.stopRequested()) {
                    transport.requestStop(); // e.g. the consumer failed: nobody will make room in the ring
                }
                final long left = deadline - System.nanoTime();
                if (left <= 0) {
                    control.fail("run overran its schedule by more than " + GRACE_SECONDS + " s (stalled)");
                    transport.requestStop();
                    thread.join(TimeUnit.SECONDS.toMillis(GRACE_SECONDS));
                    break;
                }
                TimeUnit.NANOSECONDS.timedJoin(thread, Math.min(left, TimeUnit.SECONDS.toNanos(1)));
            }
        }
    }

    /** The names of the worker threads still alive ("qp-producer and qp-consumer"), or null when both ended. */
    private String threadsStillAlive() {
        final String alive = Arrays.stream(workers).filter(Thread::isAlive).map(Thread::getName)
                .collect(Collectors.joining(" and "));
        return alive.isEmpty() ? null : alive;
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

    /** A window whose send or receive code changed was not one steady state: said where nobody can miss it. */
    private void warnAboutHotPathDeopts(final IntervalTable evidence) {
        final Long deopts = evidence.measuredTotals().get(EvidenceColumns.HOT_PATH_DEOPTS);
        if (deopts == null || deopts == 0) {
            return;
        }
        final String seconds = evidence.rows().stream()
                .filter(row -> row.measured() && row.get(EvidenceColumns.HOT_PATH_DEOPTS) > 0)
                .map(row -> Long.toString(row.second)).collect(Collectors.joining(", "));
        warnBoxed("the hot path was deoptimised " + deopts + " time(s) in the measured window (measured second "
                        + seconds + "):",
                "the send or receive code changed while measuring, so the window was not one steady state.",
                "jvm-events.csv names the methods and reasons (docs/steady-state.md).");
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
    private void warnAboutPinning(final PinnedWorker... threads) {
        for (final PinnedWorker thread : threads) {
            if (thread.pinningNote != null) {
                err.println("WARNING: " + thread.thread + " thread: " + thread.pinningNote);
            }
        }
    }

    /** The JVM profile (or java + spec version), then the transport unless it is the default: "jdk17-floor". */
    private String label() {
        final String jvm = options.profile().isEmpty() ? "java" + System.getProperty("java.specification.version")
                : options.profile();
        return Transports.CHRONICLE.equals(options.transport()) ? jvm : jvm + "-" + options.transport();
    }

    /** Whether the JVM of this {@code java.specification.version} deflates monitors in a safepoint on that rule. */
    static boolean monitorReserveNeededOn(final String specificationVersion) {
        final int feature = Integer.parseInt(specificationVersion.split("\\.")[0]); // 1 for 1.8
        return feature >= 10 && feature <= 14;
    }

    /** On JDK 10-14 only: provisions the reserve before the run's threads start, and says so in one line. */
    static void provisionMonitorsIfNeeded(final PrintStream out) throws InterruptedException {
        if (monitorReserveNeededOn(System.getProperty("java.specification.version"))) {
            final int held = provisionMonitors(MONITORS);
            out.println("[qp] JDK " + System.getProperty("java.specification.version") + ": " + held
                    + " object monitors inflated on a short-lived thread, so the monitors the run's threads keep"
                    + " stay below MonitorUsedDeflationThreshold (no clean-up safepoint every second)");
        }
    }

    /** Inflates {@code count} monitors held at once on a thread that then ends; returns how many were held. */
    static int provisionMonitors(final int count) throws InterruptedException {
        final Object[] locks = new Object[count];
        for (int i = 0; i < count; i++) {
            locks[i] = new Object();
        }
        final int[] held = new int[1];
        final Thread thread = new Thread(() -> held[0] = holdMonitorsFrom(locks, 0), "qp-monitor-reserve");
        thread.start();
        thread.join(); // join's own monitor is on the main thread, which already has its batch
        return held[0];
    }

    /** Locks locks[i..] nested, inflating each: its identity hash taken under its stack lock needs a monitor. */
    private static int holdMonitorsFrom(final Object[] locks, final int i) {
        if (i == locks.length) {
            return 0;
        }
        synchronized (locks[i]) {
            System.identityHashCode(locks[i]);
            return 1 + holdMonitorsFrom(locks, i + 1);
        }
    }

    /** Something done to the closed queue directory; see {@link #beforePersistenceProof}. */
    interface QueueHook {
        void accept(File queueDir) throws IOException;
    }
}
