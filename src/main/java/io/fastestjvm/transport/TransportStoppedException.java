package io.fastestjvm.transport;

/**
 * Thrown by {@link MessageSender#send} when the run stopped ({@link Transport#requestStop()}) while the producer was
 * waiting for room in a full ring: the message was not sent, and the sender must not be used again.
 */
public final class TransportStoppedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public TransportStoppedException(final String transport) {
        super(transport + ": the run stopped while the producer waited for room in a full ring");
    }
}
