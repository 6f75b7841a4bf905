package io.fastestjvm.engine;

import io.fastestjvm.config.BenchmarkOptions;

/**
 * The single run's one message stream as stages, each a whole number of one-second chunks at its rate:
 * <ol>
 * <li>{@link Stage#FAST_WARMUP} [0, pacedStart) at the warm-up rate, which crosses the queue's index blocks
 * quickly;</li>
 * <li>{@link Stage#PACED_WARMUP} at the measured rate until the hot path is steady, at most to its bound;</li>
 * <li>{@link Stage#MEASURED}: run r is [measuredStart + r * perRun, measuredStart + (r + 1) * perRun).</li>
 * </ol>
 * What happens between chunks is written here once, for both threads, as edges ({@link #edgesBefore}); each
 * thread does its own part of an edge ({@link ChunkLoop.Worker}).
 *
 * <p>Both threads read the plan only between chunks, so the send and receive loops run identically in every stage.
 * The measured start can only move earlier, and only by the producer at a chunk boundary, to the boundary after the
 * next one: the consumer reads it at a boundary it reaches only after receiving a whole chunk sent after the change,
 * so both agree on it.
 */
public final class StagePlan {
    public enum Stage { FAST_WARMUP, PACED_WARMUP, MEASURED }

    /** Edge: a warm-up collection (the producer's). */
    public static final int COLLECT = 1;
    /** Edge: the paced stage begins; the steady-state watch takes its baseline (the producer's). */
    public static final int PACED_START = 1 << 1;
    /** Edge: both threads rehearse the placement probe. */
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

    /** {@code earlyStart}: whether steady state may end the warm-up before its upper bound. */
    public static StagePlan of(final BenchmarkOptions options, final boolean earlyStart) {
        return new StagePlan(options.warmupRate(), options.fastWarmupMessages(), options.warmupMessages(),
                Math.toIntExact(options.messagesPerRun()), options.runs(), options.rate(), earlyStart);
    }

    /**
     * What happens before chunk {@code chunk}, as a set of the edge bits above (0 for none):
     * <ul>
     * <li>{@link #COLLECT} before the fast stage's seconds 1 and 2: a GC empties Chronicle's weakly held index arrays,
     * and a lookup that finds one empty while its code is still profiled is compiled with that branch (found empty
     * first after C2 compiled it, it deoptimises and recompiles); and as the paced stage starts: the window then
     * starts with a young generation nearly empty, and anything that collection does to the hot path happens where
     * the steady-state criterion watches. None without a paced stage, so nothing unwatched precedes the window.</li>
     * <li>{@link #PROBE_REHEARSAL} at the second paced chunk, so a run's first messages go out at once (the queue's
     * file is created by its first write) and the probe's code is compiled well before the window's probes; none
     * when the paced stage has fewer than two chunks.</li>
     * <li>{@link #RESOLVE_LITERALS} at the first of the paced start and the window.</li>
     * </ul>
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

    /** The stage chunk {@code chunk} belongs to. */
    public Stage stageOf(final long chunk) {
        return chunk < pacedStart ? Stage.FAST_WARMUP : chunk < measuredStart ? Stage.PACED_WARMUP : Stage.MEASURED;
    }

    /** The first measured sequence; before the decision, the upper bound. */
    public long measuredStart() {
        return measuredStart;
    }

    /** Messages per second in the stage chunk {@code chunk} belongs to. */
    public long rateAt(final long chunk) {
        return chunk < pacedStart ? warmupRate : rate;
    }

    /** Paced warm-up seconds at the upper bound. */
    public int pacedSeconds() {
        return (int) ((latestMeasuredStart - pacedStart) / rate);
    }

    /**
     * Producer only, at the end of paced second {@code seconds - 1}: measurement starts after paced second
     * {@code seconds}, one whole chunk from now. Never later than the upper bound, never undone.
     */
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

    /** The measured run sequence {@code sequence} belongs to (a measured one). */
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
