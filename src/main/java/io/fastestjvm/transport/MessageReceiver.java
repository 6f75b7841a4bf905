package io.fastestjvm.transport;

import io.fastestjvm.message.ReceivedMessage;

/** The consumer's end of a transport. Used by one thread only; allocates nothing per message. */
public interface MessageReceiver {
    /** What {@link #lastRead()} says of a receiver that has read nothing, or whose transport keeps the position. */
    long NOTHING_READ = -1;

    /** Reads the next message into {@code into} and returns true, or returns false at once when none is ready. */
    boolean poll(ReceivedMessage into);

    /**
     * Where this receiver stands, for {@link Transport#openReceiverAfter}: an opaque position (Chronicle's index of
     * the last excerpt read), or {@link #NOTHING_READ}. Asked on the thread that used it, after its last poll.
     */
    default long lastRead() {
        return NOTHING_READ;
    }

    /**
     * Releases what this receiver holds (a Chronicle tailer), on the thread that used it, after its last poll (and
     * after {@link #lastRead()}); the transport stays open for a receiver that takes over.
     */
    default void close() {
    }
}
