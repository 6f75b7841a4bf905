package io.fastestjvm.benchmark;

import io.fastestjvm.config.BenchmarkOptions;

/**
 * Splits the one continuous message stream into the warm-up and the measured runs. The warm-up has two stages:
 * [0, pacedStart) at the warm-up rate, which crosses the queue's index-block boundaries quickly, then paced
 * seconds at the measured rate until the hot path is steady (or the upper bound). Measured run r is
 * [measuredStart + r * perRun, measuredStart + (r + 1) * perRun).
 *
 * <p>Both threads work in chunks of one second's messages and read the phase only between chunks, so the inner
 * loops run identically in warm-up and measurement. The measured start can only move earlier, and only by the
 * producer at a chunk boundary, to the boundary after the next one: the consumer reads it at a boundary it
 * reaches only after receiving a whole chunk sent after the change, so both agree on it.
 */
final class Phases {
    final long warmupRate;
    final long rate;
    final long pacedStart;
    final long latestMeasuredStart;
    final int messagesPerRun;
    final int runs;
    final boolean earlyStart;
    private volatile long measuredStart;

    Phases(final long warmupRate, final long pacedStart, final long latestMeasuredStart, final int messagesPerRun,
           final int runs, final long rate, final boolean earlyStart) {
        if (pacedStart % warmupRate != 0 || (latestMeasuredStart - pacedStart) % rate != 0
                || latestMeasuredStart < pacedStart) {
            throw new IllegalArgumentException("warm-up stages must be whole chunks: " + pacedStart + ", "
                    + latestMeasuredStart);
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
    static Phases of(final BenchmarkOptions options, final boolean earlyStart) {
        return new Phases(options.warmupRate(), options.fastWarmupMessages(), options.warmupMessages(),
                Math.toIntExact(options.messagesPerRun()), options.runs(), options.rate(), earlyStart);
    }

    /** The first measured sequence; before the decision, the upper bound. */
    long measuredStart() {
        return measuredStart;
    }

    /**
     * Where both threads rehearse the placement probe: the second paced chunk, so a run's first messages go out
     * at once (the queue's file is created by its first write) and the probe's code is compiled well before the
     * probes at the measured window's edges. None (-1) when the paced stage has fewer than two chunks.
     */
    long probeRehearsal() {
        final long at = pacedStart + rate;
        return at < latestMeasuredStart ? at : -1;
    }

    /**
     * Whether the warm-up collects before chunk {@code chunk} (producer, at its start). Before the first stage's
     * seconds 1 and 2: a GC empties Chronicle's weakly held index arrays, and a lookup that finds one empty while
     * its code is still profiled is compiled with that branch (found empty first after C2 compiled it, it
     * deoptimises and recompiles). As the paced stage starts: the measured window then starts with a young
     * generation nearly empty, and anything that collection does to the hot path happens where the steady-state
     * criterion watches. No collection when there is no paced stage, so nothing unwatched precedes the window.
     */
    boolean collectsBefore(final long chunk) {
        if (pacedStart >= measuredStart) {
            return false;
        }
        return chunk == pacedStart || (chunk < pacedStart && (chunk == warmupRate || chunk == 2 * warmupRate));
    }

    /** Messages per second in the stage chunk {@code chunk} belongs to. */
    long rateAt(final long chunk) {
        return chunk < pacedStart ? warmupRate : rate;
    }

    /** Paced warm-up seconds at the upper bound. */
    int pacedSeconds() {
        return (int) ((latestMeasuredStart - pacedStart) / rate);
    }

    /**
     * Producer only, at the end of paced second {@code seconds - 1}: measurement starts after paced second
     * {@code seconds}, one whole chunk from now. Never later than the upper bound, never undone.
     */
    void measureAfterPacedSeconds(final int seconds) {
        final long at = pacedStart + seconds * rate;
        if (earlyStart && at < measuredStart) {
            measuredStart = at;
        }
    }

    /** The warm-up second (chunk) message {@code sequence} belongs to, counting the fast stage's seconds. */
    long warmupSecondOf(final long sequence) {
        return sequence < pacedStart ? sequence / warmupRate : pacedStart / warmupRate + (sequence - pacedStart) / rate;
    }

    long runStart(final int run) {
        return measuredStart + (long) run * messagesPerRun;
    }

    long total() {
        return runStart(runs);
    }

    /** One second's messages at the rate of the stage the chunk is in. */
    long chunkEnd(final long chunkStart) {
        return Math.min(chunkStart + rateAt(chunkStart), total());
    }

    /** The run that starts at {@code sequence}, -1 for none. */
    int runStartingAt(final long sequence) {
        final long start = measuredStart;
        if (sequence < start || (sequence - start) % messagesPerRun != 0) {
            return -1;
        }
        final long run = (sequence - start) / messagesPerRun;
        return run < runs ? (int) run : -1;
    }
}
