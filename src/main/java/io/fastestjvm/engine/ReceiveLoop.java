package io.fastestjvm.engine;

import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.recording.LatencySink;
import io.fastestjvm.transport.MessageReceiver;

/**
 * The one receive loop, for the single run and a comparison's slices alike: a range of sequences, each checked (they
 * must arrive complete, once and in order) and handed to a {@link LatencySink}. Allocation-free until it fails.
 */
public final class ReceiveLoop {
    private ReceiveLoop() {
    }

    /**
     * Receives sequences [{@code from}, {@code to}) into {@code message} and {@code sink}. Returns true once all
     * arrived; false when {@code control} asked to stop, or when a sequence was out of place (then
     * {@code control} was failed with what arrived instead).
     */
    public static boolean receiveRange(final MessageReceiver receiver, final ReceivedMessage message, final long from,
                                       final long to, final LatencySink sink, final Progress progress,
                                       final LoopControl control) {
        long expected = from;
        while (expected < to) {
            if (!receiver.poll(message)) {
                progress.idleTurn();
                if (control.stopRequested()) {
                    return false;
                }
                continue;
            }
            if (message.sequence != expected) {
                control.fail("sequence check: expected " + expected + ", received " + message.sequence
                        + (message.sequence < expected ? " (duplicate or reordered)" : " (gap)"));
                return false;
            }
            sink.record(message);
            expected++;
            progress.reached(expected);
        }
        return true;
    }
}
