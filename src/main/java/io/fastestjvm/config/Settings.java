package io.fastestjvm.config;

import java.io.File;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.fastestjvm.transport.TransportEntry;
import io.fastestjvm.transport.Transports;

/** The table of every {@code qp.*} setting, each declared once with its default, bounds and meaning, in echo order. */
public final class Settings {
    public static final long MAX_RATE = 50_000_000L;
    public static final int MAX_SIZE = 1 << 20;
    public static final int MAX_CPU = 4095;

    public static final Setting PRODUCER_CPU = Setting.whole("qp.producerCpu", 2, -1, MAX_CPU, " (a CPU id)",
            "CPU the producer thread is pinned to").lowestMeans("no pinning");
    public static final Setting CONSUMER_CPU = Setting.whole("qp.consumerCpu", 4, -1, MAX_CPU, " (a CPU id)",
            "CPU the consumer thread is pinned to").lowestMeans("no pinning");
    public static final Setting STRICT_AFFINITY = Setting.flag("qp.strictAffinity", false,
            "true: a CPU that cannot be had is an error instead of a fallback");
    public static final Setting RATE = Setting.whole("qp.rate", 100_000, 1, MAX_RATE, " msg/s",
            "messages per second, on a fixed schedule");
    public static final Setting SIZE = Setting.whole("qp.size", 256, 32, MAX_SIZE, " bytes",
            "message size in bytes (32 is the header alone)");
    public static final Setting WARMUP_SECONDS = Setting.whole("qp.warmupSeconds", 80, 0, 3600, " seconds",
            "upper bound of the warm-up (excluded from every figure); it ends earlier once the hot path is steady,"
                    + " see docs/steady-state.md; a comparison's JVMs: " + ComparisonOptions.WARMUP_SECONDS
                    + " unless given, in slices of qp.compare.sliceMillis");
    public static final Setting WARMUP_RATE = Setting.whole("qp.warmupRate", 0, 0, MAX_RATE, " msg/s",
            "rate of the warm-up's first stage, which crosses qp.warmupIndexBlocks index blocks")
            .lowestMeans("4 x qp.rate, at least " + BenchmarkOptions.FAST_STAGE_MIN_RATE + " and at most " + MAX_RATE);
    public static final Setting WARMUP_INDEX_BLOCKS = Setting.whole("qp.warmupIndexBlocks", 8, 0, 1000, "",
            "Chronicle index blocks (one per index count x spacing messages: 2^20 for FAST_DAILY) the warm-up"
                    + " crosses at qp.warmupRate, in at most half of qp.warmupSeconds; a comparison's JVMs cross 2"
                    + " unless this is set (docs/interleaved.md)");
    public static final Setting STEADY_SECONDS = Setting.whole("qp.steadySeconds", 3, 1, 3600, " seconds",
            "the warm-up ends once this many paced seconds in a row had no JIT compilation or deoptimisation and"
                    + " no allocation by the hot loops; a comparison's JVMs: " + ComparisonOptions.STEADY_SECONDS
                    + " unless given, in slices");
    public static final Setting WARMUP_GC = Setting.flag("qp.warmupGc", true,
            "true: the warm-up asks for a full GC (System.gc()) before its first stage's seconds 1 and 2 and as its"
                    + " paced stage starts, so a GC's path through Chronicle's index lookup is compiled and the"
                    + " measured window starts with a nearly empty young generation, see docs/steady-state.md");
    public static final Setting RESOLVE_LITERALS = Setting.flag("qp.resolveLiterals", true,
            "true: as the paced stage starts, the warm-up resolves the string literals of every loaded class of the"
                    + " class path, which a C2 compilation requested in the measured window would otherwise do on the"
                    + " benchmark thread that asked, allocating, see docs/steady-state.md");
    public static final Setting SECONDS = Setting.whole("qp.seconds", 100, 1, 86_400, " seconds",
            "measured seconds per run");
    public static final Setting RUNS = Setting.whole("qp.runs", 1, 1, 100, "",
            "measured runs after the one warm-up, back to back in this JVM");
    public static final Setting QUEUE_DIR = Setting.text("qp.queueDir", defaultQueueParent(),
            "an existing writable directory with room for the run's queue",
            "parent of the fresh queue directory made for each run")
            .documentedAs("/dev/shm if writable, else java.io.tmpdir");
    public static final Setting RESULTS_DIR = Setting.text("qp.resultsDir", "results" + File.separator + "runs",
            "a writable directory (created if missing)", "parent of the new results folder made for each run")
            .documentedAs("results/runs");
    public static final Setting KEEP_QUEUE = Setting.flag("qp.keepQueue", false,
            "keep the queue files after the run (else they are deleted)");
    public static final Setting BARE = Setting.flag("qp.bare", false,
            "true: the producer and consumer alone, with no progress line, during-run monitor, jitter probe,"
                    + " .hlog interval logs or JVM event recording (JFR; qp.jvmEvents is ignored): the baseline for"
                    + " the harness's own cost");
    public static final Setting BLOCK_SIZE_MIB = Setting.whole("qp.blockSizeMiB", 0, 0, 16_384, " MiB",
            "Chronicle Queue block (memory-map chunk) size").lowestMeans("sized to hold the whole run");
    public static final Setting ROLL_CYCLE = Setting.text("qp.rollCycle", "FAST_DAILY",
            "a net.openhft.chronicle.queue.RollCycles name, e.g. FAST_DAILY, FAST_HOURLY, WEEKLY",
            "Chronicle Queue roll cycle");
    public static final Setting PROFILE = Setting.text("qp.profile", "",
            "up to 64 of A-Z a-z 0-9 . _ -", "label of the JVM profile, recorded in the results");

