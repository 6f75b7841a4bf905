package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.ChildProcesses;
import io.fastestjvm.results.RunSummary;
import io.fastestjvm.results.model.RunResults;

/**
 * A file system fills up while the run is measuring: a real small tmpfs, big enough at the start (so Preflight lets
 * the run begin), filled by this test once the run has started; first the queue's, then the results'. Needs root
 * and mount(8): CI runs as root with CI=true and there this test fails if it cannot mount; elsewhere it is skipped,
 * loudly (see {@link RootOnly}).
 */
@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: a child JVM per test, up to 30 s warm-up + 2 s measured, ~22 s each here; it
// waits up to 3 min for the child itself
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 4, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FullDiskIT {
    @TempDir
    Path temp;
    private final List<File> mounts = new ArrayList<>();

    @Test
    void spaceThatVanishesDuringTheRunStopsItWithAClearErrorAndNoLeftovers() throws Exception {
        final File mount = mountTmpfs("small-tmpfs", "256m");
        if (mount == null) {
            return;
        }
        final File results = temp.resolve("results").toFile();
        final File earlier = Files.createDirectories(temp.resolve("results/20200101T000000Z-earlier-1")).toFile();
        final byte[] earlierSummary = "{\"status\":\"passed\"}".getBytes(StandardCharsets.UTF_8);
        Files.write(new File(earlier, RunSummary.FILE_NAME).toPath(), earlierSummary);

        // 20,000 msg/s x 32 s x 264 B is ~161 MiB + 64 MiB slack: fits the 256 MiB at the start (no index-block
        // stage at 4 x the rate, which would need more)
        final ChildRun run = ChildRun.start(temp, "full", "-Dqp.queueDir=" + mount, "-Dqp.resultsDir=" + results,
                "-Dqp.rate=20000", "-Dqp.warmupSeconds=30", "-Dqp.warmupIndexBlocks=0", "-Dqp.seconds=2");
        // the first progress line: the queue's cycle file exists by then. Filled before the appender's first write,
        // the tmpfs made the JVM abort (SIGBUS inside Unsafe CAS in VM code, exit 134), not fail the run cleanly.
        run.awaitStderr("  sent ", 60);
        final long filled = fill(new File(mount, "filler"));
        final int exit = run.awaitExit(120);
        final String err = run.stderr();
        System.err.print(err);

        assertEquals(1, exit, err);
        assertTrue(filled > 0, "the test wrote " + filled + " bytes into the tmpfs");
        assertTrue(err.matches("(?s).*\nFAILED: queue file system full: " + mount + " ran out of space during the"
                + " run; this run needed about 225\\.\\d MiB for its queue, 2\\d\\d\\.\\d MiB was free at the start"
                + " and \\d+(\\.\\d)? [KM]?i?B is free now, with [0-9.]+ [KM]iB still to write\\. Free space there"
                + " or set qp.queueDir to a larger file system\n.*"), err);
        assertEquals(Arrays.asList("filler"), Arrays.asList(mount.list()), "the run's queue directory is removed");
        final File folder = ChildRun.onlyFolder(results, "", "full");
        final JsonNode summary = RunResults.read(new File(folder, RunResults.FILE_NAME).toPath()).tree();
        assertEquals("failed", summary.get("status").asText());
        assertTrue(summary.at("/failures/0").asText().startsWith("queue file system full: "), summary.toString());
        assertFalse(new File(folder, RunSafety.RUNNING).exists());
        assertArrayEquals(earlierSummary, Files.readAllBytes(new File(earlier, RunSummary.FILE_NAME).toPath()),
                "an earlier run's results are untouched");
    }

    @Test
    void resultsThatCannotBeWrittenAreNeverPublishedAndTheFolderIsMarkedUnfinished() throws Exception {
        final File results = mountTmpfs("results-tmpfs", "4m");
        if (results == null) {
            return;
        }
        final File queues = Files.createDirectories(temp.resolve("queues")).toFile();
        final ChildRun run = ChildRun.start(temp, "resultsfull", "-Dqp.queueDir=" + queues,
                "-Dqp.resultsDir=" + results, "-Dqp.rate=1000", "-Dqp.warmupSeconds=3", "-Dqp.seconds=2");
        run.awaitStderr("[qp] warm-up started", 60);
        final long filled = fill(new File(results, "filler"));
        final int exit = run.awaitExit(120);
        final String err = run.stderr();
        System.err.print(err);

        assertTrue(filled > 0, "the test wrote " + filled + " bytes into the tmpfs");
        assertEquals(1, exit, err);
        assertFalse(run.stdout().contains("all checks passed"), run.stdout());
        final File folder = ChildRun.onlyFolder(results, "", "resultsfull");
        assertFalse(new File(folder, RunSummary.FILE_NAME).exists(), "no summary: these are not results");
        assertFalse(new File(folder, RunSafety.RUNNING).exists());
        final String unfinished = new String(Files.readAllBytes(new File(folder, RunSafety.UNFINISHED).toPath()),
                StandardCharsets.UTF_8);
        assertTrue(unfinished.matches("(?s).*\nreason=the run stopped before its summary was written:"
                + " java.io.IOException: writing .*\\.hlog\\.tmp failed .*\n"), unfinished);
        assertTrue(err.contains("FAILED: " + folder + " is unfinished, not a result (marked UNFINISHED)"), err);
        assertEquals(0, queues.list().length, "the queue is removed all the same");
    }

    /** Mounts a tmpfs of {@code size} under the test's folder; null (test skipped) where that is not allowed. */
    private File mountTmpfs(final String name, final String size) throws Exception {
        final File mount = Files.createDirectories(temp.resolve(name)).toFile();
        final String mounted = command("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", mount.getPath());
        if (!mounted.isEmpty()) {
            RootOnly.unavailable("cannot mount a small tmpfs here (needs root and mount(8)): " + mounted);
            return null;
        }
        mounts.add(mount);
        return mount;
    }

    /** Writes zeros until the file system says it is full; returns the bytes written. */
    private static long fill(final File file) {
        final byte[] block = new byte[1 << 20];
        long written = 0;
        try (FileOutputStream out = new FileOutputStream(file)) {
            while (true) {
                out.write(block);
                written += block.length;
            }
        } catch (final IOException e) {
            return written; // No space left on device: exactly what was wanted
        }
    }

    @AfterEach
    void unmount() throws Exception {
        for (final File mount : mounts) {
            if (command("mountpoint", "-q", mount.getPath()).isEmpty()) {
                final String failed = command("umount", mount.getPath());
                assertTrue(failed.isEmpty() || command("umount", "-l", mount.getPath()).isEmpty(), failed);
            }
        }
    }

    /** Runs a command; "" on success, else its exit code and output. */
    private static String command(final String... command) throws IOException, InterruptedException {
        final Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (final IOException e) {
            return e.toString();
        }
        final byte[] output = readAll(process);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return String.join(" ", command) + " did not end";
        }
        return process.exitValue() == 0 ? "" : "exit " + process.exitValue() + ": "
                + new String(output, StandardCharsets.UTF_8).trim();
    }

    private static byte[] readAll(final Process process) throws IOException {
        final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        final byte[] buffer = new byte[4096];
        for (int n; (n = process.getInputStream().read(buffer)) > 0; ) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }
}
