package io.fastestjvm.timeline;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * An in-process JFR recording (FlightRecorder platform MBean, JDK 14+) of only compilations, deoptimisations,
 * safepoints and GC pauses, without stack traces or samplers, so the recording adds no safepoint of its own; read
 * into {@link JvmEvent}s with the JDK's own {@code jfr print --json}: our classes compile with {@code --release 8}
 * and cannot name {@code jdk.jfr.consumer}, and the tool ships with every JDK that has the events.
 */
public final class JfrRecording {
    static final String[] EVENTS = {"jdk.Compilation", "jdk.Deoptimization", "jdk.SafepointBegin",
        "jdk.SafepointStateSynchronization", "jdk.SafepointEnd", "jdk.ExecuteVMOperation", "jdk.GarbageCollection"};
    /**
     * In memory: a disk recording's once-a-second flush is Java code that kept compiling in the measured window
     * (each batch a "Cleanup" safepoint). A run's events take well under 1 MB of the 10 MB buffers.
     */
    static final Map<String, String> OPTIONS = Collections.singletonMap("disk", "false");
    /**
     * One periodic event, due once a day (never in a run), keeps JFR's periodic thread asleep: up to JDK 20, with
     * nothing due it naps the minimum 10 ms, 100 wake-ups a second taken from the pinned threads' CPUs.
     */
    static final String PACING_EVENT = "jdk.JVMInformation";
    static final int FIRST_JDK_WITH_DEOPTIMIZATION_EVENT = 14;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TOOL_TIMEOUT_SECONDS = 300;

    private final FlightRecorderMXBean recorder;
    private final long id;

    private JfrRecording(final FlightRecorderMXBean recorder, final long id) {
        this.recorder = recorder;
        this.id = id;
    }

    /** A started recording, or null when this JVM has no FlightRecorder MBean or no deoptimisation event. */
    public static JfrRecording start(final int javaMajor) {
        if (javaMajor < FIRST_JDK_WITH_DEOPTIMIZATION_EVENT) {
            return null;
        }
        try {
            final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            final ObjectName name = new ObjectName("jdk.management.jfr:type=FlightRecorder");
            if (!server.isRegistered(name)) {
                return null;
            }
            final FlightRecorderMXBean recorder = JMX.newMXBeanProxy(server, name, FlightRecorderMXBean.class);
            final long id = recorder.newRecording();
            recorder.setRecordingSettings(id, settings());
            recorder.setRecordingOptions(id, OPTIONS);
            recorder.startRecording(id);
            return new JfrRecording(recorder, id);
        } catch (final Exception | Error e) {
            return null;
        }
    }

    static Map<String, String> settings() {
        final Map<String, String> settings = new LinkedHashMap<>();
        for (final String event : EVENTS) {
            settings.put(event + "#enabled", "true");
            settings.put(event + "#threshold", "0 ns");
            settings.put(event + "#stackTrace", "false");
        }
        settings.put(PACING_EVENT + "#enabled", "true");
        settings.put(PACING_EVENT + "#period", "24 h");
        return settings;
    }

    public void stopAndWrite(final Path file) throws IOException {
        try {
            // copied while it runs: copying the stopped in-memory recording failed on JDK 17
            recorder.copyTo(id, file.toAbsolutePath().toString());
            recorder.stopRecording(id);
            recorder.closeRecording(id);
        } catch (final RuntimeException e) {
            throw new IOException("JFR recording " + id + " could not be written to " + file + ": " + e
                    + (e.getCause() == null ? "" : " (" + e.getCause() + ")"), e);
        }
    }

