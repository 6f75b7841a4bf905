package io.fastestjvm.compare;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;

import io.fastestjvm.audit.OwnCpuTime;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.control.ChildFailure;
import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.control.ControlMessage;
import io.fastestjvm.slice.SliceProtocol;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One block: a fresh JVM per variant, started and warmed one at a time in a random order while the others wait
 * parked, then cycles in which every variant measures one slice in a new random order, then each variant's
 * persistence read-back in its own turn. A slice that fails a check voids its whole cycle for every variant. Each
 * variant's slices go to an interval log of the block (one interval per slice, tagged with its cycle); what the
 * analysis needs goes to {@code slices.csv} and {@code blocks.csv}.
 */
final class BlockRunner {
    private static final long CONNECT_MILLIS = TimeUnit.SECONDS.toMillis(120);
    private static final long REPLY_MARGIN_MILLIS = TimeUnit.SECONDS.toMillis(60);
    private static final long FINISH_MILLIS = TimeUnit.MINUTES.toMillis(10);

    private final ComparisonOptions plan;
    private final BenchmarkOptions options;
    private final Properties settings;
    private final File folder;
    private final Random random;
    private final PrintStream err;
    private final ComparisonFiles files;
    private final String classpath;

    BlockRunner(final ComparisonOptions plan, final BenchmarkOptions options, final Properties settings,
                final File folder, final Random random, final PrintStream err, final ComparisonFiles files,
                final String classpath) {
        this.plan = plan;
        this.options = options;
        this.settings = settings;
        this.folder = folder;
        this.random = random;
        this.err = err;
        this.files = files;
        this.classpath = classpath;
    }

    /** Runs block {@code block}; returns null when it completed, else why it failed (its rows then never count). */
    String run(final int block) throws IOException {
        try (SharedQueue shared = SharedQueue.forBlock(plan.sharedQueue(), options.queueParent(), block,
                options.keepQueue(), err)) { // its JVMs have ended when it closes
            return run(block, shared);
        }
    }

    private String run(final int block, final SharedQueue shared) throws IOException {
        final File blockDir = new File(folder, String.format("block-%02d", block));
        if (!blockDir.mkdirs()) {
            throw new IOException("cannot create " + blockDir);
        }
        final Map<String, ChildHandle> children = new LinkedHashMap<>();
        final Map<String, HistogramLogWriter> logs = new LinkedHashMap<>();
        final Map<String, Histogram[]> pooled = new LinkedHashMap<>();
        final Map<String, Integer> voids = new LinkedHashMap<>();
        final Map<String, ControlMessage> warmups = new LinkedHashMap<>();
        final Map<String, long[]> millis = new LinkedHashMap<>(); // start, warm-up, read-back
        try {
            for (final VariantSpec variant : shuffled(plan.variants())) {
                final File log = new File(blockDir, VariantLaunch.fileName(variant.name) + ".log");
                err.println("[qp] block " + block + ": starting " + variant.name);
                final long started = System.nanoTime();
                children.put(variant.name, ChildHandle.start(variant.name,
                        VariantLaunch.command(variant, settings, classpath,
                                shared.childFlags(plan.variants().indexOf(variant))), log, CONNECT_MILLIS));
                millis.put(variant.name, new long[] {millisSince(started), -1, -1});
                logs.put(variant.name, intervalLog(new File(blockDir, VariantLaunch.fileName(variant.name) + ".slices.hlog")));
                pooled.put(variant.name, new Histogram[] {histogram(), histogram()});
                voids.put(variant.name, 0);
            }
            final long sliceMillis = plan.sliceMillis() + TimeUnit.SECONDS.toMillis(1);
            final long fastSlices = (options.fastWarmupMessages() + plan.sliceMessages(options.warmupRate()) - 1)
                    / plan.sliceMessages(options.warmupRate());
            for (final String name : shuffled(new ArrayList<>(children.keySet()))) {
                final long started = System.nanoTime();
                final ControlMessage warm = children.get(name).request(ControlMessage.of(SliceProtocol.WARMUP), SliceProtocol.WARMED_UP,
                        (fastSlices + plan.warmupSlices()) * sliceMillis + REPLY_MARGIN_MILLIS);
                warmups.put(name, warm);
                millis.get(name)[1] = millisSince(started);
                err.println("[qp] block " + block + ": " + name + " warmed up in " + warm.number(SliceProtocol.FAST_SLICES)
                        + " fast + " + warm.number(SliceProtocol.PACED_SLICES) + " slices" + (Boolean.TRUE.equals(warm.fields().get(SliceProtocol.STEADY)) ? ", steady"
                        : ", NOT steady (last check: " + warm.text(SliceProtocol.LAST_FAILURE) + ")")
                        + seconds(millis.get(name)[0] + millis.get(name)[1], " with its start"));
            }
            final long cyclesStarted = System.nanoTime();
            for (int cycle = 0; cycle < plan.cycles(); cycle++) {
                cycle(block, cycle, children, logs, pooled, voids, sliceMillis + REPLY_MARGIN_MILLIS);
            }
            final long cyclesMillis = millisSince(cyclesStarted);
            err.println("[qp] block " + block + ": " + plan.cycles() + " cycles" + seconds(cyclesMillis, ""));
            final Map<String, ControlMessage> finished = new LinkedHashMap<>();
            for (final String name : shuffled(new ArrayList<>(children.keySet()))) {
                final long started = System.nanoTime();
                finished.put(name, children.get(name).request(ControlMessage.of(SliceProtocol.FINISH), SliceProtocol.FINISHED,
                        FINISH_MILLIS));
                millis.get(name)[2] = millisSince(started);
            }
            for (final String name : children.keySet()) {
                files.block(block, name, pooled.get(name), voids.get(name), plan.cycles(), warmups.get(name),
                        finished.get(name), millis.get(name), cyclesMillis);
            }
            return null;
        } catch (final ChildFailure e) {
            err.println("[qp] block " + block + " FAILED: " + e.getMessage());
            files.failedBlock(block, e.getMessage());
            return e.getMessage();
        } finally {
            for (final ChildHandle child : children.values()) {
                child.close();
            }
            for (final HistogramLogWriter log : logs.values()) {
                log.close();
            }
        }
    }

