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
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.faults.RunSafety;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.transport.DecoratedTransport;

/**
 * A real run whose producer cannot open the queue fails the run (exit 1, a failed summary, the queue removed)
 * instead of hanging it.
 */
// sized to the run, about 3x: a run that fails as its producer starts: ~10 s here
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class StartupFailureIT {
    @TempDir
    Path temp;

    @Test
    void aProducerThatCannotOpenTheQueueFailsTheRunInsteadOfHangingIt() throws Exception {
        final File results = temp.resolve("results").toFile();
        final File queues = Files.createDirectories(temp.resolve("queues")).toFile();
        final BenchmarkOptions options = BenchmarkOptions.defaults().withRate(1_000).withSeconds(1)
                .withWarmupSeconds(0).withSetting(Settings.PRODUCER_CPU, -1).withSetting(Settings.CONSUMER_CPU, -1).withSetting(Settings.QUEUE_DIR, queues)
                .withResultsDir(results).withSetting(Settings.PROFILE, "startup");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final BenchmarkResult result = new BenchmarkRun(options, System.out, new PrintStream(err, true, "UTF-8"))
                .wrapTransport(transport -> new DecoratedTransport(transport, sender -> {
                    throw new IllegalStateException("cannot open the queue for writing");
                }, UnaryOperator.identity())).execute();
        final String stderr = new String(err.toByteArray(), StandardCharsets.UTF_8);

        assertEquals(BenchmarkResult.CHECK_FAILED, result.exitCode(), stderr);
        assertTrue(result.failures().get(0).startsWith("producer failed at message 0: java.lang.IllegalStateException:"
                + " cannot open the queue for writing"), result.failures().toString());
        final JsonNode summary = RunResults.read(result.resultsFolder().resolve(RunResults.FILE_NAME)).tree();
        assertEquals("failed", summary.get("status").asText());
        assertFalse(result.resultsFolder().resolve(RunSafety.RUNNING).toFile().exists());
        assertEquals(0, queues.list().length, "the queue directory is removed");
    }
}
