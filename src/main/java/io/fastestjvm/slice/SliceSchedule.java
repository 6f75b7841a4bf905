package io.fastestjvm.slice;

import java.util.SplittableRandom;

import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.warmup.SteadyStateCriterion;

/**
 * Which queue each of a warm JVM's slices goes through, whether the warm-up is steady, and when the workers are
 * renewed. The warm-up ends only once every queue had a quiet slice, so no queue's first use is measured.
 */
final class SliceSchedule {
    /** Warm-up slices before any can count as steady: the first compilations come in waves. */
    static final int MIN_WARMUP_SLICES = 10;

    private final int queues;
    /** Null for turns. */
    private final SplittableRandom random;
    /** qp.steadySeconds in slices: quiet slices in a row that end the warm-up. */
    private final int steadySlices;
    /** 0: never. */
    private final int renewEvery;
    /** Per queue, the paced warm-up slices through it that were quiet. */
    private final int[] quietWarmupSlices;
    /** The current paced warm-up's (a recompilation starts another). */
    private SteadyStateCriterion steadiness;
    private long pacedSlices;
    private long measuredSlices;
    /** Every slice so far, fast, paced and measured: turns take queue {@code slices mod K}. */
    private long slices;

    /** The schedule {@code options} ask for; with random order its draws are seeded by {@code seed}. */
    SliceSchedule(final ComparisonOptions options, final long seed) {
        this.queues = options.queues();
        this.random = options.randomQueueOrder() ? new SplittableRandom(seed) : null;
        this.steadySlices = options.steadySlices();
        this.renewEvery = options.renewEvery();
        this.quietWarmupSlices = new int[queues];
    }

    /** qp.compare.queueSeed, or the clock's when it is 0. */
    static long seed(final ComparisonOptions options) {
        return options.queueSeed() != 0 ? options.queueSeed() : System.nanoTime() & Long.MAX_VALUE;
    }

    /** The queue of the next fast warm-up slice: always 0. */
    int fastWarmupQueue() {
        slices++;
        return 0;
    }

    /** The queue of the next paced warm-up slice: in turn. */
    int pacedWarmupQueue() {
        pacedSlices++;
        return turn();
    }

    /** A paced warm-up of at most {@code bound} slices begins: its quiet stretch starts from nothing. */
    void startPacedWarmup(final int bound) {
        steadiness = new SteadyStateCriterion(steadySlices, bound, MIN_WARMUP_SLICES);
    }

    /** A paced warm-up slice through {@code queue} is done: its JIT events and hot-loop bytes (-1 unknown). */
    void pacedWarmupSliceDone(final int queue, final long jitEvents, final long bytes) {
        steadiness.unit(jitEvents, bytes);
        if (SteadyStateCriterion.quiet(jitEvents, bytes)) {
            quietWarmupSlices[queue]++;
        }
    }

    /** The queue of the next measured slice: in turn, or drawn. */
    int measuredQueue() {
        measuredSlices++;
        final int turn = turn();
        return random == null ? turn : random.nextInt(queues);
    }

    boolean renewsBeforePacedWarmup() {
        return renewEvery > 0 && pacedSlices % renewEvery == 0;
    }

    boolean renewsBeforeMeasured() {
        return renewEvery > 0 && measuredSlices % renewEvery == 0;
    }

    /** Steady: the rule holds at the last paced slice (qp.steadySeconds of them quiet), and every queue warmed in. */
    boolean steady() {
        return steadiness.holds() && everyQueueWarmed();
    }

    /** True once every queue had its warm-in: a quiet paced warm-up slice. */
    boolean everyQueueWarmed() {
        for (final int quiet : quietWarmupSlices) {
            if (quiet == 0) {
                return false;
            }
        }
        return true;
    }

    private int turn() {
        return (int) (slices++ % queues);
    }
}
