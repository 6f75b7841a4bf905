package io.fastestjvm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.benchmark.BenchmarkRun;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;
import io.fastestjvm.config.SettingsTable;
import io.fastestjvm.results.RunSummary;

/**
 * Adding a transport is one class and one registry line: {@link DummyTransport} plus the {@code register} line
 * below reach the setting's validation, its accepted text, the settings table, Preflight and a real run.
 */
class TransportRegistryTest {
    private static final TransportEntry DUMMY = new TransportEntry(DummyTransport.NAME, "a test's floor ring", false,
            (spec, dir) -> new DummyTransport(dir, spec));

    @TempDir
    Path temp;

    @Test
    void theRegistryIsTheSettingsListOfTransports() {
        assertEquals(Arrays.asList("chronicle", "floor", "agrona", "disruptor"),
                Transports.all().stream().map(TransportEntry::name).collect(Collectors.toList()));
        assertTrue(Transports.named("chronicle").persists());
        assertFalse(Transports.named("floor").persists());
        final InvalidSettingException unknown = assertThrows(InvalidSettingException.class,
                () -> BenchmarkOptions.defaults().withTransport(DummyTransport.NAME));
        assertTrue(unknown.getMessage().startsWith("qp.transport: \"dummy\" is not allowed; accepted: chronicle ("),
                unknown.getMessage());
    }

    @Test
    void eachEntryMakesATransportOfItsNameThatPersistsAsTheEntrySays() throws Exception {
        final TransportSpec spec = Transports.spec(256, RollCycles.FAST_DAILY, 1, 10_000, 10_000);
        for (final TransportEntry entry : Transports.all()) {
            final Transport transport = entry.create(spec, Files.createDirectory(temp.resolve(entry.name())).toFile());
            try {
                assertEquals(entry.name(), transport.name());
                assertEquals(entry.persists(), transport.persists(), entry.name());
            } finally {
                transport.close();
                transport.deleteFiles();
            }
        }
    }

    @Test
    void aRegisteredTransportIsChosenByNameAndRuns() throws Exception {
        try (AutoCloseable registered = Transports.register(DUMMY)) {
            assertTrue(Settings.TRANSPORT.accepted().endsWith(
                    ", disruptor (LMAX Disruptor, not persisted) or dummy (a test's floor ring, not persisted)"),
                    Settings.TRANSPORT.accepted());
            assertTrue(SettingsTable.markdown().contains("dummy (a test's floor ring, not persisted)"));

            final BenchmarkOptions options = BenchmarkOptions.defaults().withTransport(DummyTransport.NAME)
                    .withRate(20_000).withSeconds(2).withWarmupSeconds(12)
                    .withQueueDir(Files.createDirectories(temp.resolve("queues")).toFile())
                    .withResultsDir(temp.resolve("results").toFile()).withProfile("registry")
                    .withProducerCpu(-1).withConsumerCpu(-1);
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
