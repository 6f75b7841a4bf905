package io.fastestjvm.transport;

import java.io.File;
import java.util.Map;

/**
 * The transport TransportRegistryTest adds: one class (this) and one registry line. It carries messages over the
 * floor ring under a name of its own, so a run over it shows the registry alone chose it.
 */
final class DummyTransport implements Transport {
    static final String NAME = "dummy";
    private final Transport ring;

    DummyTransport(final File directory, final TransportSpec spec) {
        ring = new FloorRingTransport(directory, spec.messageSize, spec.ringBytes);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public MessageSender openSender() {
        return ring.openSender();
    }

    @Override
    public MessageReceiver openReceiver() {
        return ring.openReceiver();
    }

    @Override
    public boolean persists() {
        return false;
    }

    @Override
    public PersistenceProof provePersisted(final long expectedMessages) {
        return ring.provePersisted(expectedMessages);
    }

    @Override
    public Map<String, Object> facts() {
        return ring.facts();
    }

    @Override
    public void requestStop() {
        ring.requestStop();
    }

    @Override
    public void close() {
        ring.close();
    }

    @Override
    public void deleteFiles() {
        ring.deleteFiles();
    }
}
