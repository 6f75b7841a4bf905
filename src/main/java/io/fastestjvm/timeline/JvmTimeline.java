package io.fastestjvm.timeline;

import java.io.IOException;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * This run's JIT, safepoint and GC events, from JFR in-process on JDK 14+, else from the HotSpot logs of
 * {@link HotSpotLogs#childJvmFlags}. The kinds a source provides are kept, so a missing kind reads "unavailable".
 */
public final class JvmTimeline {
    private final JfrRecording recording;
    private final HotSpotLogs.LogFiles logs;
    private final long vmStartEpochMillis;
    private final Set<String> available = new HashSet<>();
    private List<JvmEvent> events = Collections.emptyList();
    private String source = "none";
    private String problem;

    private JvmTimeline(final JfrRecording recording, final HotSpotLogs.LogFiles logs) {
        this.recording = recording;
        this.logs = logs;
        this.vmStartEpochMillis = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getUptime();
    }

    /** A timeline of known events, for tests: {@code kinds} are the kinds its source provides. */
    static JvmTimeline of(final List<JvmEvent> events, final String... kinds) {
        final JvmTimeline timeline = new JvmTimeline(null, null);
        timeline.events = events;
        timeline.available.addAll(Arrays.asList(kinds));
        timeline.source = "test";
        JvmEvent.markHotPath(events);
        return timeline;
    }

    /** A timeline that records nothing (qp.jvmEvents=false, or qp.bare=true): every event column reads unavailable. */
    public static JvmTimeline off() {
        final JvmTimeline timeline = new JvmTimeline(null, null);
        timeline.problem = "off (qp.jvmEvents=false or qp.bare=true)";
        return timeline;
    }

    /** Starts JFR where it has the events, else notes the HotSpot log files this JVM writes. */
    public static JvmTimeline start() {
        final JfrRecording recording = JfrRecording.start(javaMajor());
        return new JvmTimeline(recording, recording != null ? null
                : HotSpotLogs.found(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    }

    public static int javaMajor() {
        final String version = System.getProperty("java.specification.version");
        return Integer.parseInt(version.startsWith("1.") ? version.substring(2) : version);
    }

    /** Stops recording and reads the events; {@code threadNames} maps native ids to names for LogCompilation. */
    public void collect(final Map<String, String> threadNames, final Path scratchDir) {
        try {
            if (recording != null) {
                final Path file = scratchDir.resolve(".jvm-events.jfr");
                try {
                    recording.stopAndWrite(file);
                    events = JfrRecording.read(Paths.get(System.getProperty("java.home")), file);
                } finally {
                    Files.deleteIfExists(file);
                }
                if (events == null) {
                    events = Collections.emptyList();
                    problem = "no jfr tool in " + System.getProperty("java.home");
                } else {
                    source = "JFR (in-process recording)";
                    available.addAll(Arrays.asList(JvmEvent.COMPILATION, JvmEvent.DEOPTIMIZATION,
                            JvmEvent.SAFEPOINT, JvmEvent.GC));
                }
            } else if (logs != null) {
                events = new ArrayList<>();
                final List<String> sources = new ArrayList<>();
                read(logs.compilation, "LogCompilation ", sources, in -> HotSpotLogs.parseCompilationLog(in,
                        vmStartEpochMillis, threadNames, javaMajor() > 8), JvmEvent.COMPILATION,
                        JvmEvent.DEOPTIMIZATION);
                read(logs.safepoints, "-Xlog ", sources, in -> HotSpotLogs.parseSafepointLog(in, vmStartEpochMillis),
                        JvmEvent.SAFEPOINT, JvmEvent.GC);
                read(logs.gc, "-Xloggc ", sources, in -> HotSpotLogs.parseSafepointLog(in, vmStartEpochMillis),
                        JvmEvent.SAFEPOINT, JvmEvent.GC);
                events.sort((a, b) -> Long.compare(a.epochMicros, b.epochMicros));
                source = sources.isEmpty() ? "none" : String.join("; ", sources);
                if (sources.isEmpty()) {
                    problem = "no JFR recording (it needs JDK 14+ and the jdk.management.jfr module) and no"
                            + " HotSpot log flags (HotSpotLogs.childJvmFlags) on this JVM's command line";
                }
            }
        } catch (final IOException | RuntimeException e) {
            events = Collections.emptyList();
            available.clear();
            problem = "timeline could not be read: " + e;
        }
        JvmEvent.markHotPath(events);
    }

    /** One HotSpot log's events and the kinds it provides, when the JVM wrote it; {@code flag} names its source. */
    private void read(final Path log, final String flag, final List<String> sources, final LogParser parser,
                      final String... kinds) throws IOException {
        if (log == null || !Files.isRegularFile(log)) {
            return;
        }
        try (Reader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            events.addAll(parser.parse(in));
        }
        available.addAll(Arrays.asList(kinds));
        sources.add(flag + log);
    }

    private interface LogParser {
        List<JvmEvent> parse(Reader in) throws IOException;
    }

    public List<JvmEvent> events() {
        return events;
    }

    /** Whether the source provided events of {@code kind} at all (else counts of it are unavailable, not 0). */
    public boolean provides(final String kind) {
        return available.contains(kind);
    }

    public String source() {
        return source;
    }

    /** Why nothing or less was recorded, or null. */
    public String problem() {
        return problem;
    }
}
