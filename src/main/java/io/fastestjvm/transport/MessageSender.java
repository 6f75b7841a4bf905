package io.fastestjvm.transport;

/** The producer's end of a transport. Used by one thread only; allocates nothing per message. */
public interface MessageSender {
    /** Writes message {@code sequence}, stamping its actual send time as it is written. */
    void send(long sequence, long intendedSendNanos);
}
