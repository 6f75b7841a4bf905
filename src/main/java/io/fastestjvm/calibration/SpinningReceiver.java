package io.fastestjvm.calibration;

import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.transport.MessageReceiver;

/**
 * A consumer that also does a fixed amount of work after every N-th message (sequence % N == N - 1), after that
 * message has been stamped: the messages that arrive during the spin wait for it, in both latency definitions.
 */
final class SpinningReceiver implements MessageReceiver {
    private final MessageReceiver delegate;
    private final long spinNanos;
    private final long every;

    SpinningReceiver(final MessageReceiver delegate, final long spinNanos, final long every) {
        this.delegate = delegate;
        this.spinNanos = spinNanos;
        this.every = every;
    }

    @Override
    public boolean poll(final ReceivedMessage into) {
        if (!delegate.poll(into)) {
            return false;
        }
        if ((into.sequence + 1) % every == 0) {
            DelayInjection.spin(spinNanos);
        }
        return true;
    }
}