    /** Runs {@code <javaHome>/bin/jfr print --json} on {@code recording}; null when the tool is missing. */
    public static List<JvmEvent> read(final Path javaHome, final Path recording) throws IOException {
        final File tool = javaHome.resolve("bin").resolve("jfr").toFile();
        if (!tool.canExecute()) {
            return null;
        }
        final Path json = Files.createTempFile(recording.getParent(), ".jvm-events", ".json");
        try {
            final Process process = new ProcessBuilder(tool.getPath(), "print", "--json", "--events",
                    String.join(",", EVENTS), recording.toString())
                    .redirectOutput(json.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            if (!process.waitFor(TOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(tool + " print did not finish in " + TOOL_TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IOException(tool + " print exited " + process.exitValue() + " on " + recording);
            }
            try (InputStream in = Files.newInputStream(json)) {
                return parse(in);
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + recording, e);
        } finally {
            Files.deleteIfExists(json);
        }
    }

    /** Parses {@code jfr print --json} one event at a time: a long run's whole document would be large. */
    static List<JvmEvent> parse(final InputStream json) throws IOException {
        final List<JvmEvent> events = new ArrayList<>();
        final Map<Long, Integer> levelByCompileId = new HashMap<>();
        final List<JsonNode> deoptimizations = new ArrayList<>();
        final Map<Long, Safepoint> safepoints = new TreeMap<>();
        final JsonParser parser = JSON.getFactory().createParser(json);
        while (parser.nextToken() != null) {
            if (parser.currentToken() == JsonToken.FIELD_NAME && "events".equals(parser.currentName())) {
                break;
            }
        }
        if (parser.nextToken() != JsonToken.START_ARRAY) {
            throw new IOException("no events array in the jfr print output");
        }
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            final JsonNode event = JSON.readTree(parser);
            final JsonNode v = event.path("values");
            switch (event.path("type").asText()) {
                case "jdk.Compilation":
                    levelByCompileId.put(v.path("compileId").asLong(), v.path("compileLevel").asInt());
                    events.add(new JvmEvent(micros(v), JvmEvent.COMPILATION, method(v.path("method")),
                            v.path("compileLevel").asInt(-1), compilationNote(v), null, nanos(v.path("duration")),
                            JvmEvent.UNAVAILABLE));
                    break;
                case "jdk.Deoptimization":
                    deoptimizations.add(v);
                    break;
                case "jdk.SafepointBegin":
                    safepoint(safepoints, v).beginMicros = micros(v);
                    break;
                case "jdk.SafepointStateSynchronization":
                    safepoint(safepoints, v).timeToSafepointNanos = nanos(v.path("duration"));
                    break;
                case "jdk.SafepointEnd":
                    safepoint(safepoints, v).endMicros = micros(v) + nanos(v.path("duration")) / 1000;
                    break;
                case "jdk.ExecuteVMOperation":
                    if (v.path("safepoint").asBoolean()) {
                        safepoint(safepoints, v).operation = v.path("operation").asText(null);
                    }
                    break;
                case "jdk.GarbageCollection":
                    events.add(new JvmEvent(micros(v), JvmEvent.GC, v.path("name").asText(null), -1,
                            v.path("cause").asText(null), null, nanos(v.path("sumOfPauses")), JvmEvent.UNAVAILABLE));
                    break;
                default:
                    break;
            }
        }
        for (final JsonNode v : deoptimizations) {
            final Integer level = levelByCompileId.get(v.path("compileId").asLong());
            events.add(new JvmEvent(micros(v), JvmEvent.DEOPTIMIZATION, method(v.path("method")),
                    level == null ? -1 : level, v.path("reason").asText() + "/" + v.path("action").asText()
                    + " bci " + v.path("bci").asInt() + " " + v.path("instruction").asText(""),
                    v.path("eventThread").path("javaName").asText(null), JvmEvent.UNAVAILABLE, JvmEvent.UNAVAILABLE));
        }
        for (final Safepoint s : safepoints.values()) {
            if (s.beginMicros >= 0) {
                events.add(new JvmEvent(s.beginMicros, JvmEvent.SAFEPOINT, s.operation, -1, null, null,
                        s.endMicros < 0 ? JvmEvent.UNAVAILABLE : (s.endMicros - s.beginMicros) * 1000,
                        s.timeToSafepointNanos));
            }
        }
        events.sort((a, b) -> Long.compare(a.epochMicros, b.epochMicros));
        return events;
    }

    private static Safepoint safepoint(final Map<Long, Safepoint> safepoints, final JsonNode v) {
        return safepoints.computeIfAbsent(v.path("safepointId").asLong(), id -> new Safepoint());
    }

    private static String compilationNote(final JsonNode v) {
        final String osr = v.path("isOsr").asBoolean() ? "osr" : null;
        return v.path("succeded").asBoolean(true) ? osr : osr == null ? "failed" : "osr failed";
    }

    /** "pkg.Class::name", from JFR's method object (class names use '/'). */
    static String method(final JsonNode method) {
        return method.isMissingNode() || method.isNull() ? null
                : method.path("type").path("name").asText().replace('/', '.') + "::" + method.path("name").asText();
    }

    private static long micros(final JsonNode values) {
        final Instant at = Instant.parse(values.path("startTime").asText());
        return TimeUnit.SECONDS.toMicros(at.getEpochSecond()) + at.getNano() / 1000;
    }

    private static long nanos(final JsonNode duration) {
        return duration.isTextual() ? Duration.parse(duration.asText()).toNanos() : JvmEvent.UNAVAILABLE;
    }

    /** One safepoint, assembled from its begin, synchronisation, operation and end events. */
    private static final class Safepoint {
        long beginMicros = -1;
        long endMicros = -1;
        long timeToSafepointNanos = JvmEvent.UNAVAILABLE;
        String operation;
    }

    /**
     * The operations we use of JDK 14+'s {@code jdk.management.jfr:type=FlightRecorder} MBean, declared here so an
     * MXBean proxy can call them from classes compiled with {@code --release 8}.
     */
    public interface FlightRecorderMXBean {
        long newRecording();

        void setRecordingSettings(long recordingId, Map<String, String> settings);

        void setRecordingOptions(long recordingId, Map<String, String> options);

        void startRecording(long recordingId);

        void stopRecording(long recordingId);

        void copyTo(long recordingId, String outputFile);

        void closeRecording(long recordingId);
    }
}
