package io.fastestjvm.engine;

import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.recording.LatencySink;
import io.fastestjvm.transport.MessageReceiver;

/** The one receive loop of both designs: each sequence checked (complete, once, in order), then sunk. */
public final class ReceiveLoop {
    private ReceiveLoop() {
    }

    /** Receives [{@code from}, {@code to}); false when stopped or a sequence was out of place (then failed). */
    public static boolean receiveRange(final MessageReceiver receiver, final ReceivedMessage message, final long from,
                                       final long to, final LatencySink sink, final Progress progress,
                                       final LoopControl control) {
        long expected = from;
        long turns = 0;
        while (expected < to) {
            if (!receiver.poll(message)) {
                turns++;
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
            progress.reached(expected, turns);
            turns = 0;
        }
        return true;
    }
}
