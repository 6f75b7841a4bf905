package io.fastestjvm.message;

/** A reusable holder for the header of the message just received, so the consumer allocates nothing per message. */
public final class ReceivedMessage {
    public long sequence;
    public long intendedSendNanos;
    public long actualSendNanos;
    /** System.nanoTime() taken as soon as the transport saw the message. */
    public long receivedNanos;
}
