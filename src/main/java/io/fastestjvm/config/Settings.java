package io.fastestjvm.config;

import java.io.File;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** The table of every {@code qp.*} setting: names, defaults and accepted ranges, in the order they are echoed. */
public final class Settings {
    public static final long MAX_RATE = 50_000_000L;
    public static final int MAX_SIZE = 1 << 20;
    public static final int MAX_CPU = 4095;

    public static final Setting PRODUCER_CPU = new Setting("qp.producerCpu", "2",
            "-1 (no pinning) or a CPU id from 0 to " + MAX_CPU, "CPU the producer thread is pinned to");
    public static final Setting CONSUMER_CPU = new Setting("qp.consumerCpu", "4",
            "-1 (no pinning) or a CPU id from 0 to " + MAX_CPU, "CPU the consumer thread is pinned to");
    public static final Setting STRICT_AFFINITY = new Setting("qp.strictAffinity", "false",
            "true or false", "true: a CPU that cannot be had is an error instead of a fallback");
    public static final Setting RATE = new Setting("qp.rate", "100000",
            "1 to " + MAX_RATE + " msg/s", "messages per second, on a fixed schedule");
    public static final Setting SIZE = new Setting("qp.size", "256",
            "32 (the header) to " + MAX_SIZE + " bytes", "message size in bytes");
    public static final Setting WARMUP_SECONDS = new Setting("qp.warmupSeconds", "80",
            "0 to 3600 seconds", "upper bound of the warm-up (excluded from every figure); it ends earlier once the"
                    + " hot path is steady, see docs/steady-state.md");
    public static final Setting WARMUP_RATE = new Setting("qp.warmupRate", "0",
            "0 (4 x qp.rate, at most " + MAX_RATE + ") or 1 to " + MAX_RATE + " msg/s",
            "rate of the warm-up's first stage, which crosses qp.warmupIndexBlocks index blocks");
    public static final Setting WARMUP_INDEX_BLOCKS = new Setting("qp.warmupIndexBlocks", "8",
            "0 to 1000", "Chronicle index blocks (one per index count x spacing messages: 2^20 for FAST_DAILY) the"
                    + " warm-up crosses at qp.warmupRate, in at most half of qp.warmupSeconds");
    public static final Setting STEADY_SECONDS = new Setting("qp.steadySeconds", "3",
            "1 to 3600 seconds", "the warm-up ends once this many paced seconds in a row had no JIT compilation"
                    + " or deoptimisation and the hot loops allocated 0 B in the last one");
    public static final Setting SECONDS = new Setting("qp.seconds", "100",
            "1 to 86400 seconds", "measured seconds per run");
    public static final Setting RUNS = new Setting("qp.runs", "1",
            "1 to 100", "measured runs after the one warm-up, back to back in this JVM");
    public static final Setting QUEUE_DIR = new Setting("qp.queueDir", defaultQueueParent(),
            "an existing writable directory with room for the run's queue",
            "parent of the fresh queue directory made for each run", "/dev/shm if writable, else java.io.tmpdir");
    public static final Setting RESULTS_DIR = new Setting("qp.resultsDir", "results" + File.separator + "runs",
            "a writable directory (created if missing)", "parent of the new results folder made for each run",
            "results/runs");
    public static final Setting KEEP_QUEUE = new Setting("qp.keepQueue", "false",
            "true or false", "keep the queue files after the run (else they are deleted)");
    public static final Setting BARE = new Setting("qp.bare", "false",
            "true or false", "true: the producer and consumer alone, with no progress line, during-run monitor,"
            + " jitter probe or .hlog interval logs (the baseline for the harness's own cost)");
    public static final Setting BLOCK_SIZE_MIB = new Setting("qp.blockSizeMiB", "0",
            "0 (sized to hold the whole run) or 1 to 16384 MiB", "Chronicle Queue block (memory-map chunk) size");
    public static final Setting ROLL_CYCLE = new Setting("qp.rollCycle", "FAST_DAILY",
            "a net.openhft.chronicle.queue.RollCycles name, e.g. FAST_DAILY, FAST_HOURLY, WEEKLY",
            "Chronicle Queue roll cycle");
    public static final Setting PROFILE = new Setting("qp.profile", "",
            "up to 64 of A-Z a-z 0-9 . _ -", "label of the JVM profile, recorded in the results");

