package io.fastestjvm.slice;

import java.util.SplittableRandom;

import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.warmup.SteadyStateCriterion;

/**
 * Which of a warm JVM's queues each slice goes through ({@code qp.compare.queues}, {@code .queueOrder}), whether
 * its warm-up has warmed every queue, and before which slices its workers are renewed ({@code .renewEvery}).
 * <ul>
 *   <li>The fast warm-up stage writes queue 0 only; it crosses the index blocks of one queue.</li>
 *   <li>Paced warm-up slices take the queues in turn, and the warm-up goes on until the single run's steady rule
 *       ({@link SteadyStateCriterion}, in slices, after at least {@link #MIN_WARMUP_SLICES}) holds and each queue
 *       has had a quiet slice, so no queue's first use (Chronicle allocates on it) is measured; the code is shared
 *       by every queue, so the quiet slices in a row may span queues.</li>
 *   <li>Measured slices take turns too (slice n through queue n mod K, n counting every slice of the JVM), or,
 *       with {@code random}, each draws its queue, so one JVM samples its queues' placements in no fixed pattern.</li>
 *   <li>With {@code qp.compare.renewEvery=N}, the workers are renewed before measured slice 0, N, 2N, ... and, so
 *       the new objects' paths are warm too, before paced warm-up slice 0, N, 2N, ...</li>
 * </ul>
 * Command thread only.
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

    SliceSchedule(final int queues, final SplittableRandom random, final int steadySlices, final int renewEvery) {
        this.queues = queues;
        this.random = random;
        this.steadySlices = steadySlices;
        this.renewEvery = renewEvery;
        this.quietWarmupSlices = new int[queues];
    }

    /** The schedule {@code options} ask for; with random order its draws are seeded by {@code seed}. */
    static SliceSchedule of(final ComparisonOptions options, final long seed) {
        return new SliceSchedule(options.queues(), options.randomQueueOrder() ? new SplittableRandom(seed) : null,
                options.steadySlices(), options.renewEvery());
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

    /** True when the workers are to be renewed before the next paced warm-up slice. */
    boolean renewsBeforePacedWarmup() {
        return renewEvery > 0 && pacedSlices % renewEvery == 0;
    }

    /** True when the workers are to be renewed before the next measured slice. */
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
