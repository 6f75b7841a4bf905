package io.fastestjvm.launch;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.control.ChildHandle;

/**
 * Runs the benchmark in a fresh {@code java} process, as JMH forks: the same {@code java.home}, only the project's
 * classpath, and the flags {@link #command} lists. Its output is streamed through, a signal to this JVM stops it
 * (its own shutdown hook deletes its queue), its exit code is returned, and it dies with this JVM
 * ({@link io.fastestjvm.control.ParentLifeline}).
 */
public final class ChildJvm {
    /**
     * Set (to true) on the forked JVM: it runs the benchmark in-process and watches its parent. A constant, so the
     * recorded flags of runs with the same settings are equal (the reports group runs by them).
     */
    public static final String FORKED = "io.fastestjvm.forked";
    /** Properties of this JVM the child gets too: where to write temporary files and logs, and how verbosely. */
    private static final String[] FORWARDED = {"java.io.tmpdir", "user.home", "jna.tmpdir", "org.slf4j.simpleLogger."};
    private static final long COPY_JOIN_MILLIS = TimeUnit.SECONDS.toMillis(10);
    private static final List<ChildJvmFlags> INSTRUMENTS = new CopyOnWriteArrayList<>();

    private final List<String> command;

    /**
     * The command for {@code mainClass} with these {@code qp.*} settings; they come after the profile's flags, so
     * a setting given to this JVM overrides the profile's, as it did when both were Maven's.
     */
    public ChildJvm(final Map<String, String> settings, final String mainClass) {
        final List<String> profile = JvmFlags.profile();
        final Properties seen = JvmFlags.qpSettings(profile);
        seen.putAll(settings);
        final List<String> line = new ArrayList<>();
        line.add(new File(System.getProperty("java.home"), "bin" + File.separator + "java").getPath());
        line.addAll(JvmFlags.base());
        line.addAll(profile);
        line.addAll(instrumentFlags(seen));
        line.addAll(forwardedProperties());
        for (final Map.Entry<String, String> setting : settings.entrySet()) {
            line.add("-D" + setting.getKey() + "=" + setting.getValue());
        }
        line.add("-D" + FORKED + "=true");
        line.add("-cp");
        line.add(classpath());
        line.add(mainClass);
        command = Collections.unmodifiableList(line);
    }

    /** This JVM's {@link #FORWARDED} properties, as -D flags for a child JVM it starts. */
    public static List<String> forwardedProperties() {
        final List<String> flags = new ArrayList<>();
        for (final String name : new TreeSet<>(System.getProperties().stringPropertyNames())) {
            for (final String forwarded : FORWARDED) {
                if (forwarded.endsWith(".") ? name.startsWith(forwarded) : name.equals(forwarded)) {
                    flags.add("-D" + name + "=" + System.getProperty(name));
                }
            }
        }
        return flags;
    }

    /**
     * The extension point for instruments that need flags on the measured JVM (JFR, LogCompilation...): each
     * registered source is asked for its flags whenever a child command is built.
     */
    public static void addInstrument(final ChildJvmFlags source) {
        INSTRUMENTS.add(source);
    }

    static List<String> instrumentFlags(final Properties settings) {
        final List<String> flags = new ArrayList<>();
        for (final ChildJvmFlags source : INSTRUMENTS) {
            flags.addAll(source.flags(settings));
        }
        return flags;
    }

    public List<String> command() {
        return command;
    }

    /**
     * Starts the child, streams its output to {@code out}/{@code err} and returns its exit code. A child still
     * running after {@code deadlineSeconds} (its plan's length plus a margin) is killed, said in one line, and
     * counts as a failed check.
     */
    public int run(final PrintStream out, final PrintStream err, final long deadlineSeconds)
            throws IOException, InterruptedException {
        err.println("[qp] fork: " + String.join(" ", command));
        err.flush();
        // stdin stays a pipe that this JVM holds open: the child's ParentLifeline
        final Process child = new ProcessBuilder(command).start();
        final Object wholeLines = new Object();
        final Thread outCopy = WholeLineCopy.start(child.getInputStream(), out, wholeLines, "qp-fork-stdout");
        final Thread errCopy = WholeLineCopy.start(child.getErrorStream(), err, wholeLines, "qp-fork-stderr");
        final Thread stopper = new Thread(() -> stop(child, outCopy, errCopy), "qp-fork-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            if (!child.waitFor(deadlineSeconds, TimeUnit.SECONDS)) {
                err.println("FAILED: the benchmark JVM had not ended " + deadlineSeconds + " s after it started (its"
                        + " warm-up bound, measured seconds and a margin): killed");
                ChildHandle.kill(child);
                outCopy.join(COPY_JOIN_MILLIS);
                errCopy.join(COPY_JOIN_MILLIS);
                return BenchmarkResult.CHECK_FAILED;
            }
            final int exitCode = child.exitValue();
            // bounded too: a process the child left behind could hold the pipes open
            outCopy.join(COPY_JOIN_MILLIS);
            errCopy.join(COPY_JOIN_MILLIS);
            return exitCode;
        } catch (final InterruptedException e) {
            stop(child, outCopy, errCopy);
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (final IllegalStateException e) {
                // already shutting down: the hook is running or has run
            }
            child.getOutputStream().close();
        }
    }

    /** SIGTERM, so the child's shutdown hook deletes its queue; SIGKILL only if it has not ended in time. */
    private static void stop(final Process child, final Thread outCopy, final Thread errCopy) {
        ChildHandle.kill(child);
        try {
            outCopy.join(COPY_JOIN_MILLIS);
            errCopy.join(COPY_JOIN_MILLIS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The project's classpath: under {@code exec:java} the classes come from the exec plugin's own class loader
     * (java.class.path is Maven's launcher); from the jar or a plain {@code java -cp}, java.class.path.
     */
    public static String classpath() {
        final ClassLoader loader = ChildJvm.class.getClassLoader();
        final List<String> entries = new ArrayList<>();
        if (loader instanceof URLClassLoader && loader != ClassLoader.getSystemClassLoader()) {
            for (final URL url : ((URLClassLoader) loader).getURLs()) {
                try {
                    entries.add(new File(url.toURI()).getPath());
                } catch (final URISyntaxException | IllegalArgumentException e) {
                    throw new IllegalStateException("classpath entry " + url + " is not a file", e);
                }
            }
        } else {
            for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                entries.add(new File(entry).getAbsolutePath());
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
