package io.fastestjvm.transport;

import io.fastestjvm.message.PreparedMessage;

/** A sender whose message is a {@link PreparedMessage} of its transport's size; it adds the stamps and the write. */
abstract class PreparedSender implements MessageSender {
    protected final PreparedMessage message;

    PreparedSender(final int messageSize) {
        this.message = new PreparedMessage(messageSize);
    }

    @Override
    public final void prepare(final long sequence) {
        message.prepare(sequence);
    }
}
