package io.fastestjvm.compare;

import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.SteinStop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
}
