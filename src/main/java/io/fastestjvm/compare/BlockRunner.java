package io.fastestjvm.compare;

import java.io.Closeable;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.fastestjvm.audit.CpuTimes;
import io.fastestjvm.audit.HarnessCpu;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.control.ChildFailure;
import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.control.ControlMessage;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.faults.QueueDirectoryOwner;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.slice.Recompilation;
import io.fastestjvm.slice.SliceChild;
import io.fastestjvm.slice.SliceProtocol;
import io.fastestjvm.transport.OwnSequences;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One block: a fresh JVM per variant, started and warmed one at a time, then cycles of one slice each in a new random
 * order, then each read-back in turn. A slice that fails a check, or that outside processes disturbed, voids its
 * whole cycle for every variant.
 */
final class BlockRunner {
    private static final long CONNECT_MILLIS = TimeUnit.SECONDS.toMillis(120);
    private static final long REPLY_MARGIN_MILLIS = TimeUnit.SECONDS.toMillis(60);
    private static final long FINISH_MILLIS = TimeUnit.MINUTES.toMillis(10);
    /** What a paused JVM gets, once continued, to run what came due while it was stopped, before its command. */
    private static final long RESUME_SETTLE_MILLIS = 50;

    private final ComparisonOptions plan;
    private final BenchmarkOptions options;
    private final Properties settings;
    private final File folder;
    private final Random random;
    private final PrintStream err;
    private final ComparisonFiles files;
    private final String classpath;
    /** Which variant starts first in block 1; each later block starts the next (see {@link #startOrder}). */
    private final int firstOffset;
    /** Flags every JVM of the comparison gets beyond its variant's: the recompilation's, or none. */
    private final List<String> launchFlags;

    BlockRunner(final ComparisonOptions plan, final BenchmarkOptions options, final Properties settings,
                final File folder, final Random random, final PrintStream err, final ComparisonFiles files,
                final String classpath) throws IOException {
        this.plan = plan;
        this.options = options;
        this.settings = settings;
        this.folder = folder;
        this.random = random;
        this.err = err;
        this.files = files;
        this.classpath = classpath;
        this.firstOffset = random.nextInt(plan.variants().size());
        if (plan.recompile()) {
            final File whiteBox = new File(VariantLaunch.buildFolder(folder), "whitebox");
            Recompilation.install(whiteBox);
            this.launchFlags = Recompilation.jvmFlags(whiteBox);
        } else {
            this.launchFlags = Collections.emptyList();
        }
    }

    /** Runs block {@code block}; returns null when it completed, else why it failed (its rows then never count). */
    String run(final int block) throws IOException {
        final QueueDirectoryOwner shared = plan.sharedQueue() ? sharedQueue(options.queueParent(), block) : null;
        try {
            return run(block, shared);
        } finally { // its JVMs have ended by now: deleted, or with qp.keepQueue only its owner record, as a child's
            if (shared != null) {
                shared.end(options.keepQueue(), err);
            }
        }
    }

    /**
     * qp.compare.sharedQueue: one queue directory per block that every variant's JVM writes in turn, so both sides of
     * a pair go through the same pages. Its owner record leaves a killed comparison's directory to the next sweep.
     */
    static QueueDirectoryOwner sharedQueue(final File queueParent, final int block) throws IOException {
        return QueueDirectoryOwner.create(new File(queueParent, String.format("qp-shared-%d-b%02d",
                EnvironmentInfo.pid(), block)));
    }

    /** What variant {@code index}'s command line adds for a {@link #sharedQueue}: the directory, its sequence base. */
    static List<String> sharedQueueFlags(final QueueDirectoryOwner shared, final int index) {
        return shared == null ? Collections.<String>emptyList() : Arrays.asList("-D" + SliceChild.SHARED_QUEUE_PROPERTY
                + "=" + shared.directory().getPath(), "-D" + SliceChild.SEQUENCE_BASE_PROPERTY + "="
                + OwnSequences.baseOf(index));
    }

