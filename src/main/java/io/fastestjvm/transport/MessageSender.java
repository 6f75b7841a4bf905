package io.fastestjvm.transport;

/** The producer's end of a transport. Used by one thread only; allocates nothing per message. */
public interface MessageSender {
    /**
     * Writes message {@code sequence}: prepares it, stamps its actual send time, then hands it to the transport, so
     * the actual-send latency is the transport's work only (see {@link io.fastestjvm.message.PreparedMessage}).
     */
    void send(long sequence, long intendedSendNanos);

    /**
     * Releases what this sender holds (a Chronicle appender), on the thread that used it, after its last send; the
     * transport stays open for a sender that takes over. Nothing to do for a ring, whose state is the ring's.
     */
    default void close() {
    }
}
