package io.fastestjvm.results;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.CpuList;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.recording.LatencyPercentiles;
import io.fastestjvm.transport.PersistenceProof;

/**
 * Everything a run produced, as {@code summary.json} plus one {@code .hgrm} per latency. The checks are decided
 * here, once, so the console, the JSON and the exit code cannot disagree. Immutable once built.
 */
public final class RunSummary {
    public static final String FILE_NAME = "summary.json";
    public static final int FORMAT_VERSION = 1;
    /** Why a run that overlapped another benchmark run failed (faults' ConcurrentRunWatch prints it live too). */
    public static final String NOT_COMPARABLE = "another benchmark run shared this machine during the run (pid %s):"
            + " it competed for the same CPUs, caches and memory, so these numbers are not comparable";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final ObjectNode root;
    private final Map<String, Histogram> histograms;
    private final Map<String, LatencyPercentiles> percentiles;
    private final List<String> failures;
    private final long measuredMessages;

    private RunSummary(final Builder builder) {
        this.root = builder.root;
        this.histograms = Collections.unmodifiableMap(builder.histograms);
        this.percentiles = Collections.unmodifiableMap(builder.percentiles);
        this.failures = Collections.unmodifiableList(builder.failures);
        this.measuredMessages = builder.measuredMessages;
    }

    public List<String> failures() {
        return failures;
    }

    public LatencyPercentiles percentiles(final String latency) {
        return percentiles.get(latency);
    }

    public long measuredMessages() {
        return measuredMessages;
    }

    public ObjectNode json() {
        return root.deepCopy();
    }

    /** Writes the .hgrm files first and summary.json last: a folder with a summary is a finished run. */
    public void writeTo(final ResultsFolder folder) throws IOException {
        for (final Map.Entry<String, Histogram> latency : histograms.entrySet()) {
            folder.write(latency.getKey() + ".hgrm", out -> {
                final PrintStream print = new PrintStream(out, false, "UTF-8");
                latency.getValue().outputPercentileDistribution(print, 5, 1.0);
                print.flush();
                DurableFiles.requireNoError(print, latency.getKey() + ".hgrm");
            });
        }
        folder.write(FILE_NAME, out -> JSON.writeValue(out, root));
    }

    /** JSON key for a percentile: "p50", "p99_9", "p99_999". */
    public static String key(final String label) {
        return "p" + label.replace(".0", "").replace('.', '_');
    }

    static String isoTime(final Date date) {
        final SimpleDateFormat format = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss'Z'", Locale.ROOT);
        format.setTimeZone(TimeZone.getTimeZone("UTC"));
        return format.format(date);
    }

    /** The percentile ladder of one histogram as a JSON object. */
    public static ObjectNode percentileNode(final LatencyPercentiles p) {
        final ObjectNode node = JSON.createObjectNode();
        node.put("count", p.count());
        node.put("mean", Math.round(p.mean() * 10) / 10.0);
        node.put("min", p.min());
        final ObjectNode above = JSON.createObjectNode();
        final ArrayNode notMeaningful = JSON.createArrayNode();
        for (int i = 0; i < p.size(); i++) {
            final String key = key(LatencyPercentiles.LABELS[i]);
            node.put(key, p.value(i));
            above.put(key, p.samplesAbove(i));
            if (!p.isMeaningful(i)) {
                notMeaningful.add(key);
            }
        }
        node.put("worst", p.worst());
        node.set("samplesAbove", above);
        node.set("notMeaningful", notMeaningful);
        return node;
    }

    /** Collects a run's facts, decides its checks and builds the summary. */
    public static final class Builder {
        private final ObjectNode root = JSON.createObjectNode();
        private final ObjectNode latency = JSON.createObjectNode();
        private final ObjectNode checks = JSON.createObjectNode();
        private final Map<String, Histogram> histograms = new LinkedHashMap<>();
        private final Map<String, LatencyPercentiles> percentiles = new LinkedHashMap<>();
        private final List<List<LatencyPercentiles>> perRun = new ArrayList<>();
        private final List<String> perRunNames = new ArrayList<>();
        private final List<String> failures = new ArrayList<>();
        private long expectedMessages;
        private long measuredMessages;

        public Builder() {
            root.put("formatVersion", FORMAT_VERSION);
            root.put("benchmark", "QueuePerformance");
        }

        public Builder options(final BenchmarkOptions options) {
            final ObjectNode settings = root.putObject("settings");
            for (final Map.Entry<String, String> setting : options.effectiveValues().entrySet()) {
                settings.put(setting.getKey(), setting.getValue());
            }
            return this;
        }

        public Builder started(final Date started) {
            root.put("startedAt", isoTime(started));
            return this;
        }