    /** One variant's JVM in a block, and what the block keeps of it for its row of blocks.csv. */
    private static final class Running {
        final VariantSpec variant;
        final ChildHandle child;
        SliceLog log;
        /** Actual and intended send latency of its cycles that were not voided. */
        final Histogram[] pooled = {LatencyRecorder.newHistogram(), LatencyRecorder.newHistogram()};
        final BlockRow row = new BlockRow();

        Running(final VariantSpec variant, final ChildHandle child) {
            this.variant = variant;
            this.child = child;
            row.variant = variant.name;
        }
    }

    /**
     * One variant's slices in one block as an HdrHistogram interval log, tagged by latency, not cycle, because
     * {@code HistogramLogProcessor -tag} selects by tag; the cycle is the interval's rank within its tag.
     */
    static final class SliceLog implements Closeable {
        private final HistogramLogWriter writer;
        private final long baseMillis;

        /** A new log whose timestamps count from {@code baseMillis} (epoch ms), as its header says. */
        SliceLog(final File file, final long baseMillis) throws FileNotFoundException {
            this.writer = new HistogramLogWriter(file);
            this.baseMillis = baseMillis;
            writer.outputComment("each measured slice's latencies (ns), one interval per latency and slice, tagged "
                    + SliceProtocol.ACTUAL_SEND + " or " + SliceProtocol.INTENDED_SEND + "; timestamps from BaseTime");
            writer.outputLogFormatVersion();
            writer.outputStartTime(baseMillis);
            writer.setBaseTime(baseMillis);
            writer.outputBaseTime(baseMillis);
            writer.outputLegend();
        }

        void slice(final int cycle, final MeasuredWindow window) {
            final double start = (window.startEpochMillis() - baseMillis) / 1000.0;
            final double end = start + window.lengthNanos() / 1e9;
            writer.outputComment("cycle " + cycle);
            final Histogram actual = window.histogram(Latency.ACTUAL_SEND);
            actual.setTag(SliceProtocol.ACTUAL_SEND);
            writer.outputIntervalHistogram(start, end, actual);
            final Histogram intended = window.histogram(Latency.INTENDED_SEND);
            intended.setTag(SliceProtocol.INTENDED_SEND);
            writer.outputIntervalHistogram(start, end, intended);
        }

        @Override
        public void close() {
            writer.close();
        }
    }

    private String run(final int block, final QueueDirectoryOwner shared) throws IOException {
        final File blockDir = new File(folder, String.format("block-%02d", block));
        if (!blockDir.mkdirs()) {
            throw new IOException("cannot create " + blockDir);
        }
        final List<Running> running = new ArrayList<>(); // in start order
        try {
            for (final VariantSpec variant : startOrder(plan.variants(), block, firstOffset, random)) {
                final File log = new File(blockDir, VariantLaunch.fileName(variant.name) + ".log");
                err.println("[qp] block " + block + ": starting " + variant.name);
                final long started = System.nanoTime();
                // this JVM's own flags: its shared queue's, and the recompilation's
                final List<String> flags = new ArrayList<>(sharedQueueFlags(shared, plan.variants().indexOf(variant)));
                flags.addAll(launchFlags);
                final Running jvm = new Running(variant, ChildHandle.start(variant.name,
                        VariantLaunch.command(variant, settings, classpath, flags), ChildOutput.toLog(log),
                        CONNECT_MILLIS));
                running.add(jvm);
                idle(jvm.child);
                jvm.row.startMillis = millisSince(started);
                jvm.log = new SliceLog(new File(blockDir, VariantLaunch.fileName(variant.name) + ".slices.hlog"),
                        System.currentTimeMillis());
            }
            final long sliceMillis = plan.sliceMillis() + TimeUnit.SECONDS.toMillis(1);
            for (final Running jvm : running) { // the first started warms first
                warmUp(block, jvm, sliceMillis);
            }
            final long cyclesStarted = System.nanoTime();
            for (int cycle = 0; cycle < plan.cycles(); cycle++) {
                cycle(block, cycle, running, sliceMillis + REPLY_MARGIN_MILLIS);
            }
            final long cyclesMillis = millisSince(cyclesStarted);
            err.println("[qp] block " + block + ": " + plan.cycles() + " cycles" + seconds(cyclesMillis, ""));
            for (final Running jvm : shuffled(running)) {
                final long started = System.nanoTime();
                jvm.child.resume(RESUME_SETTLE_MILLIS);
                jvm.row.readBack = jvm.child.request(ControlMessage.of(SliceProtocol.FINISH),
                        SliceProtocol.FINISHED, FINISH_MILLIS).number(SliceProtocol.READ_BACK);
                jvm.row.finishMillis = millisSince(started);
            }
            for (final Running jvm : running) {
                jvm.row.block = block;
                jvm.row.cycles = plan.cycles();
                jvm.row.cyclesMillis = cyclesMillis;
                jvm.row.startPosition = running.indexOf(jvm);
                files.block(jvm.row, jvm.pooled);
            }
            return null;
        } catch (final ChildFailure e) {
            err.println("[qp] block " + block + " FAILED: " + e.getMessage());
            files.failedBlock(block, e.getMessage());
            return e.getMessage();
        } finally {
            for (final Running jvm : running) {
                jvm.child.close();
                if (jvm.log != null) {
                    jvm.log.close();
                }
            }
        }
    }

