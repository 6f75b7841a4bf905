package io.fastestjvm.faults;

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

import io.fastestjvm.ChildProcesses;
import io.fastestjvm.QueuePerformance;

/**
 * A real benchmark process on the test classpath, unpinned, with a {@code java.io.tmpdir} of its own (named after it),
 * registering in the machine-wide run registry as every measurement does, its output in files that can be read
 * while it runs.
 */
final class ChildRun {
    private final Process process;
    private final Path stdout;
    private final Path stderr;

    private ChildRun(final Process process, final Path stdout, final Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Starts {@code QueuePerformance} with {@code -Dqp.profile=name} and the given extra properties. */
    static ChildRun start(final Path work, final String name, final String... properties) throws IOException {
        final Path tmp = Files.createDirectories(work.resolve("tmp-" + name));
        final List<String> command = new ArrayList<>();
        command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(Arrays.asList("-Djava.io.tmpdir=" + tmp, "-Dchronicle.analytics.disable=true",
                "-Dqp.producerCpu=-1", "-Dqp.consumerCpu=-1", "-Dqp.profile=" + name,
                "-Dqp.fork=false")); // in this very process: the fault tests kill it and look for what it left
        command.addAll(Arrays.asList(properties));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(QueuePerformance.class.getName());
        final Path out = work.resolve(name + ".out");
        final Path err = work.resolve(name + ".err");
        return new ChildRun(ChildProcesses.start(new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(err.toFile())), out, err);
    }

    String stderr() throws IOException {
        return new String(Files.readAllBytes(stderr), StandardCharsets.UTF_8);
    }

    String stdout() throws IOException {
        return new String(Files.readAllBytes(stdout), StandardCharsets.UTF_8);
    }

    /** Waits until stderr contains {@code text}; fails if the process ends first or the deadline passes. */
    void awaitStderr(final String text, final long seconds) throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!stderr().contains(text)) {
            if (!process.isAlive()) {
                fail("process ended (exit " + process.exitValue() + ") before printing '" + text + "':\n" + stderr());
            }
            if (System.nanoTime() > deadline) {
                fail("no '" + text + "' within " + seconds + " s:\n" + stderr());
            }
            process.waitFor(50, TimeUnit.MILLISECONDS);
        }
    }

    int awaitExit(final long seconds) throws IOException, InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            fail("process did not end within " + seconds + " s:\n" + stderr());
        }
        return process.exitValue();
    }

    /** SIGKILL: no shutdown hook, no finally block runs. */
    void killHard() throws InterruptedException {
        assertTrue(process.destroyForcibly().waitFor(30, TimeUnit.SECONDS), "killed process did not end");
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The one folder directly under {@code parent} whose name contains this run's profile name. */
    static File onlyFolder(final File parent, final String prefix, final String name) {
        final File[] found = parent.listFiles((dir, file) -> file.startsWith(prefix) && file.contains("-" + name
                + "-"));
        assertTrue(found != null && found.length == 1, "one " + prefix + "*-" + name + "-* folder in " + parent
                + ": " + (found == null ? null : Arrays.toString(found)));
        return found[0];
    }

    /** The pid at the end of a run folder name {@code <timestamp>-<profile>-<pid>}. */
    static long pidOf(final File runFolder) {
        final String name = runFolder.getName();
        return Long.parseLong(name.substring(name.lastIndexOf('-') + 1));
    }
}
