package io.fastestjvm.placement;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;

/**
 * Core-to-core round trip between the producer's and consumer's CPUs, by those two threads: a cache-line ping-pong
 * (odd ping, even answer) on one padded slot, just before and just after the measured window, since a VM host may
 * move the vCPUs and with them every latency figure. Allocation-free once built; each position has its own slot.
 */
public final class PlacementProbe {
    public static final String SECTION = "placement";
    public static final String BEFORE_KEY = "before";
    public static final String AFTER_KEY = "after";
    public static final String MEDIAN_ROUND_TRIP_KEY = "medianRoundTripNanos";
    public static final int BEFORE = 0;
    public static final int AFTER = 1;
    /** The warm-up rehearsal ({@link #rehearseInitiator}), so the edges take no branch for the first time. */
    public static final int WARMUP = 2;
    /** How a call ended; the first three are the initiator's, the last two the responder's. */
    public enum Exit {
        FINISHED, NO_ANSWER, STOPPED_ANSWERING, RELEASED, GAVE_UP
    }

    /** Round trips timed together: one nanoTime pair per batch keeps the timer's own cost out of the figure. */
    static final int BATCH = 256;
    /** One second's worth down to a 30 ns round trip. */
    static final int MAX_BATCHES = 1 << 17;
    public static final String METHOD = "cache-line ping-pong between the pinned producer (initiator) and consumer"
            + " (responder) threads on one padded slot, " + BATCH + " round trips per timed batch; median of the"
            + " batch means; one-way = round trip / 2";
    public static final int DIFFERENCE_PERCENT = 25;
    /** About one second in all, as at each edge. */
    static final int REHEARSAL_ROUNDS = 100;
    static final long REHEARSAL_ROUND_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long STOP = Long.MIN_VALUE;
    /** A slot's state before a round and after its responder has seen the stop (slots start at 0). */
    private static final long IDLE = 0;
    /** Indexed by position into 80 longs: at least 128 bytes of padding around each slot. */
    private static final int[] SLOTS = {16, 48, 64};
    private static final int SPINS_BETWEEN_CHECKS = 1 << 14;

    private final AtomicLongArray slots = new AtomicLongArray(80);
    private final long[][] batches = new long[SLOTS.length][MAX_BATCHES];
    private final int[] batchCount = new int[SLOTS.length];
    private final String[] problem = new String[SLOTS.length];
    private final int[][] exits = new int[SLOTS.length][Exit.values().length];
    private final long durationNanos;
    private final long partnerWaitNanos;

    /** {@code durationNanos} of pinging once answered; {@code partnerWaitNanos} for either side to arrive. */
    public PlacementProbe(final long durationNanos, final long partnerWaitNanos) {
        this.durationNanos = durationNanos;
        this.partnerWaitNanos = partnerWaitNanos;
    }

    /** About one second of ping-pong, waiting up to 10 s for the partner. */
    public static PlacementProbe standard() {
        return new PlacementProbe(TimeUnit.SECONDS.toNanos(1), TimeUnit.SECONDS.toNanos(10));
    }

    /** The producer's side: pings and times round trips; every exit passes the one release, as in rehearsal. */
    public void initiate(final int position, final BooleanSupplier stop) {
        initiate(position, durationNanos, stop);
    }

    /** The consumer's side: answers each ping until the initiator says stop, or gives up at its deadline. */
    public void respond(final int position, final BooleanSupplier stop) {
        respond(position, durationNanos, stop);
    }

    /**
     * Warm-up, producer's side: many short rounds, so the loops are compiled having left through their ends; one
     * long round let C2 prune the exit branch (an unstable_if deoptimisation at the window's edge).
     */
    public void rehearseInitiator(final BooleanSupplier stop) {
        for (int round = 0; round < REHEARSAL_ROUNDS; round++) {
            if (initiate(WARMUP, REHEARSAL_ROUND_NANOS, stop) != Exit.FINISHED) {
                return;
            }
        }
    }

    /** Warm-up, consumer's side: one {@link #respond} call per round. */
    public void rehearseResponder(final BooleanSupplier stop) {
        for (int round = 0; round < REHEARSAL_ROUNDS; round++) {
            if (respond(WARMUP, REHEARSAL_ROUND_NANOS, stop) != Exit.RELEASED) {
                return;
            }
        }
    }

    private Exit initiate(final int position, final long duration, final BooleanSupplier stop) {
        final Exit exit = ping(position, duration, stop);
        slots.lazySet(SLOTS[position], STOP);
        exits[position][exit.ordinal()]++;
        if (exit != Exit.FINISHED) {
            problem[position] = exit == Exit.NO_ANSWER ? "the consumer thread did not answer within "
                    + TimeUnit.NANOSECONDS.toMillis(partnerWaitNanos) + " ms" : "the consumer thread stopped answering";
        }
        return exit;
    }