    public static final Setting FORK = Setting.flag("qp.fork", true,
            "true: measure in a fresh JVM of its own (see docs/running.md); false: in this JVM, for debugging");

    /** Accepted values and their text come from the transport registry (docs/architecture.md). */
    public static final Setting TRANSPORT = Setting.oneOf("qp.transport", Transports.CHRONICLE,
            "how messages move from producer to consumer",
            () -> Transports.all().stream().map(TransportEntry::name).collect(Collectors.toList()),
            () -> Setting.either(Transports.all().stream().map(TransportEntry::describe).collect(Collectors.toList())));

    public static final Setting JVM_EVENTS = Setting.flag("qp.jvmEvents", true,
            "record every compilation, deoptimisation, safepoint and GC pause (JFR in-process on JDK 14+; see"
                    + " docs/evidence.md)");
    public static final Setting JITTER_PROBE = Setting.oneOf("qp.jitterProbe", "auto",
            "run the OS jitter probe on a CPU of its own", () -> Arrays.asList("auto", "true", "false"),
            () -> "auto (on when a usable CPU is free after the producer and consumer), true or false");
    public static final Setting JITTER_CPU = Setting.text("qp.jitterCpu", "auto",
            "auto (the highest free usable CPU, else unpinned), -1 (unpinned) or a CPU id from 0 to " + MAX_CPU,
            "CPU the OS jitter probe is pinned to");
    public static final Setting JITTER_THRESHOLD_NANOS = Setting.whole("qp.jitterThresholdNanos", 1000, 1,
            1_000_000_000L, " ns", "gaps in the jitter probe's spin longer than this are recorded");
    public static final Setting INJECT_PRODUCER_STALL_MILLIS = Setting.whole("qp.injectProducerStallMillis", 0, 0,
            60_000, " ms", "calibration: stall the producer once, at qp.injectStallAtSecond").lowestMeans("off");
    public static final Setting INJECT_CONSUMER_STALL_MILLIS = Setting.whole("qp.injectConsumerStallMillis", 0, 0,
            60_000, " ms", "calibration: stall the consumer once, at qp.injectStallAtSecond").lowestMeans("off");
    /** Its upper bound depends on qp.seconds and qp.runs, so BenchmarkOptions checks it. */
    public static final Setting INJECT_STALL_AT_SECOND = Setting.text("qp.injectStallAtSecond", "1",
            "0 to qp.seconds x qp.runs - 1", "measured second (0-based, across runs) at whose start stalls happen");
    public static final Setting INJECT_CONSUMER_SPIN_NANOS = Setting.whole("qp.injectConsumerSpinNanos", 0, 0,
            1_000_000_000L, " ns", "calibration, and a comparison's known difference: every N-th message's receive"
                    + " stamp is taken only after the consumer spins this long (docs/interleaved.md)")
            .lowestMeans("off");
    public static final Setting INJECT_EVERY_MESSAGES = Setting.whole("qp.injectEveryMessages", 1000, 1,
            1_000_000_000L, "", "N for qp.injectConsumerSpinNanos (1: every message)");

