package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.slice.SliceChild;

/** A variant's java command line: its java, its flags after the comparison's settings, the slice child last. */
class VariantLaunchTest {
    private static VariantSpec variant(final String raw, final int index) {
        final Properties properties = new Properties();
        properties.setProperty("qp.compare.variants", raw);
        return ComparisonOptions.fromProperties(properties).variants().get(index);
    }

    @Test
    void theVariantsFlagsComeAfterTheSettingsAndTheMainClassLast() {
        final Properties settings = new Properties();
        settings.setProperty("qp.compare.variants", "x#1=/opt/jdk|-Xmx1g -Dqp.rate=5;y=|");
        settings.setProperty("qp.rate", "1000");
        settings.setProperty("other.property", "left out");
        final List<String> line = VariantLaunch.command(variant(settings.getProperty("qp.compare.variants"), 0),
                settings);
        assertEquals(new File("/opt/jdk", "bin" + File.separator + "java").getPath(), line.get(0));
        assertEquals(SliceChild.class.getName(), line.get(line.size() - 1));
        assertEquals("-cp", line.get(line.size() - 3));
        assertTrue(line.indexOf("-Dqp.rate=1000") < line.indexOf("-Dqp.rate=5"), "the variant's own -D wins: " + line);
        assertEquals(line.indexOf("-Xmx1g") + 1, line.indexOf("-Dqp.rate=5"), "the variant's flags, in order: " + line);
        assertTrue(line.contains("-Dqp.profile=x-1"), line.toString());
        for (final String arg : line) {
            assertFalse(arg.startsWith("-Dqp.compare.variants"), line.toString());
            assertFalse(arg.contains("other.property"), line.toString());
        }
        final List<String> own = VariantLaunch.command(variant(settings.getProperty("qp.compare.variants"), 1),
                settings);
        assertEquals(new File(System.getProperty("java.home"), "bin" + File.separator + "java").getPath(), own.get(0));
    }

    @Test
    void theChildSettingsAreTheCommandLinesWithTheVariantsOwnWinning() {
        final Properties settings = new Properties();
        settings.setProperty("qp.compare.variants", "x=|-Xmx1g -Dqp.rate=5 -Dqp.keepQueue;y=|");
        settings.setProperty("qp.rate", "1000");
        settings.setProperty("qp.size", "64");
        final Properties child = VariantLaunch.childSettings(variant(settings.getProperty("qp.compare.variants"), 0),
                settings);
        assertEquals("5", child.getProperty("qp.rate"), "the later -D wins, as in java");
        assertEquals("64", child.getProperty("qp.size"));
        assertEquals("", child.getProperty("qp.keepQueue"), "-Dname alone is the empty string, as in java");
        assertEquals("x", child.getProperty("qp.profile"));
        assertFalse(child.containsKey("qp.compare.variants"), "the parent's list is not the child's");
        final List<VariantSpec> variants = ComparisonOptions.fromProperties(settings).variants();
        assertEquals(90, VariantLaunch.warmupSlices(variants.get(1), settings));
        assertEquals(null, VariantLaunch.refusedSetting(variants.subList(1, 2), settings));
        assertTrue(VariantLaunch.refusedSetting(variants, settings).startsWith("variant x: qp.keepQueue: "),
                "x's flag as x's JVM would read it");
    }

    @Test
    void aVariantsOwnWarmUpSecondsSetOnlyItsOwnWarmUpBound() {
        final Properties settings = new Properties();
        settings.setProperty("qp.compare.variants", "c2=|-Xmx1g;graal=|-Xmx1g -Dqp.warmupSeconds=240");
        final List<VariantSpec> variants = ComparisonOptions.fromProperties(settings).variants();
        assertEquals(90, VariantLaunch.warmupSlices(variants.get(0), settings));
        assertEquals(240, VariantLaunch.warmupSlices(variants.get(1), settings));
        settings.setProperty("qp.compare.warmupSlices", "100");
        assertEquals(100, VariantLaunch.warmupSlices(variants.get(1), settings), "the old name wins, as before");
        assertEquals(Collections.singleton("notice: qp.compare.warmupSlices is still read: old name of a"
                + " comparison's warm-up bound in slices: now qp.warmupSeconds; where given, it wins"),
                VariantLaunch.oldNameNotices(variants, settings), "once, however many variants read it");
    }
}
