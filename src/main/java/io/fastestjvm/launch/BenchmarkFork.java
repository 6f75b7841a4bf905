package io.fastestjvm.launch;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.environment.ProcessId;
import io.fastestjvm.faults.Preflight;
import io.fastestjvm.timeline.HotSpotLogs;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * The launcher's half of one run: checks the settings as the fork will see them (a bad one is refused before anything
 * starts) and the memory and room the fork needs, then runs it in a fresh JVM ({@link ChildJvm}).
 */
public final class BenchmarkFork {
    /**
     * Begins the scratch directory of the child's JVM-event logs (JDK 8 to 13 need LogCompilation and safepoint
     * logging from start-up); the rest (pid, clock) is unique to this launch, which deletes it after the child.
     */
    public static final String EVENT_LOGS_PREFIX = "qp-jvm-events-";
    /** Start-up, rehearsals, string literals, the read-back of up to tens of millions of messages, the summary. */
    static final long MARGIN_SECONDS = 600;

    private final String javaHome;
    private final int javaMajor;
    private final List<String> profileFlags;
    private final String mainClass;

    public BenchmarkFork(final String javaHome, final int javaMajor, final List<String> profileFlags,
                         final String mainClass) {
        this.javaHome = javaHome;
        this.javaMajor = javaMajor;
        this.profileFlags = profileFlags;
        this.mainClass = mainClass;
    }

    /** Runs with these settings over the profile's; {@code deadlineSeconds} 0 is {@link #planDeadlineSeconds}. */
    public BenchmarkResult run(final Map<String, String> settings, final ChildOutput output, final PrintStream err,
                               final long deadlineSeconds) throws IOException {
        final Properties seen = JvmFlags.qpSettings(profileFlags);
        seen.putAll(settings);
        final BenchmarkOptions options;
        try {
            options = BenchmarkOptions.fromProperties(seen);
            Preflight.checkBeforeFork(options, JvmFlags.maxHeapBytes(profileFlags, JvmFlags.physicalBytes()));
        } catch (final InvalidSettingException e) {
            err.println("error: " + e.getMessage()); // before any JVM starts; the fork would refuse it too
            return new BenchmarkResult(BenchmarkResult.INVALID_SETTING, null,
                    Collections.singletonList(e.getMessage()));
        }
        final Path eventLogs = new File(System.getProperty("java.io.tmpdir"),
                EVENT_LOGS_PREFIX + ProcessId.current() + "-" + System.nanoTime()).toPath();
        try {
            final List<String> instruments = options.jvmEvents() && !options.bare()
                    ? HotSpotLogs.childJvmFlags(javaMajor, eventLogs) : Collections.<String>emptyList();
            return ChildJvm.run(ChildJvm.command(javaHome, profileFlags, settings, mainClass, instruments), output,
                    err, deadlineSeconds > 0 ? deadlineSeconds : planDeadlineSeconds(options));
        } finally {
            ChronicleQueueTransport.deleteTree(eventLogs);
        }
    }

    /** Every message at the measured rate (an upper bound: the fast warm-up stage is faster), plus the margin. */
    public static long planDeadlineSeconds(final BenchmarkOptions options) {
        return options.totalMessages() / options.rate() + MARGIN_SECONDS;
    }
}
