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
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.benchmark.BenchmarkRun;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.config.SettingsTable;
import io.fastestjvm.results.RunSummary;

/**
 * TransportRegistryTest's real run: the registered {@link DummyTransport} is chosen by name and carries a short run.
 */
// sized to the run, about 4x: one run: 12 s warm-up + 2 s measured, ~30 s here
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class TransportRegistryIT {
    private static final TransportEntry DUMMY = new TransportEntry(DummyTransport.NAME, "a test's floor ring", false,
            (spec, dir) -> new DummyTransport(dir, spec));

    @TempDir
    Path temp;

    @Test
    void aRegisteredTransportIsChosenByNameAndRuns() throws Exception {
        try (AutoCloseable registered = Transports.register(DUMMY)) {
            assertTrue(Settings.TRANSPORT.accepted().endsWith(
                    ", disruptor (LMAX Disruptor, not persisted) or dummy (a test's floor ring, not persisted)"),
                    Settings.TRANSPORT.accepted());
            assertTrue(SettingsTable.markdown().contains("dummy (a test's floor ring, not persisted)"));

            final BenchmarkOptions options = BenchmarkOptions.defaults().withSetting(Settings.TRANSPORT, DummyTransport.NAME)
                    .withRate(20_000).withSeconds(2).withWarmupSeconds(12)
                    .withSetting(Settings.QUEUE_DIR, Files.createDirectories(temp.resolve("queues")).toFile())
                    .withResultsDir(temp.resolve("results").toFile()).withSetting(Settings.PROFILE, "registry")
                    .withSetting(Settings.PRODUCER_CPU, -1).withSetting(Settings.CONSUMER_CPU, -1);
            assertFalse(options.transportEntry().persists());
            final BenchmarkResult result = new BenchmarkRun(options, new PrintStream(new ByteArrayOutputStream(),
                    true, "UTF-8"), System.err).execute();
            final JsonNode summary = new ObjectMapper().readTree(result.resultsFolder().resolve(RunSummary.FILE_NAME)
                    .toFile());

            assertEquals(Arrays.asList(), result.failures());
            assertEquals(DummyTransport.NAME, summary.at("/transport/name").asText());
            assertEquals(DummyTransport.NAME, summary.at("/settings/qp.transport").asText());
            assertFalse(summary.at("/checks/persistence/applicable").asBoolean());
            assertEquals(40_000, summary.at("/latency/actualSend/count").asLong());
        }
        assertFalse(Transports.find(DummyTransport.NAME).isPresent(), "closing the registration removes it");
    }
}