        public Builder environment(final Map<String, Object> environment) {
            root.set("environment", JSON.valueToTree(environment));
            return this;
        }

        public Builder cpu(final CpuAssignment plan, final int threadId, final BitSet actual, final String note) {
            final ObjectNode node = root.with("affinity").putObject(plan.thread());
            node.put("requestedCpu", plan.requested());
            node.put("plannedCpu", plan.planned());
            node.put("actualCpus", CpuList.format(actual));
            node.put("threadId", threadId);
            node.put("fallbackReason", plan.reason());
            node.put("pinningNote", note);
            final boolean exact = plan.planned() == CpuAssignment.UNPINNED
                    || actual.cardinality() == 1 && actual.get(plan.planned());
            node.put("pinnedAsPlanned", exact);
            if (!exact) {
                failures.add(plan.thread() + " thread: planned CPU " + plan.planned() + " but the kernel reports "
                        + CpuList.format(actual) + (note == null ? "" : " (" + note + ")"));
            }
            return this;
        }

        public Builder phases(final long warmupMessages, final int messagesPerRun, final int runs) {
            final ObjectNode messages = root.putObject("messages");
            messages.put("warmup", warmupMessages);
            messages.put("perRun", messagesPerRun);
            messages.put("runs", runs);
            expectedMessages = warmupMessages + (long) messagesPerRun * runs;
            messages.put("expected", expectedMessages);
            return this;
        }

        public Builder counts(final long sent, final long received) {
            final ObjectNode messages = root.with("messages");
            messages.put("sent", sent);
            messages.put("received", received);
            final boolean complete = sent == expectedMessages && received == expectedMessages;
            checks.putObject("sequence").put("passed", complete)
                    .put("detail", "every message received once, in order: " + received + " of " + expectedMessages);
            if (!complete) {
                failures.add("sent " + sent + " and received " + received + " of " + expectedMessages + " messages");
            }
            return this;
        }

        /** The producer's own pace over the measured messages: below qp.rate means it could not keep up. */
        public Builder achievedSendRate(final long measuredMessagesSent, final long producerNanos) {
            root.with("messages").put("achievedSendRate",
                    producerNanos <= 0 || measuredMessagesSent <= 0 ? 0
                            : Math.round(measuredMessagesSent * 1e9 / producerNanos));
            return this;
        }

        public Builder latency(final String name, final Histogram all, final List<LatencyPercentiles> runs,
                               final long clamped) {
            histograms.put(name, all);
            final LatencyPercentiles overall = LatencyPercentiles.of(all);
            percentiles.put(name, overall);
            measuredMessages = overall.count();
            final ObjectNode node = percentileNode(overall);
            node.put("clampedSamples", clamped);
            latency.set(camel(name), node);
            perRun.add(runs);
            perRunNames.add(name);
            return this;
        }

        public Builder allocation(final long producerBytes, final long consumerBytes) {
            final ObjectNode node = checks.putObject("allocation");
            node.put("method", "com.sun.management.ThreadMXBean.getThreadAllocatedBytes around each thread's"
                    + " measured loop");
            node.put("producerBytes", producerBytes);
            node.put("consumerBytes", consumerBytes);
            final boolean passed = producerBytes == 0 && consumerBytes == 0;
            node.put("passed", passed);
            if (!passed) {
                failures.add("measured loops allocated: producer " + producerBytes + " B, consumer "
                        + consumerBytes + " B (-1: not measurable on this JVM); a short warm-up is the usual cause:"
                        + " code the optimising JIT (C2 or Graal) has not compiled yet allocates what its escape"
                        + " analysis later removes, so raise qp.warmupSeconds");
            }
            return this;
        }

        public Builder jvmActivity(final long compileMillis, final long gcCount) {
            final ObjectNode node = checks.putObject("jvmDuringMeasurement");
            node.put("jitCompileMillis", compileMillis);
            node.put("gcCount", gcCount);
            return this;
        }

        /** Safepoints between the first and last measured message (HotSpot's counters); negative: unavailable. */
        public Builder measuredSafepoints(final long safepoints) {
            final ObjectNode node = checks.with("jvmDuringMeasurement");
            if (safepoints < 0) {
                node.putNull("safepoints");
            } else {
                node.put("safepoints", safepoints);
            }
            return this;
        }

        /** The timeline's totals over the measured window, beside jitCompileMillis and gcCount; null: unavailable. */
        public Builder jvmEvidence(final Map<String, Long> measuredTotals, final String source) {
            final ObjectNode node = checks.has("jvmDuringMeasurement")
                    ? (ObjectNode) checks.get("jvmDuringMeasurement") : checks.putObject("jvmDuringMeasurement");
            for (final Map.Entry<String, Long> total : measuredTotals.entrySet()) {
                if (total.getValue() == null) {
                    node.putNull(total.getKey());
                } else {
                    node.put(total.getKey(), total.getValue());
                }
            }
            node.put("eventSource", source);
            return this;
        }

