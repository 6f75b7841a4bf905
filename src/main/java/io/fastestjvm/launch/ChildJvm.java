package io.fastestjvm.launch;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.control.ChildFailure;
import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.control.ControlLink;
import io.fastestjvm.control.ControlMessage;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.faults.Preflight;
import io.fastestjvm.timeline.HotSpotLogs;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * The launcher's half of one run: checks the settings as the fork will see them (a bad one is refused before anything
 * starts) and the memory and room the fork needs, then runs the benchmark in a fresh {@code java} process, as JMH
 * forks: only the project's classpath and the flags {@link #command} lists, driven as every child JVM is
 * ({@link ChildHandle}). Its control protocol: the fork says {@link ChildHandle#HELLO}, runs, sends a {@link #RESULT}:
 * the launcher learns how the run ended from a message, not from the fork's console or a listing of folders.
 */
public final class ChildJvm {
    /** Set on the fork: it runs in-process and watches its parent. Constant, as reports group runs by flags. */
    public static final String FORKED = "io.fastestjvm.forked";
    /** Properties of this JVM the child gets too: where to write temporary files and logs, and how verbosely. */
    private static final String[] FORWARDED = {"java.io.tmpdir", "user.home", "jna.tmpdir", "org.slf4j.simpleLogger."};
    /** A JVM with a large pre-touched heap takes seconds to reach main, more on a busy host. */
    private static final long CONNECT_MILLIS = TimeUnit.SECONDS.toMillis(120);
    /** After its result the fork only runs its shutdown hooks (the queue's removal). */
    private static final long EXIT_MILLIS = TimeUnit.SECONDS.toMillis(60);
    /**
     * Begins the scratch directory of the child's JVM-event logs (JDK 8 to 13 need LogCompilation and safepoint
     * logging from start-up); the rest (pid, clock) is unique to this launch, which deletes it after the child.
     */
    public static final String EVENT_LOGS_PREFIX = "qp-jvm-events-";
    /** Start-up, rehearsals, string literals, the read-back of up to tens of millions of messages, the summary. */
    static final long MARGIN_SECONDS = 600;
    /** The fork's last message: how its run ended. */
    static final String RESULT = "result";
    static final String EXIT_CODE = "exitCode";
    /** The results folder's absolute path; absent when the run wrote none (help, a refused setting). */
    static final String FOLDER = "folder";

    private final String javaHome;
    private final int javaMajor;
    private final List<String> profileFlags;
    private final String mainClass;

    public ChildJvm(final String javaHome, final int javaMajor, final List<String> profileFlags,
                    final String mainClass) {
        this.javaHome = javaHome;
        this.javaMajor = javaMajor;
        this.profileFlags = profileFlags;
        this.mainClass = mainClass;
    }

    /**
     * Runs with these settings over the profile's; {@code deadlineSeconds} 0: every message at the measured rate (an
     * upper bound: the fast warm-up stage is faster), plus the margin.
     */
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
                EVENT_LOGS_PREFIX + EnvironmentInfo.pid() + "-" + System.nanoTime()).toPath();
        try {
            final List<String> instruments = options.jvmEvents() && !options.bare()
                    ? HotSpotLogs.childJvmFlags(javaMajor, eventLogs) : Collections.<String>emptyList();
            return runCommand(command(javaHome, profileFlags, settings, mainClass, instruments), output, err,
                    deadlineSeconds > 0 ? deadlineSeconds : options.totalMessages() / options.rate() + MARGIN_SECONDS);
        } finally {
            ChronicleQueueTransport.deleteTree(eventLogs);
        }
    }

    /** The profile's flags, the instruments' ({@code extraFlags}), then the settings, which override the profile's. */
    public static List<String> command(final String javaHome, final List<String> profile,
                                       final Map<String, String> settings, final String mainClass,
                                       final List<String> extraFlags) {
        final List<String> own = new ArrayList<>();
        settings.forEach((name, value) -> own.add("-D" + name + "=" + value));
        own.add("-D" + FORKED + "=true");
        final List<String> flags = new ArrayList<>(profile);
        flags.addAll(extraFlags);
        return Collections.unmodifiableList(javaCommand(javaHome, flags, own, classpath(), mainClass));
    }

    /**
     * Every child JVM's command line: {@code javaHome}'s java, the base flags, {@code flags}, the {@link #FORWARDED}
     * properties, {@code laterFlags}, the classpath and the main class.
     */
    public static List<String> javaCommand(final String javaHome, final List<String> flags,
                                           final List<String> laterFlags, final String classpath,
                                           final String mainClass) {
        final List<String> line = new ArrayList<>();
        line.add(new File(javaHome, "bin" + File.separator + "java").getPath());
        line.addAll(JvmFlags.base());
        line.addAll(flags);
        new TreeSet<>(System.getProperties().stringPropertyNames()).stream()
                .filter(name -> Arrays.stream(FORWARDED).anyMatch(forwarded -> forwarded.endsWith(".")
                        ? name.startsWith(forwarded) : name.equals(forwarded)))
                .forEach(name -> line.add("-D" + name + "=" + System.getProperty(name)));
        line.addAll(laterFlags);
        line.add("-cp");
        line.add(classpath);
        line.add(mainClass);
        return line;
    }

    /** How the child's run ended, from its result; one still running after {@code deadlineSeconds} is killed. */
    private static BenchmarkResult runCommand(final List<String> command, final ChildOutput output,
                                              final PrintStream err, final long deadlineSeconds) throws IOException {
        err.println("[qp] fork: " + String.join(" ", command));
        err.flush();
        try (ChildHandle child = ChildHandle.start("the benchmark JVM", command, output, CONNECT_MILLIS)) {
            final ControlMessage result = child.await(RESULT, TimeUnit.SECONDS.toMillis(deadlineSeconds));
            return read(result, child.awaitExit(EXIT_MILLIS));
        } catch (final ChildFailure e) {
            // it ended without its result (its own words are above), or missed the deadline
            err.println("FAILED: " + e.getMessage());
            final int exit = e.exitCode == null || e.exitCode == BenchmarkResult.PASSED
                    ? BenchmarkResult.CHECK_FAILED : e.exitCode;
            return new BenchmarkResult(exit, null, Collections.singletonList(e.getMessage()), e.timedOut);
        }
    }

    /** The fork's side: hello, {@code run}, its result; the run's exit code. */
    public static int serve(final Callable<BenchmarkResult> run) throws Exception {
        try (ControlLink link = ControlLink.toParent()) {
            link.send(ControlMessage.of(ChildHandle.HELLO).with(ChildHandle.PID, EnvironmentInfo.pid()));
            final BenchmarkResult result = run.call();
            link.send(result(result));
            return result.exitCode();
        }
    }

    static ControlMessage result(final BenchmarkResult result) {
        final ControlMessage message = ControlMessage.of(RESULT).with(EXIT_CODE, result.exitCode());
        final Path folder = result.resultsFolder();
        return folder == null ? message : message.with(FOLDER, folder.toAbsolutePath().toString());
    }

    /** The launcher's reading of a {@link #RESULT}; {@code exitCode} is the process's own when it is known. */
    static BenchmarkResult read(final ControlMessage result, final Integer exitCode) {
        final int exit = exitCode != null ? exitCode : (int) result.number(EXIT_CODE);
        final Path folder = result.has(FOLDER) ? Paths.get(result.text(FOLDER)) : null;
        return new BenchmarkResult(exit, folder, folder != null ? Collections.<String>emptyList()
                : Collections.singletonList("the benchmark JVM ended with exit code " + exit
                + " and wrote no results folder; see its output above"));
    }

    /**
     * The project's classpath: under {@code exec:java} the classes come from the exec plugin's own class loader
     * (java.class.path is Maven's launcher); from the jar or a plain {@code java -cp}, java.class.path.
     */
    public static String classpath() {
        final ClassLoader loader = ChildJvm.class.getClassLoader();
        if (loader instanceof URLClassLoader && loader != ClassLoader.getSystemClassLoader()) {
            final List<String> entries = new ArrayList<>();
            for (final URL url : ((URLClassLoader) loader).getURLs()) {
                try {
                    entries.add(new File(url.toURI()).getPath());
                } catch (final URISyntaxException | IllegalArgumentException e) {
                    throw new IllegalStateException("classpath entry " + url + " is not a file", e);
                }
            }
            return String.join(File.pathSeparator, entries);
        }
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> new File(entry).getAbsolutePath()).collect(Collectors.joining(File.pathSeparator));
    }
}
