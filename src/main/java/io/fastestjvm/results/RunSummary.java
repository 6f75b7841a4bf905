package io.fastestjvm.results;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.HdrHistogram.Histogram;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.Provenance;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.transport.PersistenceProof;

/**
 * Everything a run produced, as {@code summary.json} plus one {@code .hgrm} per latency. The checks are decided here,
 * once, so the console, the JSON and the exit code cannot disagree.
 */
public final class RunSummary {
    public static final String FILE_NAME = RunResults.FILE_NAME;
    /** Why a GC in or just before the measured window makes Chronicle's appender allocate; the report says it too. */
    public static final String ALLOCATION_AFTER_GC = "Chronicle Queue keeps each thread's index arrays behind weak"
            + " references, so a GC clears them and the appender allocates them again at its next index entry"
            + " (docs/steady-state.md#a-gc-in-or-just-before-the-measured-window)";
    /** An allocation with no GC near the window, after a warm-up that ended at steady state: not a short warm-up. */
    public static final String ALLOCATION_AFTER_STEADY_WARM_UP = "no GC reached the window and the warm-up ended at"
            + " steady state with 0 B allocated, so a longer warm-up is not the answer: a path the warm-up did not run"
            + " allocated, or a compilation the thread requested in the window resolved literals there; jvm-events.csv"
            + " lists what compiled in the window"
            + " (docs/steady-state.md#allocation-after-a-steady-warm-up-with-no-gc)";
    /** Why a run that overlapped another benchmark run failed (faults' RunRegistry prints it live too). */
    public static final String NOT_COMPARABLE = "another benchmark run shared this machine during the run (pid %s):"
            + " it competed for the same CPUs, caches and memory, so these numbers are not comparable";

    /** Why a run that could not register in the machine-wide registry failed: an overlap would go unseen. */
    public static final String UNREGISTERED = "this run could not register in the machine-wide run registry %s (%s):"
            + " another measurement on this machine would go unseen, so these numbers are not comparable";

    private final RunResults results;
    private final MeasuredWindow window;
    private final long measuredMessages;

    private RunSummary(final Builder builder) {
        this.results = builder.results;
        this.window = builder.window;
        this.measuredMessages = builder.measuredMessages;
    }

    public List<String> failures() {
        return Collections.unmodifiableList(results.failures());
    }

    /** One latency's overall ladder; {@code latency} is its {@link Latency#fileStem()} or summary key. */
    public Ladder percentiles(final String latency) {
        return results.latency(Latency.named(latency));
    }

    public long measuredMessages() {
        return measuredMessages;
    }

    /** summary.json as a JSON tree. */
    public JsonNode json() {
        return results.tree();
    }

    /** Writes summary.json last: a folder with a summary is a finished run. */
    public void writeTo(final ResultsFolder folder) throws IOException {
        final Map<String, Histogram> histograms = window.datedHistograms();
        folder.write(MeasuredHistograms.FILE_NAME, out -> MeasuredHistograms.write(out, histograms));
        for (final Map.Entry<String, Histogram> latency : histograms.entrySet()) {
            folder.write(latency.getKey() + ".hgrm", out -> {
                final PrintStream print = new PrintStream(out, false, "UTF-8");
                latency.getValue().outputPercentileDistribution(print, 5, 1.0);
                print.flush();
                ResultsFolder.requireNoError(print, latency.getKey() + ".hgrm");
            });
        }
        folder.write(FILE_NAME, results::write);
    }

    /** Collects a run's facts, decides its checks and builds the summary. */
    public static final class Builder {
        private final RunResults results = new RunResults();
        private final RunResults.Latencies latency = new RunResults.Latencies();
        private final RunResults.Checks checks = new RunResults.Checks();
        private final Map<Latency, List<Ladder>> perRun = new LinkedHashMap<>();
        private final List<String> failures = new ArrayList<>();
        private long expectedMessages;
        private long measuredMessages;
        private MeasuredWindow window;

        public Builder options(final BenchmarkOptions options) {
            results.settings = new LinkedHashMap<>(options.effectiveValues());
            return this;
        }

        public Builder started(final Date started) {
            results.startedAt = started.toInstant().truncatedTo(ChronoUnit.SECONDS).toString();
            return this;
        }

        public Builder environment(final Map<String, Object> environment) {
            results.environment = RunResults.tree(environment);
            return this;
        }

        /** The code's commit and the library versions loaded (see {@link Provenance}). */
        public Builder provenance(final Provenance provenance) {
            results.provenance = provenance;
            return this;
        }

