package io.fastestjvm.transport;

import java.util.Collections;
import java.util.Map;

/**
 * A way of moving messages from the producer thread to the consumer thread. The producer, consumer, recorder and
 * report are the same whatever the transport; only this differs.
 */
public interface Transport extends AutoCloseable {
    String name();

    /**
     * Called on the producer thread (Chronicle appenders belong to the thread that made them): once, or once more
     * each time a new producer thread takes over, after the previous one closed its sender.
     */
    MessageSender openSender();

    /** Called on the consumer thread; a thread that takes over from another opens {@link #openReceiverAfter}. */
    MessageReceiver openReceiver();

    /**
     * A receiver that reads on exactly after a closed one's {@link MessageReceiver#lastRead() lastRead}: the next
     * message it polls is the one that receiver would have polled next. For a ring, whose consumer position is the
     * ring's own, any new receiver does; Chronicle positions a new tailer.
     */
    default MessageReceiver openReceiverAfter(final long lastRead) {
        return openReceiver();
    }

    /** True when messages reach a file that outlives the process. */
    boolean persists();

    /** Reads back what was persisted with a fresh reader and checks every message; see {@link PersistenceProof}. */
    PersistenceProof provePersisted(long expectedMessages);

    /** What summary.json records under {@code transport} besides the name; read after both threads have ended. */
    default Map<String, Object> facts() {
        return Collections.emptyMap();
    }

    /**
     * Asks every wait inside {@link MessageSender#send} (a producer spinning for room in a full ring) to give up: the
     * run has stopped. Safe from any thread, any number of times; a send that was waiting, or waits later, throws
     * {@link TransportStoppedException}. Checked only on the waiting path, so a send that need not wait is unchanged.
     * A transport whose send never waits for the consumer need not override it.
     */
    default void requestStop() {
    }

    /**
     * Releases the transport's resources; its files are kept, see {@link #deleteFiles()}. Only once neither the
     * producer nor the consumer thread can touch it any more: it may free the memory they use.
     */
    @Override
    void close();

    /** Deletes any files the transport made. */
    void deleteFiles();
}