    public static final Setting FORK = new Setting("qp.fork", "true",
            "true or false", "true: measure in a fresh JVM of its own (see docs/running.md); false: in this JVM,"
                    + " for debugging");

    public static final Setting TRANSPORT = new Setting("qp.transport", "chronicle",
            "chronicle (memory-mapped Chronicle Queue, persisted), floor (minimal off-heap SPSC ring, not persisted)"
                    + ", agrona (Agrona OneToOneRingBuffer, not persisted)"
                    + " or disruptor (LMAX Disruptor, not persisted)",
            "how messages move from producer to consumer");


    public static final Setting JVM_EVENTS = new Setting("qp.jvmEvents", "true", "true or false",
            "record every compilation, deoptimisation, safepoint and GC pause (JFR in-process on JDK 14+; see"
                    + " docs/evidence.md)");
    public static final Setting JITTER_PROBE = new Setting("qp.jitterProbe", "auto",
            "auto (on when a usable CPU is free after the producer and consumer), true or false",
            "run the OS jitter probe on a CPU of its own");
    public static final Setting JITTER_CPU = new Setting("qp.jitterCpu", "auto",
            "auto (the highest free usable CPU, else unpinned), -1 (unpinned) or a CPU id from 0 to " + MAX_CPU,
            "CPU the OS jitter probe is pinned to");
    public static final Setting JITTER_THRESHOLD_NANOS = new Setting("qp.jitterThresholdNanos", "1000",
            "1 to 1000000000 ns", "gaps in the jitter probe's spin longer than this are recorded");
    public static final Setting INJECT_PRODUCER_STALL_MILLIS = new Setting("qp.injectProducerStallMillis", "0",
            "0 (off) to 60000 ms", "calibration: stall the producer once, at qp.injectStallAtSecond");
    public static final Setting INJECT_CONSUMER_STALL_MILLIS = new Setting("qp.injectConsumerStallMillis", "0",
            "0 (off) to 60000 ms", "calibration: stall the consumer once, at qp.injectStallAtSecond");
    public static final Setting INJECT_STALL_AT_SECOND = new Setting("qp.injectStallAtSecond", "1",
            "0 to qp.seconds x qp.runs - 1", "measured second (0-based, across runs) at whose start stalls happen");
    public static final Setting INJECT_CONSUMER_SPIN_NANOS = new Setting("qp.injectConsumerSpinNanos", "0",
            "0 (off) to 1000000000 ns", "calibration: the consumer spins this long after every N-th message");
    public static final Setting INJECT_EVERY_MESSAGES = new Setting("qp.injectEveryMessages", "1000",
            "1 to 1000000000", "N for qp.injectConsumerSpinNanos");

    public static final List<Setting> ALL = Collections.unmodifiableList(Arrays.asList(
            PRODUCER_CPU, CONSUMER_CPU, STRICT_AFFINITY, RATE, SIZE, WARMUP_SECONDS, WARMUP_RATE, WARMUP_INDEX_BLOCKS,
            STEADY_SECONDS, SECONDS, RUNS,
            QUEUE_DIR, RESULTS_DIR, KEEP_QUEUE, BARE, BLOCK_SIZE_MIB, ROLL_CYCLE, PROFILE, FORK, TRANSPORT, JVM_EVENTS,
            JITTER_PROBE, JITTER_CPU, JITTER_THRESHOLD_NANOS, INJECT_PRODUCER_STALL_MILLIS,
            INJECT_CONSUMER_STALL_MILLIS, INJECT_STALL_AT_SECOND, INJECT_CONSUMER_SPIN_NANOS, INJECT_EVERY_MESSAGES));

    private Settings() {
    }

    /** /dev/shm keeps the queue in RAM, as the article did; elsewhere the temp directory. */
    static String defaultQueueParent() {
        final File shm = new File("/dev/shm");
        return shm.isDirectory() && shm.canWrite() ? shm.getPath() : System.getProperty("java.io.tmpdir");
    }
}
