package io.fastestjvm.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.ComparisonOptions.VariantSpec;

class ComparisonOptionsTest {
    private static Properties props(final String... pairs) {
        final Properties properties = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            properties.setProperty(pairs[i], pairs[i + 1]);
        }
        return properties;
    }

    private static ComparisonOptions variants(final String raw) {
        return ComparisonOptions.fromProperties(props("qp.compare.variants", raw));
    }

    private static InvalidSettingException rejected(final Properties properties) {
        return assertThrows(InvalidSettingException.class,
                () -> ComparisonOptions.fromProperties(properties).requireVariants());
    }

    private static List<String> names(final ComparisonOptions options) {
        final List<String> names = new ArrayList<>();
        for (final VariantSpec variant : options.variants()) {
            names.add(variant.name);
        }
        return names;
    }

    @Test
    void variantsGiveNamesHomesAndFlags() {
        final ComparisonOptions options = variants("a=/some/home|-Xmx1g -Dqp.x=1;b=|");
        assertEquals(Arrays.asList("a", "b"), names(options));
        final VariantSpec a = options.variants().get(0);
        final VariantSpec b = options.variants().get(1);
        assertEquals("/some/home", a.javaHome);
        assertEquals(Arrays.asList("-Xmx1g", "-Dqp.x=1"), a.flags);
        assertEquals("", b.javaHome, "an empty home means the launching JVM's");
        assertEquals(Collections.emptyList(), b.flags);
        assertSame(options, options.requireVariants());
        assertThrows(UnsupportedOperationException.class, () -> a.flags.add("-Xint"));
        assertThrows(UnsupportedOperationException.class, () -> options.variants().clear());
    }

    @Test
    void spacesAndEmptyEntriesAreIgnoredAndOnlyTheFirstSeparatorsSplit() {
        final ComparisonOptions options = variants(" ; base = /opt/j=dk |  -Xms1g   -Dx=a|b ;; c.1#2-x_y=/h|  ;");
        assertEquals(Arrays.asList("base", "c.1#2-x_y"), names(options));
        assertEquals("/opt/j=dk", options.variants().get(0).javaHome);
        assertEquals(Arrays.asList("-Xms1g", "-Dx=a|b"), options.variants().get(0).flags);
        assertEquals("/h", options.variants().get(1).javaHome);
        assertEquals(Collections.emptyList(), options.variants().get(1).flags);
    }

    @Test
    void noVariantsReadsForAChildButTheParentNeedsTwo() {
        assertTrue(ComparisonOptions.fromProperties(new Properties()).variants().isEmpty());
        for (final String raw : new String[] {"", "a=|"}) {
            final InvalidSettingException e = rejected(props("qp.compare.variants", raw));
            assertTrue(e.getMessage().startsWith("qp.compare.variants: "), e.getMessage());
            assertTrue(e.getMessage().contains("a comparison needs 2 or more"), e.getMessage());
        }
        assertTrue(rejected(props("qp.compare.variants", "a=|")).getMessage().contains("1 variant(s)"));
    }

    @Test
    void duplicateNamesAreRejected() {
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> variants("a=|;b=|-Xint;a=/other|"));
        assertTrue(e.getMessage().startsWith("qp.compare.variants: "), e.getMessage());
        assertTrue(e.getMessage().contains("\"a\""), e.getMessage());
        assertTrue(e.getMessage().contains("unique"), e.getMessage());
    }

    @Test
    void malformedEntriesAreRejected() {
        for (final String raw : new String[] {"a/some/home", "a=/home;b", "=/home|", "a|x=y", "b=|;a|-Dx=1"}) {
            final InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> variants(raw), raw);
            assertTrue(e.getMessage().startsWith("qp.compare.variants: "), raw + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("is not name=java-home|flags"), raw + ": " + e.getMessage());
        }
        for (final String raw : new String[] {"a b=|", "a/b=|", "x" + String.join("", Collections.nCopies(64, "y"))
                + "=|"}) {
            final InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> variants(raw), raw);
            assertTrue(e.getMessage().startsWith("qp.compare.variants: variant name"), e.getMessage());
        }
    }

    @Test
    void defaults() {
        final ComparisonOptions options = ComparisonOptions.fromProperties(new Properties());
        assertEquals(6, options.blocks());
        assertEquals(10, options.cycles());
        assertEquals(1000, options.sliceMillis());
        assertEquals(1000, options.resumeMessages());
        assertEquals(90, options.warmupSlices());
        assertEquals(5, options.steadySlices());
        assertEquals(0, options.spinNanos());
        assertEquals(0, options.seed());
        assertEquals(8, options.queues(), "one JVM samples eight placements of its queue");
        assertTrue(options.randomQueueOrder(), "each measured slice draws its queue");
        assertEquals(0, options.queueSeed());
        assertEquals(1, options.renewEvery(), "new workers before every slice");
        assertTrue(options.pauseIdle(), "idle JVMs are stopped");
        assertFalse(options.steinStop());
        assertEquals(5, options.targetPercent());
        assertEquals(0, options.maxMinutes());
        assertEquals(20, options.maxVoidPercent());
    }

    @Test
    void settingsAreRead() {
        final ComparisonOptions options = ComparisonOptions.fromProperties(props("qp.compare.blocks", "9",
                "qp.compare.cycles", "2", "qp.compare.sliceMillis", "250", "qp.compare.resumeMessages", "0",
                "qp.warmupSeconds", "2", "qp.steadySeconds", "1", "qp.injectConsumerSpinNanos", "300",
                "qp.compare.queues", "2",
                "qp.compare.seed", "42", "qp.compare.stop", "stein", "qp.compare.targetPercent", "3",
                "qp.compare.maxMinutes", "90", "qp.compare.maxVoidPercent", "0"));
        assertEquals(9, options.blocks());
        assertEquals(2, options.cycles());
        assertEquals(250, options.sliceMillis());
        assertEquals(0, options.resumeMessages());
        assertEquals(8, options.warmupSlices(), "2 s of 250 ms slices");
        assertEquals(4, options.steadySlices(), "1 s of 250 ms slices");
        assertEquals(300, options.spinNanos());
        assertEquals(1000, options.spinEveryMessages(), "the single run's default");
        assertEquals(42, options.seed());
        assertTrue(options.steinStop());
        assertEquals(3, options.targetPercent());
        assertEquals(90, options.maxMinutes());
        assertEquals(0, options.maxVoidPercent());
    }

    @Test
    void outOfRangeCyclesAreRejectedWithTheAcceptedRange() {
        for (final String cycles : new String[] {"1", "100001", "-5"}) {
            final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                    () -> ComparisonOptions.fromProperties(props("qp.compare.cycles", cycles)));
            assertTrue(e.getMessage().startsWith("qp.compare.cycles: " + cycles + " is out of range"),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("accepted: 2 to 100000"), e.getMessage());
        }
        final InvalidSettingException word = assertThrows(InvalidSettingException.class,
                () -> ComparisonOptions.fromProperties(props("qp.compare.cycles", "many")));
        assertTrue(word.getMessage().contains("\"many\" is not a whole number"), word.getMessage());
    }

    @Test
    void otherBadSettingsNameThemselves() {
        final String[][] bad = {{"qp.compare.blocks", "0"}, {"qp.compare.sliceMillis", "9"},
            {"qp.compare.warmupSlices", "4"}, {"qp.compare.stop", "never"}, {"qp.compare.maxVoidPercent", "101"},
            {"qp.compare.steadySlices", "11"}};
        for (final String[] setting : bad) {
            final Properties properties = props(setting[0], setting[1]);
            if ("qp.compare.steadySlices".equals(setting[0])) {
                properties.setProperty("qp.compare.warmupSlices", "10"); // steady slices must fit in the warm-up
            }
            final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                    () -> ComparisonOptions.fromProperties(properties), setting[0]);
            assertTrue(e.getMessage().startsWith(setting[0] + ": "), e.getMessage());
        }
    }

    @Test
    void queueOrderSeedAndRenewalAreRead() {
        final ComparisonOptions options = ComparisonOptions.fromProperties(props("qp.compare.queues", "4",
                "qp.compare.queueOrder", "random", "qp.compare.queueSeed", "17"));
        assertEquals(4, options.queues());
        assertTrue(options.randomQueueOrder());
        assertEquals(17, options.queueSeed());
        assertEquals(250, ComparisonOptions.fromProperties(props("qp.compare.renewEvery", "250")).renewEvery());
        for (final String renewEvery : new String[] {"-1", "1001"}) {
            final InvalidSettingException bad = assertThrows(InvalidSettingException.class,
                    () -> ComparisonOptions.fromProperties(props("qp.compare.renewEvery", renewEvery)));
            assertTrue(bad.getMessage().startsWith("qp.compare.renewEvery: " + renewEvery + " is out of range"),
                    bad.getMessage());
            assertTrue(bad.getMessage().endsWith("accepted: 0 (never) or 1 to 1000"), bad.getMessage());
        }
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> ComparisonOptions.fromProperties(props("qp.compare.queueOrder", "shuffled")));
        assertTrue(e.getMessage().startsWith("qp.compare.queueOrder: "), e.getMessage());
        assertTrue(e.getMessage().endsWith("accepted: turns or random"), e.getMessage());
    }

    @Test
    void everyQueuesWarmInMustFitTheWarmUpBound() {
        assertEquals(64, ComparisonOptions.fromProperties(props("qp.compare.queues", "64")).queues(), "64 < 90");
        assertEquals(12, ComparisonOptions.fromProperties(props("qp.compare.queues", "12",
                "qp.compare.warmupSlices", "12")).queues(), "one quiet slice each");
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> ComparisonOptions.fromProperties(props("qp.compare.warmupSlices", "7")));
        assertEquals("qp.compare.queues: 8 is more than qp.compare.warmupSlices (7): every queue has a quiet warm-up"
                + " slice before any measured slice; accepted: 1 to 64", e.getMessage());
    }

    @Test
    void sliceMessagesAreTheRateOverTheSlicePlusTheResume() {
        final ComparisonOptions defaults = ComparisonOptions.fromProperties(new Properties());
        assertEquals(100_000 + 1000, defaults.sliceMessages(100_000));
        assertEquals(1 + 1000, defaults.sliceMessages(1));
        assertEquals(50_000_000L + 1000, defaults.sliceMessages(50_000_000L));
        final ComparisonOptions short10 = ComparisonOptions.fromProperties(props("qp.compare.sliceMillis", "10",
                "qp.compare.resumeMessages", "0"));
        assertEquals(1000, short10.sliceMessages(100_000));
        assertEquals(1, short10.sliceMessages(50), "at least one message, however low the rate");
        final ComparisonOptions long60 = ComparisonOptions.fromProperties(props("qp.compare.sliceMillis", "60000",
                "qp.compare.resumeMessages", "7"));
        assertEquals(50_000_000L * 60 + 7, long60.sliceMessages(50_000_000L), "no int overflow");
    }

    @Test
    void aComparisonsJvmsCrossTwoIndexBlocksInWarmUpUnlessTheUserSaysOtherwise() {
        final Properties given = props("qp.compare.blocks", "4");
        final Properties effective = ComparisonOptions.withSliceDefaults(given);
        assertEquals(2, BenchmarkOptions.fromProperties(effective).warmupIndexBlocks());
        assertEquals("4", effective.getProperty("qp.compare.blocks"));
        assertNull(given.getProperty("qp.warmupIndexBlocks"), "the caller's properties are left alone");
        assertEquals(8, BenchmarkOptions.fromProperties(given).warmupIndexBlocks(), "a single run keeps its 8");
        assertEquals(5, BenchmarkOptions.fromProperties(ComparisonOptions.withSliceDefaults(
                props("qp.warmupIndexBlocks", "5"))).warmupIndexBlocks());
    }

    @Test
    void theWarmUpIsTheSingleRunsSettingsInSlicesWithTheComparisonsOwnDefaults() {
        final ComparisonOptions defaults = ComparisonOptions.fromProperties(new Properties());
        assertEquals(ComparisonOptions.WARMUP_SECONDS, defaults.warmupSlices(), "90 slices of 1 s");
        assertEquals(ComparisonOptions.STEADY_SECONDS, defaults.steadySlices());
        assertEquals(240, ComparisonOptions.fromProperties(props("qp.warmupSeconds", "240")).warmupSlices(),
                "the Graal JIT profiles' bound");
        assertEquals(480, ComparisonOptions.fromProperties(props("qp.warmupSeconds", "240",
                "qp.compare.sliceMillis", "500")).warmupSlices(), "in slices, rounded up");
        assertEquals(30, ComparisonOptions.fromProperties(props("qp.warmupSeconds", "30")).warmupSlices(),
                "a smaller one too: one setting, one meaning");
        assertEquals(6, ComparisonOptions.fromProperties(props("qp.steadySeconds", "3",
                "qp.compare.sliceMillis", "500")).steadySlices());
        assertEquals(8, ComparisonOptions.fromProperties(props("qp.warmupSeconds", "5")).warmupSlices(),
                "one quiet warm-up slice for each of the 8 queues");
        assertEquals(3600, ComparisonOptions.fromProperties(props("qp.warmupSeconds", "3600",
                "qp.compare.sliceMillis", "10")).warmupSlices(), "at most 3600 slices");
        assertEquals(5, ComparisonOptions.fromProperties(props("qp.compare.warmupSlices", "5", "qp.compare.queues", "1",
                "qp.compare.sliceMillis", "10")).steadySlices(), "the default steady run fits the bound");
        assertEquals(5, ComparisonOptions.fromProperties(props("qp.warmupSeconds", "0", "qp.compare.queues", "1"))
                .warmupSlices(), "at least 5 slices");
        assertEquals(8, ComparisonOptions.fromProperties(props("qp.compare.sliceMillis", "60000")).warmupSlices(),
                "90 s of 60 s slices: one for each queue, not 2");
        assertEquals("qp.steadySeconds: a comparison's 11 quiet slices in a row are more than its 10 warm-up slices;"
                + " accepted: 1 to the warm-up's bound, here 10 slices", assertThrows(InvalidSettingException.class,
                        () -> ComparisonOptions.fromProperties(props("qp.warmupSeconds", "10", "qp.steadySeconds",
                                "11"))).getMessage(), "the range another setting narrows is the one named");
        assertThrows(InvalidSettingException.class,
                () -> ComparisonOptions.fromProperties(props("qp.warmupSeconds", "many")));
    }

    @Test
    void oldNamesAreStillReadAndWinWithANotice() {
        final Properties old = props("qp.warmupSeconds", "240", "qp.compare.warmupSlices", "120",
                "qp.compare.steadySlices", "7", "qp.compare.receiveSpinNanos", "300");
        final ComparisonOptions options = ComparisonOptions.fromProperties(old);
        assertEquals(120, options.warmupSlices(), "as before the rename, the slices win");
        assertEquals(7, options.steadySlices());
        assertEquals(300, options.spinNanos());
        assertEquals(1, options.spinEveryMessages(), "the old spin came before every receive stamp");
        assertEquals(Arrays.asList(
                "notice: qp.compare.warmupSlices is still read: old name of a comparison's warm-up bound in slices:"
                        + " now qp.warmupSeconds; where given, it wins",
                "notice: qp.compare.steadySlices is still read: old name of a comparison's quiet slices in a row:"
                        + " now qp.steadySeconds; where given, it wins",
                "notice: qp.compare.receiveSpinNanos is still read: old name: now qp.injectConsumerSpinNanos with"
                        + " qp.injectEveryMessages=1"), ComparisonOptions.oldNameNotices(old));
        assertEquals(Collections.emptyList(), ComparisonOptions.oldNameNotices(props("qp.warmupSeconds", "240")));
        assertEquals(400, ComparisonOptions.fromProperties(props("qp.compare.receiveSpinNanos", "300",
                "qp.injectConsumerSpinNanos", "400")).spinNanos(), "the new name wins over the old");
    }

    @Test
    void recompilationIsOnUnlessTurnedOff() {
        assertTrue(ComparisonOptions.fromProperties(new Properties()).recompile(), "the default");
        assertFalse(ComparisonOptions.fromProperties(props("qp.compare.recompile", "false")).recompile());
        assertThrows(InvalidSettingException.class,
                () -> ComparisonOptions.fromProperties(props("qp.compare.recompile", "yes please")));
    }

    @Test
    void theOutsideCpuLimitIsTenPercentOfACpuByDefaultZeroTurnsItOffAndItStopsAt200() {
        assertEquals(10, ComparisonOptions.fromProperties(new Properties()).maxOutsideCpuPercent());
        assertEquals(0, ComparisonOptions.fromProperties(props("qp.compare.maxOutsideCpuPercent", "0"))
                .maxOutsideCpuPercent());
        assertEquals(200, ComparisonOptions.fromProperties(props("qp.compare.maxOutsideCpuPercent", "200"))
                .maxOutsideCpuPercent());
        for (final String bad : new String[] {"-1", "201", "ten"}) {
            final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                    () -> ComparisonOptions.fromProperties(props("qp.compare.maxOutsideCpuPercent", bad)));
            assertTrue(e.getMessage().startsWith("qp.compare.maxOutsideCpuPercent: "), e.getMessage());
            assertTrue(e.getMessage().endsWith("accepted: 0 (off) or 1 to 200 % of one CPU"), e.getMessage());
        }
    }

    @Test
    void aSharedQueueIsOffByDefaultAndOneChronicleQueueAJvm() {
        assertFalse(ComparisonOptions.fromProperties(props()).sharedQueue());
        assertTrue(ComparisonOptions.fromProperties(props("qp.compare.sharedQueue", "true", "qp.compare.queues", "1"))
                .sharedQueue());
        assertEquals("qp.compare.sharedQueue: true needs qp.compare.queues=1, not 2; accepted: true or false",
                rejected(props("qp.compare.sharedQueue", "true", "qp.compare.queues", "2")).getMessage());
        assertEquals("qp.compare.sharedQueue: true needs qp.transport=chronicle, not floor; accepted: true or false",
                rejected(props("qp.compare.sharedQueue", "true", "qp.compare.queues", "1", "qp.transport", "floor"))
                        .getMessage());
        assertEquals(2, ComparisonOptions.fromProperties(props("qp.compare.sharedQueue", "false",
                "qp.compare.queues", "2", "qp.transport", "floor")).queues(), "off: no constraint");
        assertEquals(1, ComparisonOptions.fromProperties(props("qp.compare.sharedQueue", "true")).queues(),
                "on, with qp.compare.queues not given: one queue a JVM");
    }
}