    // The interleaved comparison (docs/interleaved.md): read by ComparisonOptions, never by a single run.
    public static final Setting COMPARE_VARIANTS = Setting.text("qp.compare.variants", "",
            "name=java-home|flags entries separated by ';' (run-matrix.sh --design interleaved writes them)",
            "comparison: the variants, each a name, the Java home it runs on and its JVM flags");
    public static final Setting COMPARE_BLOCKS = Setting.whole("qp.compare.blocks", 6, 1, 1000, "",
            "comparison: blocks, each a fresh JVM per variant; the blocks are the units of every interval");
    public static final Setting COMPARE_CYCLES = Setting.whole("qp.compare.cycles", 10, 2, 100_000, "",
            "comparison: cycles per block; in each, every variant measures one slice, in a new random order; few,"
            + " because fresh JVMs differ far more than cycles do and cost far more (the report's best cycles per"
            + " block, docs/interleaved.md)");
    public static final Setting COMPARE_SLICE_MILLIS = Setting.whole("qp.compare.sliceMillis", 1000, 10, 60_000, " ms",
            "comparison: one measured slice at qp.rate; 1 s keeps two turns within the seconds that share a level"
                    + " of the host's placement (docs/interleaved.md)");
    public static final Setting COMPARE_RESUME_MESSAGES = Setting.whole("qp.compare.resumeMessages", 1000, 0,
            1_000_000, "", "comparison: messages sent and received at the start of each slice, unrecorded,"
                    + " the same for every variant (the threads leave their parked state here)");
    // Old names, still read by a comparison (ComparisonOptions), which prints oldNameNotices for them.
    public static final Setting COMPARE_WARMUP_SLICES = Setting.whole("qp.compare.warmupSlices", 90, 5, 3600, "",
            "old name of a comparison's warm-up bound in slices: now qp.warmupSeconds; where given, it wins");
    public static final Setting COMPARE_STEADY_SLICES = Setting.whole("qp.compare.steadySlices", 5, 1, 1000, "",
            "old name of a comparison's quiet slices in a row: now qp.steadySeconds; where given, it wins");
    public static final Setting COMPARE_RECEIVE_SPIN_NANOS = Setting.whole("qp.compare.receiveSpinNanos", 0, 0,
            1_000_000, " ns", "old name: now qp.injectConsumerSpinNanos with qp.injectEveryMessages=1");
    public static final Setting COMPARE_QUEUES = Setting.whole("qp.compare.queues", 8, 1, 64, "",
            "comparison: queues each variant's JVM writes, slice by slice (qp.compare.queueOrder), so one JVM"
                    + " samples several placements of a queue in memory instead of drawing one for its life"
                    + " (docs/interleaved.md)");
    public static final Setting COMPARE_QUEUE_ORDER = Setting.oneOf("qp.compare.queueOrder", "random",
            "comparison, with qp.compare.queues: random draws each measured slice's queue, so one JVM samples its"
                    + " queues' memory in no fixed pattern; turns sends measured slice n through queue n mod K"
                    + " (warm-up slices take turns either way, until every queue had a quiet one)",
            "turns", "random");
    public static final Setting COMPARE_QUEUE_SEED = Setting.whole("qp.compare.queueSeed", 0, 0, Long.MAX_VALUE, "",
            "comparison: seed of qp.compare.queueOrder=random's draws; a fixed seed gives every JVM the same draws")
            .lowestMeans("from each JVM's clock, in its log");
    public static final Setting COMPARE_RENEW_EVERY = Setting.whole("qp.compare.renewEvery", 1, 0, 1000, "",
            "comparison: before every N-th measured slice (and as often in the paced warm-up) the producer and"
                    + " consumer are new threads with new senders, receivers, message buffers and histograms, so one"
                    + " JVM samples their placement in memory; each queue then passes one Chronicle index spacing of"
                    + " unrecorded messages (docs/interleaved.md)").lowestMeans("never");
    public static final Setting COMPARE_RECOMPILE = Setting.flag("qp.compare.recompile", true,
            "comparison: true: each JVM, once warm, drops its compiled code (HotSpot's WhiteBox API) and warms up"
                    + " again (30-80 s a JVM); false keeps the first compilation, in about one JVM in eight 1.15-1.55x"
                    + " slow for life (docs/interleaved.md)");
    public static final Setting COMPARE_PAUSE_IDLE = Setting.flag("qp.compare.pauseIdle", true,
            "comparison: true stops (SIGSTOP) every JVM that is not measuring, warming up or reading back, so its own"
                    + " threads (the JVM's periodic task, monitor deflation, the collector's service thread) take no"
                    + " CPU from the one that measures; each is continued 50 ms before its turn");
    public static final Setting COMPARE_SHARED_QUEUE = Setting.flag("qp.compare.sharedQueue", false,
            "comparison: true: the variants of a block write one queue in turn (one directory per block, owned by"
                    + " the parent), so both sides of a pair go through the same pages; each JVM skips the others'"
                    + " messages and reads back its own (one queue a JVM, on qp.transport=chronicle;"
                    + " docs/interleaved.md)");
    public static final Setting COMPARE_SEED = Setting.whole("qp.compare.seed", 0, 0, Long.MAX_VALUE, "",
            "comparison: seed of every random order").lowestMeans("from the clock, recorded");
    public static final Setting COMPARE_STOP = Setting.oneOf("qp.compare.stop", "fixed",
            "comparison: fixed runs qp.compare.blocks blocks; stein takes them as a pilot and adds the blocks"
                    + " Stein's two-stage rule asks for the p50 half-width qp.compare.targetPercent; median runs at"
                    + " least qp.compare.blocks (and 6), then one more at a time until every pair's p50 median of"
                    + " blocks is within qp.compare.targetPercent, which then is the primary figure",
            "fixed", "stein", "median");
    public static final Setting COMPARE_TARGET_PERCENT = Setting.whole("qp.compare.targetPercent", 5, 1, 100, " %",
            "comparison: the p50 ratio's interval half-width the stein and median stop rules aim at");
    public static final Setting COMPARE_MAX_MINUTES = Setting.whole("qp.compare.maxMinutes", 0, 0, 100_000,
            " minutes", "comparison: no new block starts after this long").lowestMeans("no cap");
    public static final Setting COMPARE_MAX_VOID_PERCENT = Setting.whole("qp.compare.maxVoidPercent", 20, 0, 100,
            " %", "comparison: a variant whose slices void more of its block's cycles than this fails");
    public static final Setting COMPARE_MAX_OUTSIDE_CPU_PERCENT = Setting.whole("qp.compare.maxOutsideCpuPercent", 10,
            0, 200, " % of one CPU", "comparison: a slice during which processes outside the comparison used more"
                    + " CPU than this (of one CPU, over the slice from its request to its reply) voids its cycle as"
                    + " disturbed")
            .lowestMeans("off");

