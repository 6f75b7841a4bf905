package io.fastestjvm.calibration;

import io.fastestjvm.transport.MessageReceiver;

/**
 * A known difference inside the measured path: once the transport has handed a message over, the consumer spins
 * {@code nanos} and only then takes the receive stamp that counts, so every message's latency grows by the spin.
 * The spin is timed from the return of the transport's poll, not from the transport's own stamp: the work between
 * that stamp and the return (Chronicle closes the document there, a few hundred ns) would absorb a spin timed from
 * it (a first version did so, and 300 ns showed as 0). The control variant of a comparison runs this same code with
 * 0 ns (the same clock reads), so the two differ by the spin alone. Unlike {@link DelayInjection}'s consumer spin,
 * which comes after the stamp and is absorbed by the idle time between messages, this one cannot hide.
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
            final long start = System.nanoTime();
            long now = start;
            while (now - start < nanos) {
                now = System.nanoTime();
            }
            into.receivedNanos = now;
            return true;
        };
    }
}
