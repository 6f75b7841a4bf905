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
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.control.ChildFailure;
import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.control.ControlMessage;

/**
 * Runs the benchmark in a fresh {@code java} process, as JMH forks: the same {@code java.home}, only the project's
 * classpath, and the flags {@link #command} lists. It is started and driven as every child JVM is
 * ({@link ChildHandle}): its output is streamed through, its result comes back as a message ({@link ForkLink}), a
 * signal to this JVM stops it (its own shutdown hook deletes its queue), and it dies with this JVM
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
    /** A JVM with a large pre-touched heap takes seconds to reach main, more on a busy host. */
    private static final long CONNECT_MILLIS = TimeUnit.SECONDS.toMillis(120);
    /** After its result the fork only runs its shutdown hooks (the queue's removal). */
    private static final long EXIT_MILLIS = TimeUnit.SECONDS.toMillis(60);

    private ChildJvm() {
    }

    /**
     * The command for {@code mainClass} on {@code javaHome} with the profile's flags, then the instruments' flags
     * ({@code extraFlags}: a JFR recording, compilation logging...), then these {@code qp.*} settings: they come after
     * the profile's, so a setting given to the launcher overrides the profile's, as it did when both were Maven's.
     */
    public static List<String> command(final String javaHome, final List<String> profile,
                                       final Map<String, String> settings, final String mainClass,
                                       final List<String> extraFlags) {
        final List<String> line = new ArrayList<>();
        line.add(new File(javaHome, "bin" + File.separator + "java").getPath());
        line.addAll(JvmFlags.base());
        line.addAll(profile);
        line.addAll(extraFlags);
        line.addAll(forwardedProperties());
        for (final Map.Entry<String, String> setting : settings.entrySet()) {
            line.add("-D" + setting.getKey() + "=" + setting.getValue());
        }
        line.add("-D" + FORKED + "=true");
        line.add("-cp");
        line.add(classpath());
        line.add(mainClass);
        return Collections.unmodifiableList(line);
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
     * Starts the child ({@link ChildHandle}, its output going to {@code output}) and returns how its run ended, from
     * its {@link ForkLink#RESULT} message. A child still running after {@code deadlineSeconds} (its plan's length
     * plus a margin, or a matrix's time limit) is killed, said in one line on {@code err}, and counts as a failed
     * check that {@linkplain BenchmarkResult#timedOut() timed out}.
     */
    public static BenchmarkResult run(final List<String> command, final ChildOutput output, final PrintStream err,
                                      final long deadlineSeconds) throws IOException {
        err.println("[qp] fork: " + String.join(" ", command));
        err.flush();
        try (ChildHandle child = ChildHandle.start("the benchmark JVM", command, output, CONNECT_MILLIS)) {
            final ControlMessage result = child.await(ForkLink.RESULT, TimeUnit.SECONDS.toMillis(deadlineSeconds));
            return ForkLink.read(result, child.awaitExit(EXIT_MILLIS));
        } catch (final ChildFailure e) {
            // it ended without its result (a crash, a refused JVM flag: its own words are above), or missed the
            // deadline: the deadline covers its warm-up bound, measured seconds and a margin
            err.println("FAILED: " + e.getMessage());
            final int exit = e.exitCode() == null || e.exitCode() == BenchmarkResult.PASSED
                    ? BenchmarkResult.CHECK_FAILED : e.exitCode();
            return new BenchmarkResult(exit, null, Collections.singletonList(e.getMessage()), e.timedOut());
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
