package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.fastestjvm.compare.Comparison.ResourceBudget;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.SteinStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The entry point without running a block: bad settings stop it before anything is written; --report rewrites. */
class ComparisonTest {
    @TempDir
    File temp;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private int run(final Properties properties, final String... args) throws IOException {
        try (PrintStream out = new PrintStream(outBytes, true, "UTF-8");
             PrintStream err = new PrintStream(errBytes, true, "UTF-8")) {
            return Comparison.run(args, properties, out, err);
        }
    }

    private String out() {
        return new String(outBytes.toByteArray(), StandardCharsets.UTF_8);
    }

    private String err() {
        return new String(errBytes.toByteArray(), StandardCharsets.UTF_8);
    }

    private Properties settings(final String... pairs) {
        final Properties properties = new Properties();
        properties.setProperty("qp.resultsDir", new File(temp, "runs").getPath());
        properties.setProperty("qp.queueDir", temp.getPath());
        for (int i = 0; i < pairs.length; i += 2) {
            properties.setProperty(pairs[i], pairs[i + 1]);
        }
        return properties;
    }

    @Test
    void helpPrintsTheUsageAndAnUnknownArgumentIsRefusedWithIt() throws IOException {
        assertEquals(0, run(settings(), "--help"));
        assertEquals(Comparison.USAGE + "\n", out());
        assertEquals("", err());
        assertEquals(2, run(settings(), "--reprot", temp.getPath(), "x"));
        assertEquals("error: unknown arguments [--reprot, " + temp.getPath() + ", x]; " + Comparison.USAGE + "\n",
                err());
        assertFalse(new File(temp, "runs").exists(), "nothing written");
    }

    private void assertRefused(final Properties properties, final String setting) throws IOException {
        assertEquals(2, run(properties));
        final List<String> lines = Arrays.asList(err().split("\n"));
        assertEquals(1, lines.size(), err());
        assertTrue(lines.get(0).startsWith("error: " + setting + ": "), err());
        assertEquals("", out());
        assertArrayEquals(new String[0], temp.list(), "nothing is created");
    }

    @Test
    void tooFewCyclesAreRefusedBeforeAnythingIsWritten() throws IOException {
        assertRefused(settings("qp.compare.variants", "a=|;b=|", "qp.compare.cycles", "1"), "qp.compare.cycles");
        assertTrue(err().contains("accepted: 2 to 100000"), err());
    }

    @Test
    void oneVariantIsRefusedBeforeAnythingIsWritten() throws IOException {
        assertRefused(settings("qp.compare.variants", "a=|-Xmx1g"), "qp.compare.variants");
    }

    @Test
    void aMalformedVariantListIsRefusedBeforeAnythingIsWritten() throws IOException {
        assertRefused(settings("qp.compare.variants", "a=|;a=|"), "qp.compare.variants");
    }

    @Test
    void moreMemoryThanThereIsIsRefusedBeforeAnythingIsWritten() throws IOException {
        assertRefused(settings("qp.compare.variants", "a=|-Xmx1000000g;b=|-Xmx1g"), "qp.compare.variants");
        assertTrue(err().contains("a block needs"), err());
    }

    @Test
    void aVariantsOwnBadSettingIsRefusedBeforeAnyJvmStartsOrAnythingIsWritten() throws IOException {
        assertEquals(2, run(settings("qp.compare.variants",
                "a=|-Xmx1g;b+spin=|-Dqp.injectConsumerSpinNanos=2000000000")));
        assertEquals("error: variant b+spin: qp.injectConsumerSpinNanos: 2000000000 is out of range; accepted: 0"
                + " (off) or 1 to 1000000000 ns\n", err(), "one line naming the variant, the setting and its range");
        assertEquals("", out());
        assertArrayEquals(new String[0], temp.list(), "no folder, nothing swept or written");
    }