    /** Not a run setting (never echoed or recorded): prints every setting and exits before anything runs. */
    public static final Setting HELP = Setting.flag("qp.help", false,
            "true: print every setting with its default, accepted values and meaning, then exit without running");

    public static final List<Setting> ALL = Collections.unmodifiableList(Arrays.asList(
            PRODUCER_CPU, CONSUMER_CPU, STRICT_AFFINITY, RATE, SIZE, WARMUP_SECONDS, WARMUP_RATE, WARMUP_INDEX_BLOCKS,
            STEADY_SECONDS, WARMUP_GC, RESOLVE_LITERALS, SECONDS, RUNS,
            QUEUE_DIR, RESULTS_DIR, KEEP_QUEUE, BARE, BLOCK_SIZE_MIB, ROLL_CYCLE, PROFILE, FORK, TRANSPORT, JVM_EVENTS,
            JITTER_PROBE, JITTER_CPU, JITTER_THRESHOLD_NANOS, INJECT_PRODUCER_STALL_MILLIS,
            INJECT_CONSUMER_STALL_MILLIS, INJECT_STALL_AT_SECOND, INJECT_CONSUMER_SPIN_NANOS, INJECT_EVERY_MESSAGES));
    /** The interleaved comparison's settings: accepted and listed, not echoed or recorded by a single run. */
    public static final List<Setting> COMPARISON = Collections.unmodifiableList(Arrays.asList(
            COMPARE_VARIANTS, COMPARE_BLOCKS, COMPARE_CYCLES, COMPARE_SLICE_MILLIS, COMPARE_RESUME_MESSAGES,
            COMPARE_WARMUP_SLICES, COMPARE_STEADY_SLICES, COMPARE_RECEIVE_SPIN_NANOS, COMPARE_QUEUES,
            COMPARE_QUEUE_ORDER, COMPARE_QUEUE_SEED, COMPARE_RENEW_EVERY, COMPARE_SHARED_QUEUE, COMPARE_RECOMPILE,
            COMPARE_PAUSE_IDLE,
            COMPARE_SEED, COMPARE_STOP, COMPARE_TARGET_PERCENT, COMPARE_MAX_MINUTES, COMPARE_MAX_VOID_PERCENT,
            COMPARE_MAX_OUTSIDE_CPU_PERCENT));
    /** Every name {@code qp.*} accepts (the run settings, the comparison's and qp.help): what the table lists. */
    public static final List<Setting> ACCEPTED = Collections.unmodifiableList(Stream.of(ALL, COMPARISON,
            Collections.singletonList(HELP)).flatMap(List::stream).collect(Collectors.toList()));

    private Settings() {
    }

    /** /dev/shm keeps the queue in RAM, as the article did; elsewhere the temp directory. */
    static String defaultQueueParent() {
        final File shm = new File("/dev/shm");
        return shm.isDirectory() && shm.canWrite() ? shm.getPath() : System.getProperty("java.io.tmpdir");
    }
}
