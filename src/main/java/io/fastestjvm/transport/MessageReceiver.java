package io.fastestjvm.transport;

import io.fastestjvm.message.ReceivedMessage;

/** The consumer's end of a transport. Used by one thread only; allocates nothing per message. */
public interface MessageReceiver {
    /** Reads the next message into {@code into} and returns true, or returns false at once when none is ready. */
    boolean poll(ReceivedMessage into);
}
