package io.fastestjvm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.ChildProcesses;
import io.fastestjvm.QueuePerformance;
import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.results.model.RunResults;

/**
 * The launching JVM (started here as Maven would start it, with QP_JVM_FLAGS in its environment) forks the measured
 * JVM, passes its exit code through, refuses bad settings without forking, and leaves no benchmark behind when it is
 * killed with SIGKILL; qp.fork=false measures in the launching JVM itself.
 */
@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: launching JVMs that fork the measured one, 1 s warm-up + 1 s runs; it waits up to
// 3 min for each launching JVM itself
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 4, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ForkIT {
    private static final Pattern FORK_LINE = Pattern.compile("\\[qp\\] fork: \\S+/java .* -D"
            + Pattern.quote(ChildJvm.FORKED) + "=true -cp \\S+ io\\.fastestjvm\\.QueuePerformance\n");
    private static final String PROFILE_FLAGS = "-Xmx192m -XX:+UseSerialGC -Dqp.profile=forktest";
    private static final String[] SHORT_RUN = {"-Dqp.seconds=1", "-Dqp.warmupSeconds=1", "-Dqp.rate=10000",
            "-Dqp.producerCpu=-1", "-Dqp.consumerCpu=-1"};

    @TempDir
    Path temp;

    @Test
    void theBenchmarkRunsInAForkedJvmWithTheProfileFlags() throws Exception {
        final Launcher parent = Launcher.start(temp, PROFILE_FLAGS, SHORT_RUN);
        final int exit = parent.awaitExit(180);
        final String err = parent.stderr();
        assertTrue(FORK_LINE.matcher(err).find(), "the parent names the forked JVM's command:\n" + err);

        final File folder = parent.onlyResultsFolder();
        final JsonNode summary = RunResults.read(new File(folder, RunResults.FILE_NAME).toPath()).tree();
        final long childPid = pidOf(folder);
        assertNotEquals(parent.pid(), childPid, "the run happened in another process");
        // the exit code is the child's, whatever its checks said about a 1-second warm-up
        assertEquals("passed".equals(summary.get("status").asText()) ? BenchmarkResult.PASSED
                : BenchmarkResult.CHECK_FAILED, exit, err);

        final List<String> jvmArguments = strings(summary.at("/environment/jvmArguments"));
        assertTrue(jvmArguments.containsAll(Arrays.asList("-Xmx192m", "-XX:+UseSerialGC", "-Dqp.profile=forktest")),
                jvmArguments.toString());
        assertTrue(jvmArguments.containsAll(JvmFlags.base()), "the base flags of .mvn/jvm.config: " + jvmArguments);
        assertTrue(summary.at("/environment/maxHeapBytes").asLong() <= 192L << 20, "the profile's -Xmx applies");
        assertEquals("forktest", summary.at("/settings/qp.profile").asText());
        final List<String> command = strings(summary.at("/environment/command"));
        assertEquals(QueuePerformance.class.getName(), command.get(command.size() - 1));
        assertTrue(command.containsAll(jvmArguments), "the whole command holds the recorded flags: " + command);
    }

    @Test
    void aBadSettingExitsTwoWithoutForking() throws Exception {
        for (final String[] bad : new String[][] {{"", "-Dqp.rate=0"}, {"-Dqp.seconds=0", "-Dqp.rate=10"}}) {
            final Launcher parent = Launcher.start(temp.resolve("bad" + bad[1]), bad[0], bad[1]);
            assertEquals(BenchmarkResult.INVALID_SETTING, parent.awaitExit(60), parent.stderr());
            assertTrue(parent.stderr().startsWith("error: qp."), parent.stderr());
            assertFalse(parent.stderr().contains("[qp] fork:"), "no JVM is forked for bad settings");
        }
    }

    @Test
    void aKilledParentLeavesNoBenchmarkBehind() throws Exception {
        final Launcher parent = Launcher.start(temp, "", "-Dqp.seconds=600", "-Dqp.warmupSeconds=1", "-Dqp.rate=1000",
                "-Dqp.producerCpu=-1", "-Dqp.consumerCpu=-1");
        parent.awaitStderr("[qp] warm-up started", 120);
        final List<Long> children = childrenOf(parent.pid());
        assertEquals(1, children.size(), "one forked JVM: " + children);
        final long child = children.get(0);

        parent.killHard();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (new File("/proc/" + child).exists()) {
            assertTrue(System.nanoTime() < deadline, "the forked JVM " + child + " outlived its killed parent");
            TimeUnit.MILLISECONDS.sleep(100); // polling an observable condition, not synchronising by time
        }
        assertEquals(Arrays.asList(), Arrays.asList(parent.queueParent().list()),
                "the forked JVM's shutdown hook deleted its queue");
    }

    @Test
    void forkFalseMeasuresInTheLaunchingJvm() throws Exception {
        final List<String> settings = new ArrayList<>(Arrays.asList(SHORT_RUN));
        settings.add("-Dqp.fork=false");
        final Launcher parent = Launcher.start(temp, "", settings.toArray(new String[0]));
        final int exit = parent.awaitExit(180);
        final String err = parent.stderr();
        assertFalse(err.contains("[qp] fork:"), err);
        final File folder = parent.onlyResultsFolder();
        assertEquals(parent.pid(), pidOf(folder), "the run is the launching JVM's own");
        // the process's exit code is the run's, as its summary records it (a 1-second warm-up may fail a check)
        final String status = RunResults.read(new File(folder, RunResults.FILE_NAME).toPath()).tree().get("status")
                .asText();
        assertEquals("passed".equals(status) ? BenchmarkResult.PASSED : BenchmarkResult.CHECK_FAILED, exit,
                "status " + status + ":\n" + err);
    }

    private static List<String> strings(final JsonNode array) {
        assertTrue(array.isArray(), String.valueOf(array));
        final List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    /** The pid at the end of a run folder name {@code <timestamp>-<profile>-<pid>}. */
    private static long pidOf(final File runFolder) {
        final String name = runFolder.getName();
        return Long.parseLong(name.substring(name.lastIndexOf('-') + 1));
    }

    /** Processes whose parent is {@code pid}, from /proc/[pid]/stat (field 4, counted after the command name). */
    private static List<Long> childrenOf(final long pid) {
        final List<Long> children = new ArrayList<>();
        final File[] entries = new File("/proc").listFiles((dir, name) -> name.matches("[0-9]+"));
        assertNotNull(entries, "no /proc");
        for (final File entry : entries) {
            try {
                final String stat = new String(Files.readAllBytes(new File(entry, "stat").toPath()),
                        StandardCharsets.US_ASCII);
                final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                if (Long.parseLong(fields[1]) == pid) {
                    children.add(Long.parseLong(entry.getName()));
                }
            } catch (final IOException e) {
                // the process ended while we looked
            }
        }
        return children;
    }

    /** A launching JVM: QueuePerformance on the test classpath, its output in files that can be read while it runs. */
    private static final class Launcher {
        private final Process process;
        private final Path work;

        private Launcher(final Process process, final Path work) {
            this.process = process;
            this.work = work;
        }

        static Launcher start(final Path work, final String profileFlags, final String... properties)
                throws IOException {
            Files.createDirectories(work.resolve("tmp"));
            Files.createDirectories(work.resolve("queue"));
            final List<String> command = new ArrayList<>();
            command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
            command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
            command.add("-Djava.io.tmpdir=" + work.resolve("tmp"));
            command.add("-Dqp.queueDir=" + work.resolve("queue"));
            command.add("-Dqp.resultsDir=" + work.resolve("results"));
            command.addAll(Arrays.asList(properties));
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(QueuePerformance.class.getName());
            final ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectOutput(work.resolve("out.log").toFile()).redirectError(work.resolve("err.log").toFile());
            builder.environment().put(JvmFlags.ENV, profileFlags);
            return new Launcher(ChildProcesses.start(builder), work);
        }

        /** Process.pid() is Java 9+ and these classes are Java 8: reached by reflection (tests run on 9+). */
        long pid() throws ReflectiveOperationException {
            return (Long) Process.class.getMethod("pid").invoke(process);
        }

        String stderr() throws IOException {
            return new String(Files.readAllBytes(work.resolve("err.log")), StandardCharsets.UTF_8);
        }

        File queueParent() {
            return work.resolve("queue").toFile();
        }

        File onlyResultsFolder() throws IOException {
            final File[] folders = work.resolve("results").toFile().listFiles(File::isDirectory);
            assertTrue(folders != null && folders.length == 1, "one results folder:\n" + stderr());
            return folders[0];
        }

        void awaitStderr(final String text, final long seconds) throws IOException, InterruptedException {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (!stderr().contains(text)) {
                if (!process.isAlive()) {
                    fail("ended (exit " + process.exitValue() + ") before printing '" + text + "':\n" + stderr());
                }
                assertTrue(System.nanoTime() < deadline, "no '" + text + "' within " + seconds + " s:\n" + stderr());
                process.waitFor(50, TimeUnit.MILLISECONDS);
            }
        }

        int awaitExit(final long seconds) throws IOException, InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                fail("did not end within " + seconds + " s:\n" + stderr());
            }
            return process.exitValue();
        }

        /** SIGKILL: no shutdown hook runs in the launching JVM. */
        void killHard() throws InterruptedException {
            assertTrue(process.destroyForcibly().waitFor(30, TimeUnit.SECONDS), "the killed parent did not end");
        }
    }
}
