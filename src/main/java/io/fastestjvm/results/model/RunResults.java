package io.fastestjvm.results.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.timeline.EvidenceColumns;

/**
 * A run's {@code summary.json}: the one mapping that writes and reads it; the field names are the file's keys, and
 * open-ended sections stay JSON trees their writers own. Version 1 files read {@link Provenance#NOT_RECORDED}; only
 * version 3 lists {@code windows}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"formatVersion", "benchmark", "settings", "startedAt", "provenance", "environment", "affinity",
        "messages", "durations", "transport", "concurrentRuns", "status", "failures", "latency", "runs", "windows",
        "checks"})
public final class RunResults {
    public static final String FILE_NAME = "summary.json";
    public static final int FORMAT_VERSION = 3;
    public static final String PASSED = "passed";
    public static final String FAILED = "failed";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public int formatVersion = FORMAT_VERSION;
    public String benchmark = "QueuePerformance";
    public Map<String, String> settings;
    public String startedAt;
    public Provenance provenance;
    public JsonNode environment;
    public Map<String, Placement> affinity;
    public Messages messages;
    public Durations durations;
    public Transport transport;
    public ConcurrentRuns concurrentRuns;
    public String status;
    public List<String> failures;
    public Latencies latency;
    public List<RunFigures> runs;
    public List<Window> windows;
    public Checks checks;
    /** Sections other parts of the harness own (audit, timer floor, jitter...). */
    @JsonAnyGetter
    private final Map<String, JsonNode> sections = new LinkedHashMap<>();

    public static RunResults read(final Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    public static RunResults read(final InputStream in) throws IOException {
        final RunResults results = JSON.readValue(in, RunResults.class);
        if (results.formatVersion > FORMAT_VERSION) {
            throw new IOException("summary.json formatVersion " + results.formatVersion + " is newer than this"
                    + " reader's " + FORMAT_VERSION);
        }
        return results;
    }

    public void write(final OutputStream out) throws IOException {
        JSON.writeValue(out, this);
    }

    /** This run as a JSON tree (for tests and tools that walk it). */
    public JsonNode tree() {
        return JSON.valueToTree(this);
    }

    /** Maps, lists and plain values as a JSON tree, for the open-ended sections. */
    public static JsonNode tree(final Object value) {
        return JSON.valueToTree(value);
    }

    @JsonAnySetter
    public void section(final String key, final JsonNode value) {
        sections.put(key, value);
    }

    /** A section another writer owns, or a missing node. */
    public JsonNode section(final String key) {
        final JsonNode value = sections.get(key);
        return value == null ? JsonNodeFactory.instance.missingNode() : value;
    }

    public boolean passed() {
        return PASSED.equals(status);
    }

    public List<String> failures() {
        return failures == null ? Collections.<String>emptyList() : failures;
    }

    public Map<String, String> settings() {
        return settings == null ? Collections.<String, String>emptyMap() : settings;
    }

    /** One setting's effective value, or "" when the run did not record it. */
    public String setting(final String key) {
        final String value = settings().get(key);
        return value == null ? "" : value;
    }

    public JsonNode environment() {
        return environment == null ? JsonNodeFactory.instance.missingNode() : environment;
    }

    public Provenance provenance() {
        return provenance == null ? Provenance.NOT_RECORDED : provenance;
    }

    /** The thread's placement ("producer" or "consumer"), or an empty one. */
    public Placement placement(final String thread) {
        final Placement placement = affinity == null ? null : affinity.get(thread);
        return placement == null ? new Placement() : placement;
    }

    public Checks checks() {
        return checks == null ? new Checks() : checks;
    }

    /** The overall ladder of one latency, or null. */
    public Ladder latency(final Latency definition) {
        return latency == null ? null : latency.get(definition);
    }

    /** Each measured run's figures, or the overall ladders as run 1 when an older summary has no per-run figures. */
    public List<RunFigures> measuredRuns() {
        if (runs != null && !runs.isEmpty()) {
            return runs;
        }
        final List<RunFigures> overall = new ArrayList<>();
        if (latency != null) {
            final RunFigures only = new RunFigures();
            only.run = 1;
            Latency.ALL.stream().filter(definition -> latency.get(definition) != null)
                    .forEach(definition -> only.put(definition, latency.get(definition)));
            overall.add(only);
        }
        return overall;
    }

    /** One measured window ({@code windows[i]}), from results.MeasuredWindow; a counter left out was unavailable. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"startEpochMillis", "endEpochMillis", Window.START_NANOS, "lengthNanos", "latency",
            "jvmActivity", "allocation", "interference"})
    public static final class Window {
        /** The field name, which a slice's reply uses too. */
        public static final String START_NANOS = "startNanos";

        public Long startEpochMillis;
        public Long endEpochMillis;
        public Long startNanos;
        public Long lengthNanos;
        public Latencies latency;
        public Map<String, Long> jvmActivity;
        public Map<String, Long> allocation;
        public Map<String, Long> interference;
    }

    /** Where one spinning thread was asked to run and where it ran. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"requestedCpu", "plannedCpu", "actualCpus", "threadId", "fallbackReason", "pinningNote",
            "pinnedAsPlanned"})
    public static final class Placement {
        public Integer requestedCpu;
        public Integer plannedCpu;
        public String actualCpus;
        public Integer threadId;
        public String fallbackReason;
        public String pinningNote;
        public Boolean pinnedAsPlanned;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"warmup", "perRun", "runs", "expected", "sent", "received", "achievedSendRate"})
    public static final class Messages {
        public Long warmup;
        public Integer perRun;
        public Integer runs;
        public Long expected;
        public Long sent;
        public Long received;
        /** The producer's pace over the measured messages, msg/s; 0 when not measurable. */
        public Long achievedSendRate;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"warmupSeconds", "measuredSeconds", "totalSeconds"})
    public static final class Durations {
        public Double warmupSeconds;
        public Double measuredSeconds;
        public Double totalSeconds;
        public Long warmupStartUptimeMillis;
    }

    /** The transport's name and the facts it reports about itself. */
    public static final class Transport {
        public String name;
        @JsonAnyGetter
        private final Map<String, JsonNode> facts = new LinkedHashMap<>();

        @JsonAnySetter
        public void fact(final String key, final JsonNode value) {
            facts.put(key, value);
        }
    }

    /** Other benchmark runs seen on this machine during this one: any makes the figures not comparable. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"checked", "detected", "otherPids", "comparable", "detail"})
    public static final class ConcurrentRuns {
        public Boolean checked;
        public Boolean detected;
        public List<Long> otherPids;
        public Boolean comparable;
        public String detail;
    }

    /** One ladder per latency, keyed by {@link Latency#key()}: the JSON object's other keys are its latencies. */
    public abstract static class Ladders {
        @JsonAnyGetter
        @JsonAnySetter
        private final Map<String, Ladder> ladders = new LinkedHashMap<>();

        /** The ladder of one latency, or null. */
        public Ladder get(final Latency definition) {
            return ladders.get(definition.key());
        }

        public void put(final Latency definition, final Ladder ladder) {
            ladders.put(definition.key(), ladder);
        }
    }

    /** The overall ladder of each latency, in nanoseconds. */
    public static final class Latencies extends Ladders {
        public String unit = "ns";
    }

    /** One measured run's ladders ({@code runs[i]}). */
    public static final class RunFigures extends Ladders {
        public int run;
    }

    @JsonPropertyOrder({"sequence", "allocation", "jvmDuringMeasurement", "persistence"})
    public static final class Checks {
        public Check sequence;
        public Allocation allocation;
        public JvmActivity jvmDuringMeasurement;
        public Persistence persistence;

        public Allocation allocation() {
            return allocation == null ? new Allocation() : allocation;
        }

        public JvmActivity jvmDuringMeasurement() {
            return jvmDuringMeasurement == null ? new JvmActivity() : jvmDuringMeasurement;
        }
    }

    @JsonPropertyOrder({"passed", "detail"})
    public static final class Check {
        public boolean passed;
        public String detail;
    }

    @JsonPropertyOrder({"method", Allocation.PRODUCER_BYTES, Allocation.CONSUMER_BYTES, "passed"})
    public static final class Allocation {
        /** The field names, which name a window's allocation counters too. */
        public static final String PRODUCER_BYTES = "producerBytes";
        public static final String CONSUMER_BYTES = "consumerBytes";
        public String method;
        public long producerBytes;
        public long consumerBytes;
        public boolean passed;
    }

    /** JIT, GC and safepoint activity between the first and last measured message. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({JvmActivity.JIT_COMPILE_MILLIS, JvmActivity.GC_COUNT, EvidenceColumns.SAFEPOINTS})
    public static final class JvmActivity {
        /** The field names, which name a window's JVM counters too. */
        public static final String JIT_COMPILE_MILLIS = "jitCompileMillis";
        public static final String GC_COUNT = "gcCount";
        private static final String SAFEPOINTS = EvidenceColumns.SAFEPOINTS;
        /** The key of the timeline's event source among the totals. */
        public static final String EVENT_SOURCE = "eventSource";

        public long jitCompileMillis;
        public long gcCount;
        /** The safepoint count over the measured window; a JSON null when unavailable. */
        @JsonProperty(SAFEPOINTS)
        public JsonNode safepoints;
        /** The timeline's totals over the measured window (null: unavailable) and their {@link #EVENT_SOURCE}. */
        @JsonAnyGetter
        private final Map<String, JsonNode> evidence = new LinkedHashMap<>();

        /** One total; the timeline's safepoint count and HotSpot's share one key, the last one set wins. */
        @JsonAnySetter
        public void evidence(final String key, final JsonNode value) {
            if (SAFEPOINTS.equals(key)) {
                safepoints = value;
            } else {
                evidence.put(key, value);
            }
        }

        /** One total by its {@link EvidenceColumns} key (safepoints included); null when the run lacks it. */
        public JsonNode total(final String key) {
            return SAFEPOINTS.equals(key) ? safepoints : evidence.get(key);
        }
    }

    /** The re-read of the queue after the run: every message back, in order, with its payload. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"applicable", "passed", "expectedMessages", "messagesRead", "bytesRead", "firstBadIndex",
            "problem", "seconds", "queueKept", EnvironmentInfo.QUEUE_DIRECTORY})
    public static final class Persistence {
        public boolean applicable;
        public boolean passed;
        public long expectedMessages;
        public long messagesRead;
        public long bytesRead;
        public String firstBadIndex;
        public String problem;
        public double seconds;
        public boolean queueKept;
        public String queueDirectory;
    }
}
