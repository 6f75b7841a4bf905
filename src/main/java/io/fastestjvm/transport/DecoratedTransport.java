package io.fastestjvm.transport;

import java.util.Map;
import java.util.function.UnaryOperator;

/** Another transport with its sender and receiver decorated once, when a thread opens its end. */
public final class DecoratedTransport implements Transport {
    private final Transport delegate;
    private final UnaryOperator<MessageSender> sender;
    private final UnaryOperator<MessageReceiver> receiver;

    public DecoratedTransport(final Transport delegate, final UnaryOperator<MessageSender> sender,
                              final UnaryOperator<MessageReceiver> receiver) {
        this.delegate = delegate;
        this.sender = sender;
        this.receiver = receiver;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public MessageSender openSender() {
        return sender.apply(delegate.openSender());
    }

    @Override
    public MessageReceiver openReceiver() {
        return receiver.apply(delegate.openReceiver());
    }

    @Override
    public boolean persists() {
        return delegate.persists();
    }

    @Override
    public PersistenceProof provePersisted(final long expectedMessages) {
        return delegate.provePersisted(expectedMessages);
    }

    @Override
    public Map<String, Object> facts() {
        return delegate.facts();
    }

    @Override
    public void requestStop() {
        delegate.requestStop();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public void deleteFiles() {
        delegate.deleteFiles();
    }
}
