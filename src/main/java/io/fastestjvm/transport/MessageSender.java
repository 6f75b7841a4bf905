package io.fastestjvm.transport;

/**
 * The producer's end of a transport. Used by one thread only; allocates nothing per message. A message is prepared
 * before its intended send time, so neither latency includes building it: only the stamps and the transport's work.
 */
public interface MessageSender {
    /** Makes message {@code sequence} ready to send: everything but its two send times. */
    void prepare(long sequence);

    /** Stamps the prepared message's actual send time, then writes it with {@code intendedSendNanos}. */
    void send(long intendedSendNanos);

    /** On this sender's thread, after its last send; the transport stays open for the next sender. */
    default void close() {
    }
}
