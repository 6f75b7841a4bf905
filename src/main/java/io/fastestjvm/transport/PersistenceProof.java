package io.fastestjvm.transport;

/** What reading the queue files back with a fresh queue instance found. Immutable. */
public final class PersistenceProof {
    private final boolean applicable;
    private final long expectedMessages;
    private final long messagesRead;
    private final long bytesRead;
    private final String firstBadIndex;
    private final String problem;
    private final long durationNanos;

    public PersistenceProof(final boolean applicable, final long expectedMessages, final long messagesRead,
                            final long bytesRead, final String firstBadIndex, final String problem,
                            final long durationNanos) {
        this.applicable = applicable;
        this.expectedMessages = expectedMessages;
        this.messagesRead = messagesRead;
        this.bytesRead = bytesRead;
        this.firstBadIndex = firstBadIndex;
        this.problem = problem;
        this.durationNanos = durationNanos;
    }

    public static PersistenceProof notApplicable() {
        return new PersistenceProof(false, 0, 0, 0, null, null, 0);
    }

    /** True when the transport does not persist, or when every message read back sound. */
    public boolean passed() {
        return !applicable || problem == null;
    }

    public boolean applicable() {
        return applicable;
    }

    public long expectedMessages() {
        return expectedMessages;
    }

    public long messagesRead() {
        return messagesRead;
    }

    public long bytesRead() {
        return bytesRead;
    }

    /** The queue index (hex) of the first message that failed, or null. */
    public String firstBadIndex() {
        return firstBadIndex;
    }

    public String problem() {
        return problem;
    }

    public long durationNanos() {
        return durationNanos;
    }
}
