package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Locale;
import java.util.Properties;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;
import io.fastestjvm.launch.JvmFlags;

/**
 * The memory a block needs, checked before any JVM starts: each variant's heap bound and queue files (RAM on
 * /dev/shm) plus this JVM. A finished block's queues go with its JVMs, so one block is the peak.
 */
final class ResourceBudget {
    private static final long PER_MESSAGE_OVERHEAD = 8;

    final long heapBytes;
    final long queueBytes;
    final long parentBytes;

    private ResourceBudget(final long heapBytes, final long queueBytes, final long parentBytes) {
        this.heapBytes = heapBytes;
        this.queueBytes = queueBytes;
        this.parentBytes = parentBytes;
    }

    /** The budget of {@code plan}, read from {@code settings}; each variant's warm-up bound as its JVM reads it. */
    static ResourceBudget of(final BenchmarkOptions options, final ComparisonOptions plan, final Properties settings,
                             final long physicalBytes) {
        long heaps = 0;
        long queues = 0;
        for (final VariantSpec variant : plan.variants()) {
            heaps += JvmFlags.maxHeapBytes(variant.flags, physicalBytes);
            queues += (options.fastWarmupMessages() + (VariantLaunch.warmupSlices(variant, settings)
                    + (long) plan.cycles()) * plan.sliceMessages(options.rate())) * (options.size() + PER_MESSAGE_OVERHEAD);
        }
        return new ResourceBudget(heaps, queues, Runtime.getRuntime().maxMemory());
    }

    long total() {
        return heapBytes + queueBytes + parentBytes;
    }

    /** Refuses (one line, naming the setting) a block that does not fit the memory available or the queue's disk. */
    void check(final long availableBytes, final File queueParent) {
        final long queueFree = queueParent.getUsableSpace();
        if (total() > availableBytes || queueBytes > queueFree) {
            throw Settings.COMPARE_VARIANTS.invalid(String.format(Locale.ROOT,
                    "a block needs %s (heaps %s + queues %s + this JVM %s; queues on %s, %s free), but %s of memory"
                            + " is available; fewer variants, -Xmx flags, or fewer qp.compare.cycles or"
                            + " qp.warmupSeconds", gib(total()), gib(heapBytes), gib(queueBytes),
                    gib(parentBytes), queueParent, gib(queueFree), gib(availableBytes)));
        }
    }

    static String gib(final long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }

    /** /proc/meminfo's MemAvailable (and MemTotal), in bytes; what the JVM reports where there is no /proc. */
    static long[] memory() {
        long available = -1;
        long total = -1;
        try {
            for (final String line : Files.readAllLines(new File("/proc/meminfo").toPath(), StandardCharsets.US_ASCII)) {
                if (line.startsWith("MemAvailable:")) {
                    available = kib(line);
                } else if (line.startsWith("MemTotal:")) {
                    total = kib(line);
                }
            }
        } catch (final IOException | RuntimeException e) {
            throw new InvalidSettingException(Settings.COMPARE_VARIANTS.name(), "cannot read /proc/meminfo: " + e,
                    Settings.COMPARE_VARIANTS.accepted());
        }
        return new long[] {available, total};
    }

    private static long kib(final String line) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
    }
}