    @Test
    void aVariantsMisspeltSettingIsRefusedWithThatVariantsName() throws IOException {
        assertEquals(2, run(settings("qp.compare.variants",
                "a=|-Dqp.injectConsumerSpinNanos=100;b=|-Dqp.injectConsumerSpinNanos=100 -Dqp.rat=5")));
        assertTrue(err().startsWith("error: variant b: qp.rat: unknown setting; accepted: one of "), err());
        assertEquals(1, err().split("\n").length, err());
        assertArrayEquals(new String[0], temp.list(), "nothing is created");
    }

    /** A finished comparison's folder as Comparison writes it: plan.json, slices.csv and blocks.csv. */
    private File comparisonFolder(final Synthetic data) throws IOException {
        return comparisonFolder(data, Collections.singletonMap("qp.compare.variants", "a=|;b=|"));
    }

    private File comparisonFolder(final Synthetic data, final Map<String, String> settings) throws IOException {
        return data.write(new File(temp, "20250101T000000Z-a-vs-b"), settings);
    }

    @Test
    void reportRewritesTheReportFromTheFolderAlone() throws IOException {
        final Synthetic data = Synthetic.generate(7, 6, 60, 300, 0);
        final File folder = comparisonFolder(data);
        assertEquals(0, run(new Properties(), "--report", folder.getPath()));
        final File report = new File(folder, Comparison.REPORT);
        assertTrue(report.isFile());
        final String md = new String(Files.readAllBytes(report.toPath()), StandardCharsets.UTF_8);
        assertTrue(md.startsWith("# Interleaved comparison 20250101T000000Z-a-vs-b\n\n"), md);
        assertTrue(md.contains("Started 20250101T000000Z UTC on Linux test, 2 CPUs; seed 42  \n"), md);
        assertTrue(md.contains("Provenance: {commit=abc123}"), md);
        assertTrue(md.contains("Variant a: the launching JVM's java, flags []"), md);
        assertTrue(md.contains(ComparisonReportTest.TABLE_HEADER), md);
        assertTrue(md.contains("| a / b | actual-send p50 | "), md);
        assertTrue(md.contains("**a slower**"), md);
        assertEquals(ComparisonReport.markdown("Interleaved comparison " + folder.getName(), Arrays.asList(
                "Started 20250101T000000Z UTC on Linux test, 2 CPUs; seed 42", "Provenance: {commit=abc123}",
                "Settings: {qp.compare.variants=a=|;b=|}", "Variant a: the launching JVM's java, flags []",
                "Variant b: the launching JVM's java, flags []"), data.analyse(), 20), md,
                "the report from the files equals the one from the rows");
        assertTrue(out().startsWith("---------- interleaved comparison, 6 blocks ----------\n"), out());
        assertTrue(out().contains("a slower"), out());
        assertEquals("", err());
    }

    @Test
    void reportRefusesAPlanTodaysSettingsRefuseInOneLineAndWritesNothing() throws IOException {
        final File folder = comparisonFolder(Synthetic.generate(7, 6, 60, 300, 0), settingsOf(
                "qp.compare.variants", "a=|;b=|", "qp.compare.sharedQueue", "true", "qp.compare.queues", "2"));
        assertEquals(2, run(new Properties(), "--report", folder.getPath()));
        assertEquals("error: " + new File(folder, "plan.json") + ": qp.compare.sharedQueue: true needs"
                + " qp.compare.queues=1, not 2; accepted: true or false\n", err());
        assertFalse(new File(folder, Comparison.REPORT).exists());
    }

    @Test
    void reportReadsASharedQueuePlanFromBeforeQueuesExisted() throws IOException {
        final File folder = comparisonFolder(Synthetic.generate(7, 6, 60, 300, 0), settingsOf(
                "qp.compare.variants", "a=|;b=|", "qp.compare.sharedQueue", "true"));
        assertEquals(0, run(new Properties(), "--report", folder.getPath()));
        assertEquals("", err());
    }

