package io.fastestjvm.calibration;

import io.fastestjvm.transport.MessageReceiver;

/**
 * A known difference inside the measured path: after the transport hands a message over, the consumer spins
 * {@code nanos} and only then takes the receive stamp, so every message's latency grows by the spin. The control
 * variant of a comparison runs this same code with 0 ns (one extra clock read, as in the spinning variant), so the
 * two differ by the spin alone. Unlike {@link DelayInjection}'s consumer spin, which comes after the stamp and is
 * absorbed by the idle time between messages, this one cannot hide.
 */
public final class ReceiveSpin {
    private ReceiveSpin() {
    }

    /** {@code receiver}, restamped after a spin of {@code nanos} (0: no spin, the same code). */
    public static MessageReceiver wrap(final MessageReceiver receiver, final long nanos) {
        return into -> {
            if (!receiver.poll(into)) {
                return false;
            }
            final long until = into.receivedNanos + nanos;
            long now = System.nanoTime();
            while (now - until < 0) {
                now = System.nanoTime();
            }
            into.receivedNanos = now;
            return true;
        };
    }
}
