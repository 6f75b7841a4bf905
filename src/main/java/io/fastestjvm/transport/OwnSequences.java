package io.fastestjvm.transport;

/**
 * The sequences one JVM writes into a queue, from {@link #first} on: all of them in a queue of its own, a span of
 * {@link #SHARED_SPAN} in one several JVMs write in turn (qp.compare.sharedQueue). {@link #owns} allocates nothing.
 */
public final class OwnSequences {
    /** Sequences per writer of a shared queue: 2^40, 127 days at 100,000 msg/s. */
    public static final long SHARED_SPAN = 1L << 40;
    /** The most writers a shared queue can tell apart; the last span is {@link #noWriter()}'s. */
    public static final int MAX_WRITERS = (int) (Long.MAX_VALUE / SHARED_SPAN) - 1;

    private static final OwnSequences ALONE = new OwnSequences(0, false);
    private static final OwnSequences NO_WRITER = new OwnSequences(MAX_WRITERS * SHARED_SPAN, true);

    public final long first;
    public final boolean shared;

    private OwnSequences(final long first, final boolean shared) {
        this.first = first;
        this.shared = shared;
    }

    public static OwnSequences alone() {
        return ALONE;
    }

    /** Writer {@code base / SHARED_SPAN} of a shared queue: [base, base + SHARED_SPAN) are its own. */
    public static OwnSequences sharedFrom(final long base) {
        if (base < 0 || base % SHARED_SPAN != 0 || base >= MAX_WRITERS * SHARED_SPAN) {
            throw new IllegalArgumentException("a shared queue's base is a multiple of 2^40 below "
                    + MAX_WRITERS * SHARED_SPAN + ", not " + base);
        }
        return new OwnSequences(base, true);
    }

    /** A range no writer gets: every message in any queue is another's to it (a drain's rehearsal reads so). */
    public static OwnSequences noWriter() {
        return NO_WRITER;
    }

    /** The base of writer {@code writer} (0, 1, ...) of a shared queue. */
    public static long baseOf(final int writer) {
        if (writer < 0 || writer >= MAX_WRITERS) {
            throw new IllegalArgumentException("writer " + writer + " of a shared queue; 0 to " + (MAX_WRITERS - 1));
        }
        return writer * SHARED_SPAN;
    }

    public boolean owns(final long sequence) {
        // unsigned: a sequence below first wraps to a huge distance, so every foreign message takes the same branch
        return !shared || Long.compareUnsigned(sequence - first, SHARED_SPAN) < 0;
    }

    @Override
    public String toString() {
        return shared ? "[" + first + ", " + (first + SHARED_SPAN) + ")" : "every sequence";
    }
}
