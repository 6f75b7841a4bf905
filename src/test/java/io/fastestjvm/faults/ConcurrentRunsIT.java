package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.ChildProcesses;
import io.fastestjvm.results.RunSummary;
import io.fastestjvm.results.model.RunResults;

/**
 * Two real runs started at once, sharing the queue and results directories but each with its own java.io.tmpdir:
 * each gets its own folders, neither damages the other's data, and both fail (exit 1) saying that the other shared
 * the machine, found in the machine-wide registry whatever their tmpdirs.
 */
@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: two child JVMs at once: 4 s warm-up + 2 s measured each, ~37 s here
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ConcurrentRunsIT {
    @TempDir
    Path temp;

    @Test
    void twoRunsAtOnceBothCompleteIntactAndBothReportTheOther() throws Exception {
        final File queues = Files.createDirectories(temp.resolve("queues")).toFile();
        final File results = temp.resolve("results").toFile();
        final String[] settings = {"-Dqp.queueDir=" + queues, "-Dqp.resultsDir=" + results, "-Dqp.rate=10000",
                "-Dqp.warmupSeconds=4", "-Dqp.seconds=2"};
        final ChildRun first = ChildRun.start(temp, "first", settings);
        final ChildRun second = ChildRun.start(temp, "second", settings);
        assertEquals(1, first.awaitExit(120), first.stderr());
        assertEquals(1, second.awaitExit(120), second.stderr());

        final File firstFolder = ChildRun.onlyFolder(results, "", "first");
        final File secondFolder = ChildRun.onlyFolder(results, "", "second");
        assertNotEquals(ChildRun.pidOf(firstFolder), ChildRun.pidOf(secondFolder));
        assertReportsTheOther(first, firstFolder, secondFolder);
        assertReportsTheOther(second, secondFolder, firstFolder);
        assertEquals(0, queues.list().length, "both queues removed");
    }

    private static void assertReportsTheOther(final ChildRun run, final File folder, final File otherFolder)
            throws Exception {
        final long otherPid = ChildRun.pidOf(otherFolder);
        final String err = run.stderr();
        System.err.print(err);
        final String failure = String.format(RunSummary.NOT_COMPARABLE, otherPid);
        // named by its registry record: the run id, which names its results folder
        assertTrue(err.contains("FAILED: " + failure + " [" + otherFolder.getName() + "]\n"), err);
        assertFalse(err.contains("removed stale queue directory"), "a live run's queue is never swept: " + err);
        final JsonNode summary = RunResults.read(new File(folder, RunResults.FILE_NAME).toPath()).tree();
        assertEquals("failed", summary.get("status").asText());
        assertTrue(summary.at("/concurrentRuns/detected").asBoolean());
        assertEquals("[" + otherPid + "]", summary.at("/concurrentRuns/otherPids").toString());
        assertFalse(summary.at("/concurrentRuns/comparable").asBoolean());
        assertTrue(summary.get("failures").toString().contains(failure), summary.get("failures").toString());
        // neither run damaged the other's data
        final long expected = summary.at("/messages/expected").asLong();
        assertEquals(expected, summary.at("/messages/received").asLong());
        assertTrue(summary.at("/checks/persistence/passed").asBoolean());
        assertEquals(expected, summary.at("/checks/persistence/messagesRead").asLong());
        assertFalse(new File(folder, RunSafety.RUNNING).exists());
    }
}
