package io.fastestjvm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.benchmark.BenchmarkRun;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.results.model.RunResults;

/**
 * A short real run over each in-memory transport (chronicle has BenchmarkRunIT): every check passes, nothing is
 * allocated in the measured loops, and the summary names the transport and says persistence does not apply.
 */
// sized to the run, about 4x: one run per transport: 12 s warm-up + 2 s measured, ~30 s each
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class TransportSmokeIT {
    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"floor", "agrona", "disruptor"})
    void aShortRunPassesEveryCheckWithoutAllocating(final String transport) throws Exception {
        final Path queues = Files.createDirectories(temp.resolve("queues"));
        final BenchmarkOptions options = BenchmarkOptions.defaults().withSetting(Settings.TRANSPORT, transport)
                .withRate(20_000).withSeconds(2).withWarmupSeconds(12).withSetting(Settings.QUEUE_DIR, queues.toFile())
                .withResultsDir(temp.resolve("results").toFile()).withSetting(Settings.PROFILE, "smoke")
                // unpinned: pinning is BenchmarkRunIT's subject, and other benchmarks on this host may hold a CPU
                .withSetting(Settings.PRODUCER_CPU, -1).withSetting(Settings.CONSUMER_CPU, -1);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final BenchmarkResult result = new BenchmarkRun(options, new PrintStream(out, true, "UTF-8"), System.err)
                .execute();
        final JsonNode summary = RunResults.read(result.resultsFolder().resolve(RunResults.FILE_NAME)).tree();

        assertEquals(Arrays.asList(), result.failures());
        assertEquals(BenchmarkResult.PASSED, result.exitCode());
        // 6 s of index-block stage at 400,000/s (the first stage's least rate; 4 x 20,000 is below it), then at most 6
        // paced seconds (steady state may end them earlier)
        final long warmup = summary.at("/messages/warmup").asLong();
        assertTrue(warmup >= 6 * 400_000L && warmup <= 6 * 400_000L + 6 * 20_000L, "warm-up " + warmup);
        assertEquals(warmup + 40_000, summary.at("/messages/received").asLong());
        assertEquals(0, summary.at("/checks/allocation/producerBytes").asLong());
        assertEquals(0, summary.at("/checks/allocation/consumerBytes").asLong());
        assertEquals(transport, summary.at("/transport/name").asText());
        assertEquals(transport, summary.at("/settings/qp.transport").asText());
        assertEquals(0, summary.at("/transport/producerWaitsForFullRing").asLong(-1), "ring sized for the run");
        assertFalse(summary.at("/checks/persistence/applicable").asBoolean());
        assertTrue(summary.at("/checks/persistence/passed").asBoolean());
        assertEquals(40_000, summary.at("/latency/actualSend/count").asLong());
        assertTrue(summary.at("/messages/achievedSendRate").asLong() > 0);
        assertTrue(result.resultsFolder().getFileName().toString().contains("-smoke-" + transport + "-"),
                result.resultsFolder().toString());
        assertEquals(0, queues.toFile().list().length, "the empty queue directory is removed");
    }
}
