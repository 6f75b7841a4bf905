package io.fastestjvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.benchmark.BenchmarkResult;

/**
 * Path and resource settings are checked in the launching JVM too, before it forks: one line, exit 2, no JVM
 * started (no "[qp] fork:" line), nothing written.
 */
class LaunchPreflightTest {
    @TempDir
    Path temp;

    @Test
    void aQueueDirectoryThatIsAFileIsRefusedBeforeTheFork() throws Exception {
        final File file = Files.createFile(temp.resolve("plain-file")).toFile();
        final File results = temp.resolve("results").toFile();
        final CapturedRun run = CapturedRun.of("qp.fork", "true", "qp.queueDir", file.getPath(),
                "qp.resultsDir", results.getPath());
        assertEquals(BenchmarkResult.INVALID_SETTING, run.exitCode);
        assertEquals("error: qp.queueDir: " + file + " is not an existing directory; accepted: an existing"
                + " writable directory with room for the run's queue\n", run.err);
        assertFalse(results.exists(), "no results folder");
    }

    @Test
    void tooLittleFreeSpaceIsRefusedBeforeTheFork() throws Exception {
        final File queues = Files.createDirectories(temp.resolve("queues")).toFile();
        final CapturedRun run = CapturedRun.of("qp.fork", "true", "qp.queueDir", queues.getPath(),
                "qp.resultsDir", temp.resolve("results").toString(), "qp.size", "1048576", "qp.rate", "1000",
                "qp.seconds", "3600", "qp.warmupSeconds", "0", "qp.blockSizeMiB", "4");
        assertEquals(BenchmarkResult.INVALID_SETTING, run.exitCode, run.err);
        assertTrue(run.err.startsWith("error: qp.queueDir: " + queues + " has "), run.err);
        assertFalse(run.err.contains("[qp] fork:"), "no JVM was started");
        assertEquals(0, queues.list().length, "no queue directory");
    }

    @Test
    void strictAffinityWithAMissingCpuIsRefusedBeforeTheFork() throws Exception {
        final CapturedRun run = CapturedRun.of("qp.fork", "true", "qp.strictAffinity", "true",
                "qp.producerCpu", "-1", "qp.consumerCpu", "4095", "qp.queueDir", temp.toString(),
                "qp.resultsDir", temp.resolve("results").toString());
        assertEquals(BenchmarkResult.INVALID_SETTING, run.exitCode);
        assertTrue(run.err.startsWith("error: qp.consumerCpu: CPU 4095 is not usable"), run.err);
        assertFalse(run.err.contains("[qp] fork:"), "no JVM was started");
    }
}
