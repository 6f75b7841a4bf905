package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.ChildProcesses;
import io.fastestjvm.results.RunSummary;

/**
 * kill -9 in the middle of the measurement: the queue directory is left behind (no shutdown hook runs) and the
 * results folder has a RUNNING marker but no summary. The next run removes the queue, reports the folder, keeps it.
 */
@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: two child JVMs in turn (one killed while measuring), ~40 s here
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class KilledRunIT {
    @TempDir
    Path temp;

    @Test
    void theNextRunRemovesAKilledRunsQueueAndReportsItsUnfinishedResults() throws Exception {
        final File queues = Files.createDirectories(temp.resolve("queues")).toFile();
        final File results = temp.resolve("results").toFile();
        final File foreign = Files.createDirectories(temp.resolve("queues/qp-foreign")).toFile();
        Files.write(new File(foreign, "data").toPath(), new byte[] {1, 2, 3});

        final ChildRun killed = ChildRun.start(temp, "killed", "-Dqp.queueDir=" + queues,
                "-Dqp.resultsDir=" + results, "-Dqp.rate=20000", "-Dqp.warmupSeconds=1", "-Dqp.seconds=60");
        killed.awaitStderr("[qp] measured", 60);
        final File queue = ChildRun.onlyFolder(queues, "qp-", "killed");
        final File folder = ChildRun.onlyFolder(results, "", "killed");
        assertTrue(new File(queue, QueueDirectoryOwner.FILE_NAME).isFile(), "owner file in the queue directory");
        killed.killHard();

        assertTrue(queue.isDirectory(), "SIGKILL leaves the queue directory behind");
        assertTrue(new File(folder, RunSafety.RUNNING).isFile(), "the killed run's RUNNING marker stays");
        assertFalse(new File(folder, RunSummary.FILE_NAME).exists(), "a killed run has no summary.json");

        final ChildRun next = ChildRun.start(temp, "next", "-Dqp.queueDir=" + queues,
                "-Dqp.resultsDir=" + results, "-Dqp.rate=1000", "-Dqp.warmupSeconds=0", "-Dqp.seconds=1");
        final int exit = next.awaitExit(120);
        final String err = next.stderr();
        System.err.print(err);
        assertTrue(exit == 0 || exit == 1, "a run that measured, not a crash or bad setting: exit " + exit);
        final long pid = ChildRun.pidOf(folder);
        assertTrue(err.matches("(?s).*\\[qp] removed stale queue directory " + queue
                + " \\(files [0-9.]+ [KMG]iB, free space grew by [0-9.]+ [KMG]?i?B\\) left by pid " + pid
                + ", which is no longer running\n.*"), err);
        assertFalse(queue.exists(), "the killed run's queue is removed");
        assertTrue(err.contains("[qp] note: " + folder + " is an unfinished run: pid " + pid
                + " ended without finishing it (killed or crashed); kept, not a result (marked UNFINISHED)\n"), err);
        assertTrue(new File(folder, RunSafety.UNFINISHED).isFile(), "the killed run's results folder is kept");
        assertFalse(new File(folder, RunSafety.RUNNING).exists(), "reported once: the marker is renamed");
        assertTrue(new File(folder, ".actual-send.hlog.tmp").isFile(), "its interval log so far is kept");
        assertEquals("[1, 2, 3]", java.util.Arrays.toString(Files.readAllBytes(new File(foreign, "data").toPath())),
                "a qp-* directory without an owner file is not ours to remove");
        assertFalse(new File(ChildRun.onlyFolder(results, "", "next"), RunSafety.RUNNING).exists(),
                "a run that ends removes its own marker");
        assertEquals(1, queues.list().length, "only the foreign directory is left: " + String.join(", ",
                queues.list()));
    }
}
