package io.fastestjvm.transport;

import io.fastestjvm.message.ReceivedMessage;

/** The consumer's end of a transport. Used by one thread only; allocates nothing per message. */
public interface MessageReceiver {
    /** What {@link #lastRead()} says of a receiver that has read nothing, or whose transport keeps the position. */
    long NOTHING_READ = -1;

    /** Reads the next message into {@code into} and returns true, or returns false at once when none is ready. */
    boolean poll(ReceivedMessage into);

    /** An opaque position for {@link Transport#openReceiverAfter}, asked after the last poll. */
    default long lastRead() {
        return NOTHING_READ;
    }

    /** On this receiver's thread, after {@link #lastRead()}; the transport stays open for the next receiver. */
    default void close() {
    }
}
