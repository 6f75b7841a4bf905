package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;

/** A bad setting gets one line naming it, exit code 2, and nothing written. */
class InvalidSettingsTest {
    @TempDir
    Path temp;

    @Test
    void tooLittleFreeSpaceForTheQueueIsRejectedBeforeAnythingIsWritten() throws Exception {
        final File results = temp.resolve("results").toFile();
        // 1 MiB x 1,000/s x 3,600 s is ~3.4 TiB of queue, while the 3.6 million samples need only ~82 MiB of heap:
        // the free-space check, and no other, must refuse it
        final String error = rejected(BenchmarkOptions.defaults().withSize(1 << 20).withSeconds(3_600)
                .withRate(1_000).withWarmupSeconds(0).withResultsDir(results)
                .withSetting(Settings.QUEUE_DIR, temp.toFile()), results);
        assertTrue(error.startsWith("error: qp.queueDir: " + temp + " has "), error);
    }

    @Test
    void theQueueFreeSpaceMessageSaysWhatWasNeededAndWhatWasFree() throws Exception {
        final File results = temp.resolve("results").toFile();
        final BenchmarkOptions options = BenchmarkOptions.defaults().withSize(1 << 20).withSeconds(60)
                .withRate(1_000).withWarmupSeconds(3_600).withResultsDir(results).withSetting(Settings.QUEUE_DIR, temp.toFile());
        final String error = rejected(options, results);
        // the warm-up's upper bound: 21 s at 400,000 msg/s (eight index blocks at the first stage's least rate), then
        // 3,579 s at 1,000 msg/s
        assertEquals(21 * 400_000 + 3_579 * 1_000 + 60_000, options.totalMessages());
        assertTrue(error.matches("error: qp\\.queueDir: .* has .* free but this run's queue needs about .*"
                + " \\(12,039,000 messages of 1048576 bytes\\); accepted: .*\n"), error);
    }

    @Test
    void aQueueDirectoryThatIsAFileIsRejected() throws Exception {
        final File results = temp.resolve("results").toFile();
        final File file = Files.createFile(temp.resolve("plain-file")).toFile();
        final String error = rejected(BenchmarkOptions.defaults().withSeconds(1).withSetting(Settings.QUEUE_DIR, file)
                .withResultsDir(results), results);
        assertEquals("error: qp.queueDir: " + file + " is not an existing directory; accepted: an existing"
                + " writable directory with room for the run's queue\n", error);
    }

    @Test
    void aResultsDirectoryUnderAFileIsRejected() throws Exception {
        final File file = Files.createFile(temp.resolve("plain-file")).toFile();
        final File results = new File(file, "results");
        final String error = rejected(BenchmarkOptions.defaults().withSeconds(1).withResultsDir(results), results);
        assertTrue(error.startsWith("error: qp.resultsDir: " + results + " cannot be created"), error);
    }

    @Test
    void strictAffinityWithAMissingCpuIsASettingsError() throws Exception {
        final File results = temp.resolve("results").toFile();
        final String error = rejected(BenchmarkOptions.defaults().withSeconds(1).withSetting(Settings.PRODUCER_CPU, -1).withSetting(Settings.CONSUMER_CPU, 4095)
                .withSetting(Settings.STRICT_AFFINITY, true).withResultsDir(results), results);
        assertTrue(error.startsWith("error: qp.consumerCpu: CPU 4095 is not usable"), error);
    }

    private static String rejected(final BenchmarkOptions options, final File results) throws Exception {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final BenchmarkResult result = new BenchmarkRun(options, System.out, new PrintStream(err, true, "UTF-8"))
                .execute();
        assertEquals(BenchmarkResult.INVALID_SETTING, result.exitCode());
        assertFalse(results.exists(), "no results folder may be created");
        final String text = new String(err.toByteArray(), StandardCharsets.UTF_8);
        assertEquals(1, text.split("\n").length, text);
        return text;
    }
}
