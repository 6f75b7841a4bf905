package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Locale;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Setting;
import io.fastestjvm.config.Settings;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * Checks that a run can complete before anything is written: directories, free space for the whole queue, and
 * memory for the raw samples. Each failure is one {@link InvalidSettingException} line naming the setting.
 */
public final class Preflight {
    /** Slack on top of the queue's estimated size: index pages and a partly filled last block. */
    static final long QUEUE_SLACK_BYTES = 64L << 20;
    /** Two latencies, 8 bytes each, per measured message, plus the sort buffer for the confidence intervals. */
    static final int SAMPLE_BYTES_PER_MESSAGE = 24;

    private Preflight() {
    }

    public static void check(final BenchmarkOptions options) {
        check(options, Runtime.getRuntime().maxMemory());
    }

    /** Run by the launching JVM for the one it forks (which inherits its CPUs), so a bad setting fails at once. */
    public static void checkBeforeFork(final BenchmarkOptions options, final long heapBytes) {
        check(options, heapBytes);
        planCpus(options);
    }

    /** The producer's and the consumer's CPUs, among those this process may use; a bad request throws. */
    public static CpuAssignment[] planCpus(final BenchmarkOptions options) {
        return CpuAssignment.plan(ThreadAffinity.processAllowedCpus(), options.strictAffinity(),
                options.producerCpu(), options.consumerCpu());
    }

    private static void check(final BenchmarkOptions options, final long heap) {
        final long samples = options.messagesPerRun() * options.runs();
        if (samples > Integer.MAX_VALUE - 8) {
            throw Settings.SECONDS.invalid(String.format(Locale.ROOT,
                    "%,d samples (qp.rate x qp.seconds x qp.runs) exceed the %,d one array can hold",
                    samples, Integer.MAX_VALUE - 8));
        }
        final long sampleBytes = samples * SAMPLE_BYTES_PER_MESSAGE;
        if (sampleBytes > heap * 3 / 4) {
            throw Settings.SECONDS.invalid(String.format(Locale.ROOT,
                    "the raw samples need %s but the heap is %s (raise -Xmx in QP_JVM_FLAGS or MAVEN_OPTS, or lower"
                            + " qp.seconds, qp.rate or qp.runs)", bytes(sampleBytes), bytes(heap)));
        }
        requireWritableDirectory(options.queueParent(), Settings.QUEUE_DIR);
        requireWritableOrCreatable(options.resultsParent());
        if (!options.transportEntry().persists()) {
            return;
        }
        checkChronicleLimits(options);
        final long needed = queueBytesNeeded(options);
        final long free = options.queueParent().getUsableSpace();
        if (free < needed) {
            throw Settings.QUEUE_DIR.invalid(String.format(Locale.ROOT,
                    "%s has %s free but this run's queue needs about %s (%,d messages of %d bytes)",
                    options.queueParent(), bytes(free), bytes(needed), options.totalMessages(), options.size()),
                    "a directory with enough free space, or lower qp.seconds, qp.rate, qp.size or qp.runs");
        }
    }

    /** Settings in range that Chronicle Queue would break on mid-run: a message too big for a block, a short cycle. */
    private static void checkChronicleLimits(final BenchmarkOptions options) {
        final long block = options.transportSpec().chronicleBlockBytes;
        final long largest = ChronicleQueueTransport.maxMessageBytes(block);
        if (options.size() > largest) {
            throw Settings.SIZE.invalid(String.format(Locale.ROOT,
                    "%,d bytes do not fit Chronicle Queue's %s block (qp.blockSizeMiB=%d): a message and its header"
                            + " must be smaller than one block", options.size(), bytes(block),
                    options.blockSizeMiB()), String.format(Locale.ROOT, "up to %,d bytes with this block size, or"
                    + " a larger qp.blockSizeMiB (0 sizes it to the run)", largest));
        }
        final long runSeconds = options.warmupSeconds() + (long) options.seconds() * options.runs();
        final long cycleMillis = options.rollCycle().lengthInMillis();
        if (cycleMillis < runSeconds * 1000) {
            throw Settings.ROLL_CYCLE.invalid(String.format(Locale.ROOT,
                    "%s rolls every %,d s but this run lasts %,d s (qp.warmupSeconds + qp.seconds x qp.runs), so the"
                            + " queue would roll to a new file while measuring", options.rollCycle().name(),
                    cycleMillis / 1000, runSeconds), "a cycle at least as long as the run, e.g. FAST_HOURLY or"
                    + " FAST_DAILY (the default)");
        }
    }

    public static long queueBytesNeeded(final BenchmarkOptions options) {
        return ChronicleQueueTransport.bytesNeeded(options.totalMessages(), options.size()) + QUEUE_SLACK_BYTES;
    }

    private static void requireWritableDirectory(final File dir, final Setting setting) {
        if (!dir.isDirectory()) {
            throw setting.invalid(dir + " is not an existing directory");
        }
        if (!canCreateFileIn(dir)) {
            throw setting.invalid(dir + " is not writable");
        }
    }

    /** The nearest existing ancestor of the results directory must be writable. */
    private static void requireWritableOrCreatable(final File dir) {
        File existing = dir.getAbsoluteFile();
        while (existing != null && !existing.exists()) {
            existing = existing.getParentFile();
        }
        if (existing == null || !existing.isDirectory()) {
            throw Settings.RESULTS_DIR.invalid(dir + " cannot be created (" + existing + " is not a directory)");
        }
        requireWritableDirectory(existing, Settings.RESULTS_DIR);
    }

    /** Tries it: File.canWrite says yes to root on a read-only mount. */
    private static boolean canCreateFileIn(final File dir) {
        try {
            Files.delete(Files.createTempFile(dir.toPath(), ".qp-probe-", ".tmp"));
            return true;
        } catch (final IOException | SecurityException e) {
            return false;
        }
    }

    /** Binary units, one decimal: "2.6 GiB". */
    public static String bytes(final long bytes) {
        final String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    /**
     * Recognises a run that failed because its queue's file system filled up: a mapped page tmpfs cannot back raises
     * SIGBUS ({@code unsafe memory access operation}), a file write {@code No space left on device}.
     */
    public static final class DiskSpaceFailure {
        private final File queueParent;
        private final long neededBytes;
        private final long freeAtStart;

        /** Notes the free space now; {@code neededBytes}: the queue estimate Preflight checked. */
        public DiskSpaceFailure(final File queueParent, final long neededBytes) {
            this.queueParent = queueParent;
            this.neededBytes = neededBytes;
            this.freeAtStart = queueParent.getUsableSpace();
        }

        /** The failure to report first, or null; call before the queue files go, as the free space now is evidence. */
        public String diagnose(final String failure, final long bytesStillNeeded) {
            if (failure == null || !(failure.contains("unsafe memory access") || failure.contains("No space left"))) {
                return null;
            }
            final long freeNow = queueParent.getUsableSpace();
            if (freeNow >= bytesStillNeeded) {
                return null;
            }
            return String.format(Locale.ROOT, "queue file system full: %s ran out of space during the run; this run"
                            + " needed about %s for its queue, %s was free at the start and %s is free now, with %s"
                            + " still to write. Free space there or set qp.queueDir to a larger file system",
                    queueParent, bytes(neededBytes), bytes(freeAtStart), bytes(freeNow), bytes(bytesStillNeeded));
        }
    }
}
