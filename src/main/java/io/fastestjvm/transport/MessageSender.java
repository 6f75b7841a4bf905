package io.fastestjvm.transport;

/** The producer's end of a transport. Used by one thread only; allocates nothing per message. */
public interface MessageSender {
    /** Stamps the actual send time after preparing the message, so that latency is the transport's work only. */
    void send(long sequence, long intendedSendNanos);

    /** On this sender's thread, after its last send; the transport stays open for the next sender. */
    default void close() {
    }
}
