package io.fastestjvm.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import net.openhft.chronicle.queue.RollCycles;

class BenchmarkOptionsTest {
    @Test
    void defaultsAreThePublishedBenchmark() {
        final BenchmarkOptions options = BenchmarkOptions.defaults();
        assertEquals(2, options.producerCpu());
        assertEquals(4, options.consumerCpu());
        assertEquals(100_000, options.rate());
        assertEquals(256, options.size());
        assertEquals(100, options.seconds());
        assertEquals(10_000_000, options.messagesPerRun());
        assertEquals(1, options.runs());
        assertFalse(options.keepQueue());
        assertFalse(options.strictAffinity());
        assertEquals(RollCycles.FAST_DAILY, options.rollCycle());
        assertEquals("chronicle", options.transport());
    }

    @Test
    void readsEverySettingFromProperties() {
        final Properties p = new Properties();
        p.setProperty("qp.producerCpu", "0");
        p.setProperty("qp.consumerCpu", "-1");
        p.setProperty("qp.rate", "20_000");
        p.setProperty("qp.size", "100");
        p.setProperty("qp.warmupSeconds", "3");
        p.setProperty("qp.seconds", "2");
        p.setProperty("qp.runs", "3");
        p.setProperty("qp.keepQueue", "TRUE");
        p.setProperty("qp.rollCycle", "fast_hourly");
        p.setProperty("qp.profile", "jdk11");
        p.setProperty("unrelated.property", "ignored");
        final BenchmarkOptions options = BenchmarkOptions.fromProperties(p);
        assertEquals(0, options.producerCpu());
        assertEquals(-1, options.consumerCpu());
        assertEquals(20_000, options.rate());
        assertEquals(100, options.size());
        // at most half the 3 s warm-up (1 s) at the first stage's least rate (4 x 20k/s is below it), then up to 2
        // paced seconds
        assertEquals(400_000, options.warmupRate());
        assertEquals(400_000 + 2 * 20_000, options.warmupMessages());
        assertEquals(40_000, options.messagesPerRun());
        assertEquals(440_000 + 3 * 40_000, options.totalMessages());
        assertTrue(options.keepQueue());
        assertEquals(RollCycles.FAST_HOURLY, options.rollCycle());
        assertEquals("jdk11", options.profile());
    }

    @Test
    void fluentCopiesLeaveTheOriginalAlone() {
        final BenchmarkOptions base = BenchmarkOptions.defaults();
        final BenchmarkOptions changed = base.withRate(20_000).withSeconds(2);
        assertEquals(100_000, base.rate());
        assertEquals(20_000, changed.rate());
        assertEquals("floor", base.withSetting(Settings.TRANSPORT, "floor").transport());
        assertEquals(2, changed.seconds());
    }

    @Test
    void echoListsEverySettingInTableOrder() {
        assertEquals(Settings.ALL.size(), BenchmarkOptions.defaults().effectiveValues().size());
        assertEquals("qp.producerCpu", BenchmarkOptions.defaults().effectiveValues().keySet().iterator().next());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "qp.rate|0|qp.rate: 0 is out of range; accepted: 1 to 50000000 msg/s",
        "qp.rate|-5|qp.rate: -5 is out of range; accepted: 1 to 50000000 msg/s",
        "qp.rate|fast|qp.rate: \"fast\" is not a whole number; accepted: 1 to 50000000 msg/s",
        "qp.size|31|qp.size: 31 is out of range; accepted: 32 to 1048576 bytes",
        "qp.size|1.5|qp.size: \"1.5\" is not a whole number; accepted: 32 to 1048576 bytes",
        "qp.seconds|0|qp.seconds: 0 is out of range; accepted: 1 to 86400 seconds",
        "qp.warmupSeconds|-1|qp.warmupSeconds: -1 is out of range; accepted: 0 to 3600 seconds",
        "qp.runs|101|qp.runs: 101 is out of range; accepted: 1 to 100",
        "qp.producerCpu|-2|qp.producerCpu: -2 is out of range; accepted: -1 (no pinning) or 0 to 4095 (a CPU id)",
        "qp.consumerCpu|x|qp.consumerCpu: \"x\" is not a whole number; accepted: -1 (no pinning) or 0 to 4095 (a CPU id)",
        "qp.keepQueue|yes|qp.keepQueue: \"yes\" is not true or false; accepted: true or false",
        "qp.strictAffinity|1|qp.strictAffinity: \"1\" is not true or false; accepted: true or false",
        "qp.blockSizeMiB|20000|qp.blockSizeMiB: 20000 is out of range; accepted: 0 (sized to hold the whole run) or 1 to 16384 MiB",
        "qp.rollCycle|HOURLYISH|qp.rollCycle: \"HOURLYISH\" is not a roll cycle; accepted: a net.openhft.chronicle.queue.RollCycles name, e.g. FAST_DAILY, FAST_HOURLY, WEEKLY",
        "qp.profile|a b|qp.profile: \"a b\" is not allowed; accepted: up to 64 of A-Z a-z 0-9 . _ -",
        "qp.transport|aeron|qp.transport: \"aeron\" is not allowed; accepted: chronicle (memory-mapped Chronicle Queue, persisted), floor (minimal off-heap SPSC ring, not persisted), agrona (Agrona OneToOneRingBuffer, not persisted) or disruptor (LMAX Disruptor, not persisted)",
    })
    void eachInvalidValueIsOneLineNamingTheSettingAndRange(final String name, final String value,
                                                           final String message) {
        final Properties p = new Properties();
        p.setProperty(name, value);
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> BenchmarkOptions.fromProperties(p));
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void aMisspeltSettingIsRejectedRatherThanIgnored() {
        final Properties p = new Properties();
        p.setProperty("qp.rat", "1000");
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> BenchmarkOptions.fromProperties(p));
        assertTrue(e.getMessage().startsWith("qp.rat: unknown setting; accepted: one of qp.producerCpu, "),
                e.getMessage());
    }
}
