package io.fastestjvm.engine;

import io.fastestjvm.config.BenchmarkOptions;

/**
 * The single run's message stream as stages of one-second chunks, with the edges between them written once. The
 * measured start only moves earlier, by the producer, to the boundary after the next, so both threads agree on it.
 */
public final class StagePlan {
    public enum Stage { FAST_WARMUP, PACED_WARMUP, MEASURED }

    /** Edge: a warm-up collection (the producer's). */
    public static final int COLLECT = 1;
    /** Edge: the paced stage begins; the steady-state watch takes its baseline (the producer's). */
    public static final int PACED_START = 1 << 1;
    /** Edge: both threads rehearse the placement probe (at the second paced chunk, after the queue's first write). */
    public static final int PROBE_REHEARSAL = 1 << 2;
    /** Edge: the loaded classes' string literals are resolved, before either stage above or the window (producer). */
    public static final int RESOLVE_LITERALS = 1 << 3;
    /** Edge: the measured window's start (both). */
    public static final int WINDOW_START = 1 << 4;
    /** Edge: a measured run begins; the recorders move to it (the consumer's). */
    public static final int RUN_START = 1 << 5;

    private final long warmupRate;
    private final long rate;
    private final long pacedStart;
    private final long latestMeasuredStart;
    private final int messagesPerRun;
    private final int runs;
    private final boolean earlyStart;
    private volatile long measuredStart;

    public StagePlan(final long warmupRate, final long pacedStart, final long latestMeasuredStart,
                     final int messagesPerRun, final int runs, final long rate, final boolean earlyStart) {
        if (pacedStart % warmupRate != 0 || (latestMeasuredStart - pacedStart) % rate != 0
                || latestMeasuredStart < pacedStart || messagesPerRun % rate != 0) {
            throw new IllegalArgumentException("stages must be whole chunks: " + pacedStart + ", "
                    + latestMeasuredStart + ", " + messagesPerRun);
        }
        this.warmupRate = warmupRate;
        this.rate = rate;
        this.pacedStart = pacedStart;
        this.latestMeasuredStart = latestMeasuredStart;
        this.messagesPerRun = messagesPerRun;
        this.runs = runs;
        this.earlyStart = earlyStart;
        this.measuredStart = latestMeasuredStart;
    }

    /**
     * One-message chunks {@link #rehearse} walks: six times C1's threshold (200 calls, raised while C1's queue is long,
     * as at start-up), below C2's (5,000) with {@code total}'s two calls a chunk and a run's 200-odd chunks a thread.
     */
    static final int REHEARSED_CHUNKS = 1_200;

    /**
     * Walks a scratch plan's chunks through every stage as {@link ChunkLoop} does, before a run: once a second by
     * both threads, the window's own calls compiled the per-chunk methods in it. C1's code (tier 3) keeps no traps a
     * run's plan could take; this loop's own back edges stay far below an on-stack compilation.
     */
    public static void rehearse() {
        final StagePlan scratch = new StagePlan(1, REHEARSED_CHUNKS / 4, REHEARSED_CHUNKS / 2, REHEARSED_CHUNKS / 4,
                2, 1, false);
        for (long chunk = 0; chunk < scratch.total(); chunk = scratch.chunkEnd(chunk)) {
            scratch.edgesBefore(chunk);
            scratch.stageOf(chunk);
        }
    }

    /** {@code earlyStart}: whether steady state may end the warm-up before its upper bound. */
    public static StagePlan of(final BenchmarkOptions options, final boolean earlyStart) {
        return new StagePlan(options.warmupRate(), options.fastWarmupMessages(), options.warmupMessages(),
                Math.toIntExact(options.messagesPerRun()), options.runs(), options.rate(), earlyStart);
    }

    /**
     * The edge bits before chunk {@code chunk}: {@link #COLLECT} before fast seconds 1 and 2 (Chronicle's index
     * arrays seen empty while profiled) and at the paced start, where the steady-state watch sees its effects.
     */
    public int edgesBefore(final long chunk) {
        final long measured = measuredStart; // read once: the producer may move it
        int edges = chunk == Math.min(pacedStart, measured) ? RESOLVE_LITERALS : 0;
        if (chunk < measured) {
            if (pacedStart < measured && (chunk == pacedStart
                    || (chunk < pacedStart && (chunk == warmupRate || chunk == 2 * warmupRate)))) {
                edges |= COLLECT;
            }
            if (chunk == pacedStart) {
                edges |= PACED_START;
            }
            if (chunk == pacedStart + rate && chunk < latestMeasuredStart) {
                edges |= PROBE_REHEARSAL;
            }
        } else if ((chunk - measured) % messagesPerRun == 0 && chunk < measured + measuredMessages()) {
            edges |= chunk == measured ? RUN_START | WINDOW_START : RUN_START;
        }
        return edges;
    }

    public Stage stageOf(final long chunk) {
        return chunk < pacedStart ? Stage.FAST_WARMUP : chunk < measuredStart ? Stage.PACED_WARMUP : Stage.MEASURED;
    }

    /** The first measured sequence; before the decision, the upper bound. */
    public long measuredStart() {
        return measuredStart;
    }

    public long rateAt(final long chunk) {
        return chunk < pacedStart ? warmupRate : rate;
    }

    /** Paced warm-up seconds at the upper bound. */
    public int pacedSeconds() {
        return (int) ((latestMeasuredStart - pacedStart) / rate);
    }

    /** Producer only, at the end of paced second {@code seconds - 1}: measure after paced second {@code seconds}. */
    public void measureAfterPacedSeconds(final int seconds) {
        final long at = pacedStart + seconds * rate;
        if (earlyStart && at < measuredStart) {
            measuredStart = at;
        }
    }

    /** The warm-up second (chunk) message {@code sequence} belongs to, counting the fast stage's seconds. */
    public long warmupSecondOf(final long sequence) {
        return sequence < pacedStart ? sequence / warmupRate : pacedStart / warmupRate + (sequence - pacedStart) / rate;
    }

    public int runOf(final long sequence) {
        return (int) ((sequence - measuredStart) / messagesPerRun);
    }

    public int messagesPerRun() {
        return messagesPerRun;
    }

    public int runs() {
        return runs;
    }

    public long measuredMessages() {
        return (long) runs * messagesPerRun;
    }

    /** Every message of the stream, warm-up included. */
    public long total() {
        return measuredStart + measuredMessages();
    }

    /** One second's messages at the rate of the stage the chunk is in. */
    public long chunkEnd(final long chunkStart) {
        return Math.min(chunkStart + rateAt(chunkStart), total());
    }
}
