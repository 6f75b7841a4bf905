package io.fastestjvm.affinity;

/** Which CPU a thread was asked for, which it was given, and why they differ. Immutable. */
public final class CpuAssignment {
    /** The thread names, also the keys of summary.json's "affinity" section. */
    public static final String PRODUCER = "producer";
    public static final String CONSUMER = "consumer";

    public static final int UNPINNED = -1;

    private final String thread;
    private final int requested;
    private final int planned;
    private final String reason;

    CpuAssignment(final String thread, final int requested, final int planned, final String reason) {
        this.thread = thread;
        this.requested = requested;
        this.planned = planned;
        this.reason = reason;
    }

    public String thread() {
        return thread;
    }

    public int requested() {
        return requested;
    }

    public int planned() {
        return planned;
    }

    public boolean isFallback() {
        return requested != planned;
    }

    /** Why the plan differs from the request; null when it does not. */
    public String reason() {
        return reason;
    }
}
