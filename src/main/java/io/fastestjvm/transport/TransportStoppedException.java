package io.fastestjvm.transport;

/** The run stopped while the producer waited for room: the message was not sent; do not use the sender again. */
public final class TransportStoppedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public TransportStoppedException(final String transport) {
        super(transport + ": the run stopped while the producer waited for room in a full ring");
    }
}
