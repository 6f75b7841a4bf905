package io.fastestjvm.timeline;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * An in-process JFR recording (FlightRecorder platform MBean, JDK 14+) of only compilations, deoptimisations,
 * safepoints and GC pauses, without stack traces or samplers, so the recording adds no safepoint of its own.
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
    private static final int FIRST_JDK_WITH_DEOPTIMIZATION_EVENT = 14;

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
}
