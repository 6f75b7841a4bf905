package io.fastestjvm.transport;

/**
 * The producer's end of a transport. Used by one thread only; allocates nothing per message. A message is prepared
 * before its intended send time and stamped by the wait for it, so neither latency includes building or stamping it.
 */
public interface MessageSender {
    /** Makes message {@code sequence} ready to send: everything but its two send times. */
    void prepare(long sequence);

    /** Writes the prepared message with its send times: {@code actualSendNanos} is the clock that found it due. */
    void send(long intendedSendNanos, long actualSendNanos);

    /** On this sender's thread, after its last send; the transport stays open for the next sender. */
    default void close() {
    }
}