        public Builder persistence(final PersistenceProof proof, final boolean kept, final File queueDir) {
            final ObjectNode node = checks.putObject("persistence");
            node.put("applicable", proof.applicable());
            node.put("passed", proof.passed());
            node.put("expectedMessages", proof.expectedMessages());
            node.put("messagesRead", proof.messagesRead());
            node.put("bytesRead", proof.bytesRead());
            node.put("firstBadIndex", proof.firstBadIndex());
            node.put("problem", proof.problem());
            node.put("seconds", proof.durationNanos() / 1e9);
            node.put("queueKept", kept);
            node.put("queueDirectory", queueDir.getAbsolutePath());
            if (!proof.passed()) {
                failures.add("persistence proof: " + proof.problem()
                        + (proof.firstBadIndex() == null ? "" : " at queue index 0x" + proof.firstBadIndex()));
            }
            return this;
        }

        public Builder durations(final long runStartNanos, final long measuredStartNanos,
                                 final long measuredEndNanos, final long finishedNanos) {
            final ObjectNode node = root.putObject("durations");
            node.put("warmupSeconds", seconds(measuredStartNanos - runStartNanos));
            node.put("measuredSeconds", seconds(measuredEndNanos - measuredStartNanos));
            node.put("totalSeconds", seconds(finishedNanos - runStartNanos));
            return this;
        }

        public Builder transport(final String name, final Map<String, Object> facts) {
            final ObjectNode node = root.with("transport").put("name", name);
            node.setAll((ObjectNode) JSON.valueToTree(facts));
            return this;
        }

        /**
         * Other benchmark runs seen on this machine while this one ran (null: could not be checked). Any makes the
         * numbers not comparable.
         */
        public Builder concurrentRuns(final List<Long> otherPids) {
            final ObjectNode node = root.putObject("concurrentRuns");
            node.put("checked", otherPids != null);
            final List<Long> seen = otherPids == null ? Collections.<Long>emptyList() : otherPids;
            node.put("detected", !seen.isEmpty());
            final ArrayNode pids = node.putArray("otherPids");
            seen.forEach(pids::add);
            node.put("comparable", seen.isEmpty());
            if (!seen.isEmpty()) {
                final String detail = String.format(NOT_COMPARABLE,
                        seen.stream().map(String::valueOf).collect(Collectors.joining(", ")));
                node.put("detail", detail);
                failures.add(detail);
            }
            return this;
        }

        /** A top-level section, e.g. "jitter" or "timerFloor", from maps, lists and plain values. */
        public Builder section(final String key, final Object value) {
            root.set(key, JSON.valueToTree(value));
            return this;
        }

        /** An extra key in one latency's node, e.g. "confidence95"; call after {@link #latency}. */
        public Builder latencyDetail(final String name, final String key, final Object value) {
            ((ObjectNode) latency.get(camel(name))).set(key, JSON.valueToTree(value));
            return this;
        }

        /** Adds a percentile key to one latency's notMeaningful list, once; call after {@link #latency}. */
        public Builder notMeaningful(final String name, final String key) {
            final ArrayNode list = (ArrayNode) latency.get(camel(name)).get("notMeaningful");
            for (final com.fasterxml.jackson.databind.JsonNode existing : list) {
                if (existing.asText().equals(key)) {
                    return this;
                }
            }
            list.add(key);
            return this;
        }

        public Builder failures(final List<String> runFailures) {
            failures.addAll(0, runFailures);
            return this;
        }

        public RunSummary build() {
            root.put("status", failures.isEmpty() ? "passed" : "failed");
            final ArrayNode failed = root.putArray("failures");
            failures.forEach(failed::add);
            latency.put("unit", "ns");
            root.set("latency", latency);
            final ArrayNode runs = root.putArray("runs");
            for (int run = 0; !perRun.isEmpty() && run < perRun.get(0).size(); run++) {
                final ObjectNode node = runs.addObject();
                node.put("run", run + 1);
                for (int i = 0; i < perRun.size(); i++) {
                    node.set(camel(perRunNames.get(i)), percentileNode(perRun.get(i).get(run)));
                }
            }
            root.set("checks", checks);
            return new RunSummary(this);
        }

        private static double seconds(final long nanos) {
            return Math.round(nanos / 1e6) / 1e3;
        }
    }

    /** "actual-send" to "actualSend". */
    public static String camel(final String name) {
        final StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (final char c : name.toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return out.toString();
    }
}