        public Builder cpu(final CpuAssignment plan, final int threadId, final BitSet actual, final String note) {
            final RunResults.Placement node = new RunResults.Placement();
            node.requestedCpu = plan.requested();
            node.plannedCpu = plan.planned();
            node.actualCpus = ThreadAffinity.cpuList(actual);
            node.threadId = threadId;
            node.fallbackReason = plan.reason();
            node.pinningNote = note;
            node.pinnedAsPlanned = plan.planned() == CpuAssignment.UNPINNED
                    || actual.cardinality() == 1 && actual.get(plan.planned());
            if (results.affinity == null) {
                results.affinity = new LinkedHashMap<>();
            }
            results.affinity.put(plan.thread(), node);
            if (!node.pinnedAsPlanned) {
                failures.add(plan.thread() + " thread: planned CPU " + plan.planned() + " but the kernel reports "
                        + ThreadAffinity.cpuList(actual) + (note == null ? "" : " (" + note + ")"));
            }
            return this;
        }

        public Builder phases(final long warmupMessages, final int messagesPerRun, final int runs) {
            final RunResults.Messages messages = messages();
            messages.warmup = warmupMessages;
            messages.perRun = messagesPerRun;
            messages.runs = runs;
            expectedMessages = warmupMessages + (long) messagesPerRun * runs;
            messages.expected = expectedMessages;
            return this;
        }

        private RunResults.Messages messages() {
            if (results.messages == null) {
                results.messages = new RunResults.Messages();
            }
            return results.messages;
        }

        public Builder counts(final long sent, final long received) {
            final RunResults.Messages messages = messages();
            messages.sent = sent;
            messages.received = received;
            checks.sequence = new RunResults.Check();
            checks.sequence.passed = sent == expectedMessages && received == expectedMessages;
            checks.sequence.detail = "every message received once, in order: " + received + " of " + expectedMessages;
            if (!checks.sequence.passed) {
                failures.add("sent " + sent + " and received " + received + " of " + expectedMessages + " messages");
            }
            return this;
        }

        /** The producer's own pace over the measured messages: below qp.rate means it could not keep up. */
        public Builder achievedSendRate(final long measuredMessagesSent, final long producerNanos) {
            messages().achievedSendRate = producerNanos <= 0 || measuredMessagesSent <= 0 ? 0
                    : Math.round(measuredMessagesSent * 1e9 / producerNanos);
            return this;
        }

        /** One latency's overall figures from the {@link #window}; {@code name} is its {@link Latency#fileStem()}. */
        public Builder latency(final String name, final List<Ladder> runs, final long clamped) {
            final Latency definition = definition(name);
            final Ladder overall = Ladder.of(window.histogram(definition));
            measuredMessages = overall.count();
            overall.clampedSamples(clamped);
            latency.put(definition, overall);
            perRun.put(definition, runs);
            return this;
        }

        private static Latency definition(final String name) {
            final Latency definition = Latency.named(name);
            if (definition == null) {
                throw new IllegalArgumentException("no latency definition named " + name);
            }
            return definition;
        }

        /**
         * The allocation check; {@code where}: the seconds the threads allocated in, or null. A failure names the
         * likely cause: GCs reaching the window, else whether the warm-up ended at steady state.
         */
        public Builder allocation(final long producerBytes, final long consumerBytes, final String where,
                                  final long gcsReachingWindow, final boolean warmUpReachedSteadyState) {
            final RunResults.Allocation node = new RunResults.Allocation();
            node.method = "com.sun.management.ThreadMXBean.getThreadAllocatedBytes around each thread's"
                    + " measured loop";
            node.producerBytes = producerBytes;
            node.consumerBytes = consumerBytes;
            node.passed = producerBytes == 0 && consumerBytes == 0;
            checks.allocation = node;
            if (!node.passed) {
                failures.add("measured loops allocated: producer " + producerBytes + " B, consumer "
                        + consumerBytes + " B (-1: not measurable on this JVM)" + (where == null ? "" : ", " + where)
                        + "; " + allocationCause(gcsReachingWindow, warmUpReachedSteadyState));
            }
            return this;
        }

        private static String allocationCause(final long gcsReachingWindow, final boolean warmUpReachedSteadyState) {
            if (gcsReachingWindow > 0) {
                return gcsReachingWindow + " GC(s) in the measured window or the second before it, the likely cause: "
                        + ALLOCATION_AFTER_GC;
            }
            if (warmUpReachedSteadyState) {
                return ALLOCATION_AFTER_STEADY_WARM_UP;
            }
            return "a short warm-up is the usual cause: code the optimising JIT (C2 or Graal) has not compiled yet"
                    + " allocates what its escape analysis later removes, so raise qp.warmupSeconds";
        }

        private RunResults.JvmActivity jvmActivity() {
            if (checks.jvmDuringMeasurement == null) {
                checks.jvmDuringMeasurement = new RunResults.JvmActivity();
            }
            return checks.jvmDuringMeasurement;
        }

        public Builder jvmActivity(final long compileMillis, final long gcCount) {
            jvmActivity().jitCompileMillis = compileMillis;
            jvmActivity().gcCount = gcCount;
            return this;
        }

        /** Safepoints between the first and last measured message (HotSpot's counters); negative: unavailable. */
        public Builder measuredSafepoints(final long safepoints) {
            jvmActivity().safepoints = safepoints < 0 ? JsonNodeFactory.instance.nullNode()
                    : JsonNodeFactory.instance.numberNode(safepoints);
            return this;
        }

