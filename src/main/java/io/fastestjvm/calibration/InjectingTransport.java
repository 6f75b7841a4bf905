package io.fastestjvm.calibration;

import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.PersistenceProof;
import io.fastestjvm.transport.Transport;

/** A transport whose sender and receiver carry the injected delays; everything else is the wrapped transport's. */
final class InjectingTransport implements Transport {
    private final Transport delegate;
    private final DelayInjection injection;

    InjectingTransport(final Transport delegate, final DelayInjection injection) {
        this.delegate = delegate;
        this.injection = injection;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public MessageSender openSender() {
        return injection.decorate(delegate.openSender());
    }

    @Override
    public MessageReceiver openReceiver() {
        return injection.decorate(delegate.openReceiver());
    }

    @Override
    public java.util.Map<String, Object> facts() {
        return delegate.facts();
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
    public void close() {
        delegate.close();
    }

    @Override
    public void deleteFiles() {
        delegate.deleteFiles();
    }
}