    private void warmUp(final int block, final Running jvm, final long sliceMillis) throws ChildFailure {
        final long started = System.nanoTime();
        final long fastSlices = (options.fastWarmupMessages() + plan.sliceMessages(options.warmupRate()) - 1)
                / plan.sliceMessages(options.warmupRate());
        final long warmupSlices = VariantLaunch.warmupSlices(jvm.variant, settings);
        final ControlMessage warm = ask(jvm.child, ControlMessage.of(SliceProtocol.WARMUP), SliceProtocol.WARMED_UP,
                (fastSlices + (plan.recompile() ? 2 : 1) * warmupSlices) * sliceMillis + REPLY_MARGIN_MILLIS);
        jvm.row.warmupMillis = millisSince(started);
        jvm.row.warmupSlices = (int) warm.number(SliceProtocol.PACED_SLICES);
        jvm.row.recompiledSlices = (int) warm.number(SliceProtocol.RECOMPILED_SLICES); // -1 without recompile
        jvm.row.steady = Boolean.TRUE.equals(warm.fields().get(SliceProtocol.STEADY));
        err.println("[qp] block " + block + ": " + jvm.variant.name + " warmed up in "
                + warm.number(SliceProtocol.FAST_SLICES) + " fast + " + warm.number(SliceProtocol.PACED_SLICES)
                + " slices" + (plan.recompile() ? ", recompiled (code cache shifted "
                + warm.number(SliceProtocol.CODE_SHIFT) + " B) + "
                + warm.number(SliceProtocol.RECOMPILED_SLICES) + " slices" : "")
                + (jvm.row.steady ? ", steady" : ", NOT steady (last check: "
                + warm.text(SliceProtocol.LAST_FAILURE) + ")")
                + seconds(jvm.row.startMillis + jvm.row.warmupMillis, " with its start"));
    }