        /** The timeline's totals over the measured window, beside jitCompileMillis and gcCount; null: unavailable. */
        public Builder jvmEvidence(final Map<String, Long> measuredTotals, final String source) {
            measuredTotals.forEach((key, total) -> jvmActivity().evidence(key, RunResults.tree(total)));
            jvmActivity().evidence(RunResults.JvmActivity.EVENT_SOURCE, RunResults.tree(source));
            return this;
        }

        public Builder persistence(final PersistenceProof proof, final boolean kept, final File queueDir) {
            final RunResults.Persistence node = new RunResults.Persistence();
            node.applicable = proof.applicable;
            node.passed = proof.passed();
            node.expectedMessages = proof.expectedMessages;
            node.messagesRead = proof.messagesRead;
            node.bytesRead = proof.bytesRead;
            node.firstBadIndex = proof.firstBadIndex;
            node.problem = proof.problem;
            node.seconds = proof.durationNanos / 1e9;
            node.queueKept = kept;
            node.queueDirectory = queueDir.getAbsolutePath();
            checks.persistence = node;
            if (!proof.passed()) {
                failures.add("persistence proof: " + proof.problem
                        + (proof.firstBadIndex == null ? "" : " at queue index 0x" + proof.firstBadIndex));
            }
            return this;
        }

        /** The measured window: its histograms (dated with it in histograms.hlog) and the {@code windows} entry. */
        public Builder window(final MeasuredWindow measured) {
            window = measured;
            results.windows = Collections.singletonList(measured.toSummary());
            return this;
        }

        /** The warm-up's, window's and run's lengths; {@code warmupStartUptime} -1: not started. */
        public Builder durations(final long runStartNanos, final long finishedNanos, final long warmupStartUptime) {
            final RunResults.Durations node = new RunResults.Durations();
            node.warmupSeconds = seconds(window.startNanos() - runStartNanos);
            node.measuredSeconds = seconds(window.lengthNanos());
            node.totalSeconds = seconds(finishedNanos - runStartNanos);
            node.warmupStartUptimeMillis = warmupStartUptime < 0 ? null : warmupStartUptime;
            results.durations = node;
            return this;
        }

        public Builder transport(final String name, final Map<String, Object> facts) {
            final RunResults.Transport node = new RunResults.Transport();
            node.name = name;
            facts.forEach((key, value) -> node.fact(key, RunResults.tree(value)));
            results.transport = node;
            return this;
        }

        /** Other benchmark runs seen meanwhile (null: unchecked, {@code unregistered} says why): not comparable. */
        public Builder concurrentRuns(final List<Long> otherPids, final String unregistered) {
            final RunResults.ConcurrentRuns node = new RunResults.ConcurrentRuns();
            node.checked = otherPids != null;
            node.comparable = otherPids != null && otherPids.isEmpty();
            if (otherPids == null) {
                node.detail = unregistered;
            } else {
                node.detected = !otherPids.isEmpty();
                node.otherPids = new ArrayList<>(otherPids);
                node.detail = otherPids.isEmpty() ? null : String.format(NOT_COMPARABLE,
                        otherPids.stream().map(String::valueOf).collect(Collectors.joining(", ")));
            }
            if (!node.comparable) {
                failures.add(node.detail);
            }
            results.concurrentRuns = node;
            return this;
        }

        /** A top-level section, e.g. {@code jitter} or {@code timerFloor}, from maps, lists and plain values. */
        public Builder section(final String key, final Object value) {
            results.section(key, RunResults.tree(value));
            return this;
        }

        /** An extra key in one latency's ladder, e.g. {@code confidence95}; call after {@link #latency}. */
        public Builder latencyDetail(final String name, final String key, final Object value) {
            latency.get(definition(name)).detail(key, RunResults.tree(value));
            return this;
        }

        /** Marks a percentile of one latency's ladder not meaningful, once; call after {@link #latency}. */
        public Builder notMeaningful(final String name, final Percentile percentile) {
            latency.get(definition(name)).markNotMeaningful(percentile);
            return this;
        }

        public Builder failures(final List<String> runFailures) {
            failures.addAll(0, runFailures);
            return this;
        }

        public RunSummary build() {
            results.status = failures.isEmpty() ? RunResults.PASSED : RunResults.FAILED;
            results.failures = new ArrayList<>(failures);
            results.latency = latency;
            results.runs = new ArrayList<>();
            final int runs = perRun.isEmpty() ? 0 : perRun.values().iterator().next().size();
            for (int run = 1; run <= runs; run++) {
                final RunResults.RunFigures figures = new RunResults.RunFigures();
                figures.run = run;
                perRun.forEach((definition, each) -> figures.put(definition, each.get(figures.run - 1)));
                results.runs.add(figures);
            }
            results.checks = checks;
            return new RunSummary(this);
        }

        private static double seconds(final long nanos) {
            return Math.round(nanos / 1e6) / 1e3;
        }
    }
}
