package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.Arrays;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.launch.JvmFlags;

/** The memory check before a comparison starts: heaps, queues and this JVM against what is available. */
class ResourceBudgetTest {
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
