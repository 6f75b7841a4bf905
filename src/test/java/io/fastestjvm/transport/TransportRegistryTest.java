package io.fastestjvm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;

/**
 * Adding a transport is one class and one registry line: {@link DummyTransport} plus the {@code register} line
 * below reach the setting's validation, its accepted text, the settings table and Preflight; TransportRegistryIT
 * takes it through a real run.
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
                () -> BenchmarkOptions.defaults().withSetting(Settings.TRANSPORT, DummyTransport.NAME));
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
}