    private void cycle(final int block, final int cycle, final List<Running> running, final long replyMillis)
            throws ChildFailure, IOException {
        final Map<Running, SliceRow> rows = new LinkedHashMap<>();
        final Map<Running, MeasuredWindow> windows = new LinkedHashMap<>();
        String predecessor = "-";
        for (final Running jvm : shuffled(running)) {
            // the machine's reading encloses the comparison's own, so nothing of ours is counted as outside
            final CpuTimes machineBefore = ProcSample.machine();
            final long[] ownBefore = ownCpu(running, jvm);
            final long windowStart = System.nanoTime();
            final ControlMessage reply = ask(jvm.child, ControlMessage.of(SliceProtocol.SLICE)
                    .with(SliceProtocol.CYCLE, cycle), SliceProtocol.SLICE_DONE, replyMillis);
            final long windowNanos = System.nanoTime() - windowStart;
            final long[] own = delta(ownBefore, ownCpu(running, jvm));
            final CpuTimes machineAfter = ProcSample.machine();
            final MeasuredWindow window = SliceProtocol.readWindow(reply.fields(), SliceRow.around(own,
                    ProcSample.stealTicks(machineBefore, machineAfter), ProcSample.busyNanos(machineBefore,
                            machineAfter), windowNanos));
            final SliceRow row = new SliceRow();
            row.block = block;
            row.cycle = cycle;
            row.position = rows.size();
            row.variant = jvm.variant.name;
            row.predecessor = predecessor;
            row.queue = (int) reply.number(SliceProtocol.QUEUE);
            row.failure = Objects.toString(reply.text(SliceProtocol.FAILURE), "");
            row.fill(window);
            if (row.failure.isEmpty()) { // a slice's own failed check comes first
                row.failure = Objects.toString(ProcSample.disturbance(row.machine[SliceRow.OUTSIDE_CPU], windowNanos,
                        plan.maxOutsideCpuPercent()), "");
            }
            rows.put(jvm, row);
            windows.put(jvm, window);
            jvm.log.slice(cycle, window);
            predecessor = jvm.variant.name;
        }
        final boolean voided = rows.values().stream().anyMatch(row -> !row.failure.isEmpty());
        for (final Map.Entry<Running, SliceRow> slice : rows.entrySet()) {
            final Running jvm = slice.getKey();
            final SliceRow row = slice.getValue();
            if (!row.failure.isEmpty()) {
                if (!ProcSample.disturbed(row.failure)) { // a busy machine is not the variant's fault
                    jvm.row.voids++;
                }
                err.println("[qp] block " + block + " cycle " + cycle + " voided: " + row.variant + ": "
                        + row.failure);
            }
            row.voided = voided;
            files.slice(row);
            if (!voided) {
                jvm.pooled[0].add(windows.get(jvm).histogram(Latency.ACTUAL_SEND));
                jvm.pooled[1].add(windows.get(jvm).histogram(Latency.INTENDED_SEND));
            }
        }
    }

    /** A command to a JVM that, with qp.compare.pauseIdle, is continued for it and stopped again after it. */
    private ControlMessage ask(final ChildHandle child, final ControlMessage command, final String expected,
                               final long timeoutMillis) throws ChildFailure {
        child.resume(RESUME_SETTLE_MILLIS);
        final ControlMessage reply = child.request(command, expected, timeoutMillis);
        idle(child);
        return reply;
    }

    /** With qp.compare.pauseIdle, stops a JVM that has nothing to do ({@link ChildHandle#pause}). */
    private void idle(final ChildHandle child) throws ChildFailure {
        if (plan.pauseIdle()) {
            child.pause();
        }
    }

    private static long millisSince(final long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    private static String seconds(final long millis, final String what) {
        return String.format(Locale.ROOT, " (%.0f s%s)", millis / 1000.0, what);
    }

    /** {measuring child's CPU, other children's CPU, their context switches, this JVM's CPU}; -1 unreadable. */
    private static long[] ownCpu(final List<Running> running, final Running measuring) {
        final long[] own = {0, 0, 0, HarnessCpu.processNanos()};
        for (final Running jvm : running) {
            if (jvm == measuring) {
                own[0] = ProcSample.processCpuNanos(jvm.child.pid());
            } else {
                final long[] sample = ProcSample.process(jvm.child.pid());
                own[1] = own[1] < 0 || sample[0] < 0 ? -1 : own[1] + sample[0];
                own[2] = own[2] < 0 || sample[1] < 0 ? -1 : own[2] + sample[1];
            }
        }
        return own;
    }

    /** {@code after - before}, each; -1 where either is unknown. */
    private static long[] delta(final long[] before, final long[] after) {
        final long[] delta = new long[before.length];
        Arrays.setAll(delta, i -> before[i] < 0 || after[i] < 0 ? -1 : after[i] - before[i]);
        return delta;
    }

    /** The block's start order: the first JVM started was faster (memory first), so first place rotates. */
    static <T> List<T> startOrder(final List<T> variants, final int block, final int offset, final Random random) {
        final List<T> rest = new ArrayList<>(variants);
        final T first = rest.remove(Math.floorMod(block - 1 + offset, variants.size()));
        Collections.shuffle(rest, random);
        rest.add(0, first);
        return rest;
    }

    private <T> List<T> shuffled(final List<T> items) {
        final List<T> copy = new ArrayList<>(items);
        Collections.shuffle(copy, random);
        return copy;
    }
}