    private static Map<String, String> settingsOf(final String... pairs) {
        final Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            settings.put(pairs[i], pairs[i + 1]);
        }
        return settings;
    }

    @Test
    void reportReproducesSteinsIntervalFromThePlansSettings() throws IOException {
        final Synthetic data = Synthetic.generate(7, 5, 10, 30, 0);
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put("qp.compare.blocks", "3");
        settings.put("qp.compare.stop", "stein");
        settings.put("qp.compare.variants", "a=|;b=|");
        final File folder = comparisonFolder(data, settings);
        assertEquals(0, run(new Properties(), "--report", folder.getPath()));
        final String md = new String(Files.readAllBytes(new File(folder, Comparison.REPORT).toPath()),
                StandardCharsets.UTF_8);
        final ComparisonAnalysis stein = data.analyse(new SteinStop(3, 5));
        assertEquals(ComparisonReport.markdown("Interleaved comparison " + folder.getName(), Arrays.asList(
                "Started 20250101T000000Z UTC on Linux test, 2 CPUs; seed 42", "Provenance: {commit=abc123}",
                "Settings: " + settings, "Variant a: the launching JVM's java, flags []",
                "Variant b: the launching JVM's java, flags []"), stein, 20), md);
        final BlocksPair p50 = stein.figure("a", "b", BlocksPair.P50);
        assertTrue(md.contains(ComparisonReport.fmt("| %.3f - %.3f | Stein, pilot 3 blocks, s0 = ",
                p50.ratioInterval().lower(), p50.ratioInterval().upper())), md);
        assertTrue(md.contains("ran under Stein's stop rule (pilot 3 blocks, target +/-5 %)"), md);
        assertTrue(out().contains("[primary; Stein, pilot 3 blocks, s0 = "), out());
    }

    // The memory check before a comparison starts: heaps, queues and this JVM against what is available.
    private static final long GIB = 1L << 30;
    private static final long PHYSICAL = 64 * GIB;

    @TempDir
    File queueParent;

    private static Properties plan(final String variants, final String... more) {
        final Properties properties = new Properties();
        properties.setProperty("qp.compare.variants", variants);
        for (int i = 0; i < more.length; i += 2) {
            properties.setProperty(more[i], more[i + 1]);
        }
        return properties;
    }

    private static ResourceBudget budget(final BenchmarkOptions options, final Properties plan) {
        return ResourceBudget.of(options, ComparisonOptions.fromProperties(plan), plan, PHYSICAL);
    }

    @Test
    void twoVariantsWithTwoGigabyteHeapsAtTheDefaults() {
        final BenchmarkOptions options = BenchmarkOptions.defaults();
        assertEquals(100_000, options.rate());
        assertEquals(256, options.size());
        final Properties plan = plan("a=|-Xms2g -Xmx2g;b=/other/jdk|-Xmx2g -Xms2g -XX:+UseZGC");
        final ResourceBudget budget = budget(options, plan);
        assertEquals(4 * GIB, budget.heapBytes);
        // the fast warm-up stage, then every warm-up slice and every cycle's slice of 1 s at 100,000 msg/s plus the
        // 1,000 resume messages, each 256 bytes plus Chronicle's 8-byte header
        final long perVariant = (options.fastWarmupMessages() + (90 + 10) * 101_000L) * (256 + 8);
        assertEquals(2 * perVariant, budget.queueBytes);
        assertEquals(Runtime.getRuntime().maxMemory(), budget.parentBytes);
        assertEquals(budget.heapBytes + budget.queueBytes + budget.parentBytes, budget.total());
    }

    @Test
    void theQueuesGrowWithCyclesAndWarmUpSlices() {
        final BenchmarkOptions options = BenchmarkOptions.defaults();
        final String variants = "a=|-Xmx1g;b=|-Xmx1g";
        final long base = budget(options, plan(variants)).queueBytes;
        final long moreCycles = budget(options, plan(variants, "qp.compare.cycles", "20")).queueBytes;
        final long moreWarmup = budget(options, plan(variants, "qp.warmupSeconds", "100")).queueBytes;
        final long oneSlicePerVariant = 101_000L * (256 + 8);
        assertEquals(2 * 10 * oneSlicePerVariant, moreCycles - base);
        assertEquals(2 * 10 * oneSlicePerVariant, moreWarmup - base);
        final long threeVariants = budget(options, plan(variants + ";c=|-Xmx1g")).queueBytes;
        assertEquals(base / 2 * 3, threeVariants);
        final long graal = budget(options, plan(variants + ";c=|-Xmx1g -Dqp.warmupSeconds=240")).queueBytes;
        assertEquals(150 * oneSlicePerVariant, graal - threeVariants, "a variant's own warm-up bound, 240 for 90");
    }

    @Test
    void aVariantWithoutHeapFlagsCountsAQuarterOfTheMemory() {
        final ResourceBudget budget = budget(BenchmarkOptions.defaults(),
                plan("a=|-Xmx1g;b=|-XX:+UseZGC -Dqp.x=1"));
        assertEquals(GIB + PHYSICAL / 4, budget.heapBytes);
        final ResourceBudget larger = budget(BenchmarkOptions.defaults(),
                plan("a=|-Xms16g;b=|-Xmx512m"));
        assertEquals(16 * GIB + 512L * (1 << 20), larger.heapBytes, "-Xms above the default bound raises it");
    }

    @Test
    void heapFlagsAreReadInEveryUnit() {
        assertEquals(PHYSICAL / 4, JvmFlags.maxHeapBytes(Arrays.asList("-XX:+UseZGC", "-Xss1m"), PHYSICAL));
        assertEquals(2 * GIB, JvmFlags.maxHeapBytes(Arrays.asList("-Xmx2G"), PHYSICAL));
        assertEquals(PHYSICAL / 4, JvmFlags.maxHeapBytes(Arrays.asList("-Xms1536m"), PHYSICAL), "below the default");
        assertEquals(2048L << 10, JvmFlags.maxHeapBytes(Arrays.asList("-Xmx2048k"), PHYSICAL));
        assertEquals(1L << 40, JvmFlags.maxHeapBytes(Arrays.asList("-Xmx1t"), PHYSICAL));
        assertEquals(1_000_000_000L, JvmFlags.maxHeapBytes(Arrays.asList("-Xmx1000000000"), PHYSICAL));
        assertEquals(GIB, JvmFlags.maxHeapBytes(Arrays.asList("-Xmx4g", "-Xmx1g"), PHYSICAL), "the last one wins");
    }

    @Test
    void tooLittleMemoryIsRefusedNamingTheVariantsSetting() {
        final ResourceBudget budget = budget(BenchmarkOptions.defaults(),
                plan("a=|-Xms2g -Xmx2g;b=|-Xms2g -Xmx2g"));
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> budget.check(budget.total() - 1, queueParent));
        assertTrue(e.getMessage().startsWith("qp.compare.variants: a block needs "), e.getMessage());
        assertTrue(e.getMessage().contains("heaps 4.0 GiB"), e.getMessage());
        assertTrue(e.getMessage().contains("of memory is available"), e.getMessage());
        assertTrue(e.getMessage().contains("qp.compare.cycles"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void aQueueDiskWithoutRoomIsRefused() {
        final ResourceBudget budget = budget(BenchmarkOptions.defaults(), plan("a=|-Xmx1g;b=|-Xmx1g"));
        final File missing = new File(queueParent, "missing"); // no such directory: no usable space
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> budget.check(Long.MAX_VALUE, missing));
        assertTrue(e.getMessage().startsWith("qp.compare.variants: "), e.getMessage());
        assertTrue(e.getMessage().contains("queues on " + missing + ", 0.0 GiB free"), e.getMessage());
    }

    @Test
    void enoughMemoryAndDiskPass() {
        final Properties small = new Properties();
        small.setProperty("qp.warmupIndexBlocks", "0");
        final BenchmarkOptions options = BenchmarkOptions.fromProperties(small);
        final ResourceBudget budget = budget(options, plan("a=|-Xmx64m;b=|-Xmx64m",
                "qp.compare.cycles", "2", "qp.compare.warmupSlices", "5", "qp.compare.sliceMillis", "10",
                "qp.compare.queues", "1"));
        assertEquals(2 * (5 + 2) * (1000 + 1000) * (256 + 8), budget.queueBytes);
        budget.check(budget.total(), queueParent);
        budget.check(Long.MAX_VALUE, queueParent);
    }
}