    private void cycle(final int block, final int cycle, final Map<String, ChildHandle> children,
                       final Map<String, HistogramLogWriter> logs, final Map<String, Histogram[]> pooled,
                       final Map<String, Integer> voids, final long replyMillis) throws ChildFailure, IOException {
        final List<SliceRow> rows = new ArrayList<>();
        final Map<String, Histogram[]> histograms = new LinkedHashMap<>();
        String predecessor = "-";
        int position = 0;
        for (final String name : shuffled(new ArrayList<>(children.keySet()))) {
            final long[] idleBefore = idle(children, name);
            final long parentBefore = OwnCpuTime.nanos();
            final long stealBefore = ProcSample.stealTicks();
            final ControlMessage reply = children.get(name).request(ControlMessage.of(SliceProtocol.SLICE)
                    .with(SliceProtocol.CYCLE, cycle), SliceProtocol.SLICE_DONE, replyMillis);
            final long[] idleAfter = idle(children, name);
            final SliceRow row = new SliceRow();
            row.block = block;
            row.cycle = cycle;
            row.position = position++;
            row.variant = name;
            row.predecessor = predecessor;
            row.fill(reply.fields());
            row.idleCpuNanos = idleAfter[0] - idleBefore[0];
            row.idleSwitches = idleAfter[1] - idleBefore[1];
            row.parentCpuNanos = OwnCpuTime.nanos() - parentBefore;
            row.stealTicks = ProcSample.stealTicks() - stealBefore;
            rows.add(row);
            final Histogram actual = decode(reply.text(SliceProtocol.ACTUAL_SEND + SliceProtocol.HISTOGRAM));
            final Histogram intended = decode(reply.text(SliceProtocol.INTENDED_SEND + SliceProtocol.HISTOGRAM));
            histograms.put(name, new Histogram[] {actual, intended});
            actual.setTag("cycle-" + cycle);
            logs.get(name).outputIntervalHistogram(cycle, cycle + 1, actual);
            predecessor = name;
        }
        boolean voided = false;
        for (final SliceRow row : rows) {
            if (!row.failure.isEmpty()) {
                voided = true;
                voids.merge(row.variant, 1, Integer::sum);
                err.println("[qp] block " + block + " cycle " + cycle + " voided: " + row.variant + ": "
                        + row.failure);
            }
        }
        for (final SliceRow row : rows) {
            row.voided = voided;
            files.slice(row);
            if (!voided) {
                pooled.get(row.variant)[0].add(histograms.get(row.variant)[0]);
                pooled.get(row.variant)[1].add(histograms.get(row.variant)[1]);
            }
        }
    }

    private static long millisSince(final long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    private static String seconds(final long millis, final String what) {
        return String.format(Locale.ROOT, " (%.0f s%s)", millis / 1000.0, what);
    }

    /** CPU time and context switches of every child but the one measuring, summed. */
    private static long[] idle(final Map<String, ChildHandle> children, final String measuring) {
        final long[] sum = new long[2];
        for (final ChildHandle child : children.values()) {
            if (!child.name().equals(measuring)) {
                final long[] sample = ProcSample.process(child.pid());
                sum[0] += sample[0];
                sum[1] += sample[1];
            }
        }
        return sum;
    }

    private <T> List<T> shuffled(final List<T> items) {
        final List<T> copy = new ArrayList<>(items);
        Collections.shuffle(copy, random);
        return copy;
    }

    static Histogram histogram() {
        return new Histogram(TimeUnit.HOURS.toNanos(1), 3);
    }

    static Histogram decode(final String base64) throws IOException {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (final DataFormatException e) {
            throw new IOException("a slice's histogram does not decode: " + e, e);
        }
    }

    private static HistogramLogWriter intervalLog(final File file) throws FileNotFoundException {
        final HistogramLogWriter writer = new HistogramLogWriter(file);
        writer.outputComment("actual-send latency (ns) of each measured slice; interval k is cycle k (not seconds)");
        writer.outputLogFormatVersion();
        writer.outputLegend();
        return writer;
    }
}
