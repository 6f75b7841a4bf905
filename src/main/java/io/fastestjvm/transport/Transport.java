package io.fastestjvm.transport;

import java.util.Collections;
import java.util.Map;

/** A way of moving messages from the producer thread to the consumer thread: all that differs between transports. */
public interface Transport extends AutoCloseable {
    String name();

    /** On the producer thread (Chronicle appenders belong to their thread), again for each thread that takes over. */
    MessageSender openSender();

    /** Called on the consumer thread; a thread that takes over from another opens {@link #openReceiverAfter}. */
    MessageReceiver openReceiver();

    /** Polls next what a closed receiver with this {@link MessageReceiver#lastRead() lastRead} would have. */
    default MessageReceiver openReceiverAfter(final long lastRead) {
        return openReceiver();
    }

    /** True when messages reach a file that outlives the process. */
    boolean persists();

    /** Reads back what was persisted with a fresh reader and checks every message. */
    PersistenceProof provePersisted(long expectedMessages);

    /** What summary.json records under {@code transport} besides the name; read after both threads have ended. */
    default Map<String, Object> facts() {
        return Collections.emptyMap();
    }

    /**
     * From any thread: a send waiting for room, now or later, throws {@link TransportStoppedException}. Checked only
     * on the waiting path, so a send that need not wait is unchanged.
     */
    default void requestStop() {
    }

    /** Keeps the files; only once neither thread can touch it, as it may free their memory. */
    @Override
    void close();

    void deleteFiles();
}