    /** Waits for the slot to be idle (the previous round released), then pings until {@code duration} is over. */
    private Exit ping(final int position, final long duration, final BooleanSupplier stop) {
        final int slot = SLOTS[position];
        final long[] samples = batches[position];
        batchCount[position] = 0;
        problem[position] = null;
        long value = 1;
        final long arrive = System.nanoTime() + partnerWaitNanos;
        if (!awaitValue(slot, IDLE, arrive, stop)) {
            return Exit.NO_ANSWER;
        }
        slots.lazySet(slot, value);
        if (!awaitValue(slot, value + 1, arrive, stop)) {
            return Exit.NO_ANSWER;
        }
        final long end = System.nanoTime() + duration;
        final long giveUp = end + partnerWaitNanos;
        int count = 0;
        while (count < samples.length) {
            final long batchStart = System.nanoTime();
            if (batchStart - end >= 0) {
                break;
            }
            for (int i = 0; i < BATCH; i++) {
                value += 2;
                slots.lazySet(slot, value);
                if (!awaitValue(slot, value + 1, giveUp, stop)) {
                    batchCount[position] = count;
                    return Exit.STOPPED_ANSWERING;
                }
            }
            samples[count++] = System.nanoTime() - batchStart;
        }
        batchCount[position] = count;
        return Exit.FINISHED;
    }

    private Exit respond(final int position, final long duration, final BooleanSupplier stop) {
        final Exit exit = answer(SLOTS[position], System.nanoTime() + 2 * partnerWaitNanos + duration, stop);
        exits[position][exit.ordinal()]++;
        return exit;
    }

    /** Answers pings until the initiator's stop, which it acknowledges by leaving the slot idle for the next round. */
    private Exit answer(final int slot, final long giveUp, final BooleanSupplier stop) {
        long expected = 1;
        int spins = 0;
        while (true) {
            final long value = slots.get(slot);
            if (value == STOP) {
                slots.lazySet(slot, IDLE);
                return Exit.RELEASED;
            }
            if (value == expected) {
                slots.lazySet(slot, value + 1);
                expected += 2;
            } else if (++spins == SPINS_BETWEEN_CHECKS) {
                spins = 0;
                if (stop.getAsBoolean() || System.nanoTime() - giveUp >= 0) {
                    return Exit.GAVE_UP;
                }
            }
        }
    }

    private boolean awaitValue(final int slot, final long wanted, final long giveUp, final BooleanSupplier stop) {
        int spins = 0;
        while (slots.get(slot) != wanted) {
            if (++spins == SPINS_BETWEEN_CHECKS) {
                spins = 0;
                if (stop.getAsBoolean() || System.nanoTime() - giveUp >= 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Median round trip of one position in ns (the median of the batch means), or -1 if nothing was measured. */
    public double medianRoundTripNanos(final int position) {
        final int count = batchCount[position];
        if (count == 0) {
            return -1;
        }
        final long[] sorted = Arrays.copyOf(batches[position], count);
        Arrays.sort(sorted);
        final double middle = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2.0;
        return middle / BATCH;
    }

    public long roundTrips(final int position) {
        return (long) batchCount[position] * BATCH;
    }

    /** The rehearsal must take every exit the edges do. */
    public int exits(final int position, final Exit exit) {
        return exits[position][exit.ordinal()];
    }

    /** Why a position measured nothing or stopped early; null if it ran its full time. */
    public String problem(final int position) {
        return problem[position];
    }

    /** Relative change of the median round trip from before to after, %; NaN when either is missing. */
    public double changePercent() {
        final double before = medianRoundTripNanos(BEFORE);
        final double after = medianRoundTripNanos(AFTER);
        return before <= 0 || after <= 0 ? Double.NaN : 100 * (after - before) / before;
    }

    public Map<String, Object> toMap() {
        final Map<String, Object> node = new LinkedHashMap<>();
        node.put("method", METHOD);
        node.put(BEFORE_KEY, position(BEFORE));
        node.put(AFTER_KEY, position(AFTER));
        node.put("warmup", position(WARMUP));
        final double change = changePercent();
        node.put("changePercent", Double.isNaN(change) ? null : Math.round(change * 10) / 10.0);
        node.put("differsByMoreThan25Percent", !Double.isNaN(change) && Math.abs(change) > DIFFERENCE_PERCENT);
        return node;
    }

    private Map<String, Object> position(final int position) {
        final Map<String, Object> node = new LinkedHashMap<>();
        final double median = medianRoundTripNanos(position);
        node.put("roundTrips", roundTrips(position));
        node.put(MEDIAN_ROUND_TRIP_KEY, median < 0 ? null : Math.round(median * 10) / 10.0);
        node.put("oneWayNanos", median < 0 ? null : Math.round(median * 5) / 10.0);
        node.put("problem", problem(position));
        return node;
    }

    public String describe() {
        final double change = changePercent();
        return String.format(Locale.ROOT, "core-to-core round trip between the benchmark CPUs: before %s,"
                        + " after %s%s", describe(BEFORE), describe(AFTER),
                Double.isNaN(change) ? "" : Math.abs(change) > DIFFERENCE_PERCENT
                        ? String.format(Locale.ROOT, "; CHANGED by %+.0f%%: the two CPUs' placement (or their"
                        + " load) changed during the run, so its latencies may mix two regimes", change)
                        : String.format(Locale.ROOT, " (%+.0f%%, within %d%%)", change, DIFFERENCE_PERCENT));
    }

    /** One position's round trip for a console line: "207 ns (one-way 104 ns)", or why it was not measured. */
    public String describe(final int position) {
        final double median = medianRoundTripNanos(position);
        return median < 0 ? "not measured (" + problem(position) + ")"
                : String.format(Locale.ROOT, "%.0f ns (one-way %.0f ns)", median, median / 2);
    }
}
