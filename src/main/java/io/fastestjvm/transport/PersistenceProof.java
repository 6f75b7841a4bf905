package io.fastestjvm.transport;

/** What reading the queue files back with a fresh queue instance found. Immutable. */
public final class PersistenceProof {
    public final boolean applicable;
    public final long expectedMessages;
    public final long messagesRead;
    public final long bytesRead;
    /** The queue index (hex) of the first message that failed, or null. */
    public final String firstBadIndex;
    public final String problem;
    public final long durationNanos;

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
}
