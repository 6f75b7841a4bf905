package io.fastestjvm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.recording.LatencySink;
import io.fastestjvm.transport.MessageReceiver;

class ReceiveLoopTest {
    /** Delivers the given sequences in order, each after a number of empty polls; then only empty polls. */
    private static final class Scripted implements MessageReceiver {
        private final long[] sequences;
        private final int emptyPollsBefore;
        private final FakeControl stopWhenDry;
        private int next;
        private int empty;

        Scripted(final int emptyPollsBefore, final FakeControl stopWhenDry, final long... sequences) {
            this.sequences = sequences;
            this.emptyPollsBefore = emptyPollsBefore;
            this.stopWhenDry = stopWhenDry;
        }

        @Override
        public boolean poll(final ReceivedMessage into) {
            if (next == sequences.length) {
                stopWhenDry.stop = true;
                return false;
            }
            if (empty < emptyPollsBefore) {
                empty++;
                return false;
            }
            empty = 0;
            into.sequence = sequences[next];
            into.intendedSendNanos = 1_000 * sequences[next];
            into.actualSendNanos = into.intendedSendNanos + 10;
            into.receivedNanos = into.intendedSendNanos + 300;
            next++;
            return true;
        }
    }

    /** Keeps each recorded message's sequence and latency. */
    private static final class Kept implements LatencySink {
        final List<Long> sequences = new ArrayList<>();
        final List<Long> actualSend = new ArrayList<>();

        @Override
        public void record(final ReceivedMessage message) {
            sequences.add(message.sequence);
            actualSend.add(message.receivedNanos - message.actualSendNanos);
        }
    }

    @Test
    void receivesTheWholeRangeIntoTheSinkAndCountsTheEmptyPolls() {
        final FakeControl control = new FakeControl();
        final Kept sink = new Kept();
        final Progress progress = new Progress();

        final boolean done = ReceiveLoop.receiveRange(new Scripted(2, control, 5, 6, 7), new ReceivedMessage(), 5, 8,
                sink, progress, control);

        assertTrue(done);
        assertEquals(Arrays.asList(5L, 6L, 7L), sink.sequences);
        assertEquals(Arrays.asList(290L, 290L, 290L), sink.actualSend);
        assertEquals(8, progress.reached());
        assertEquals(6, progress.idleTurns().read(), "two empty polls before each of three messages");
        assertNull(control.failure);
    }

    @Test
    void aGapFailsTheLoopNamingWhatArrived() {
        final FakeControl control = new FakeControl();
        final Kept sink = new Kept();

        assertFalse(ReceiveLoop.receiveRange(new Scripted(0, control, 0, 1, 3), new ReceivedMessage(), 0, 4, sink,
                new Progress(), control));

        assertEquals("sequence check: expected 2, received 3 (gap)", control.failure);
        assertEquals(Arrays.asList(0L, 1L), sink.sequences, "nothing out of place is recorded");
    }

    @Test
    void aDuplicateFailsTheLoop() {
        final FakeControl control = new FakeControl();

        assertFalse(ReceiveLoop.receiveRange(new Scripted(0, control, 0, 1, 1), new ReceivedMessage(), 0, 3,
                new Kept(), new Progress(), control));

        assertEquals("sequence check: expected 2, received 1 (duplicate or reordered)", control.failure);
    }

    @Test
    void aStopWhileWaitingEndsTheLoopWithoutAFailure() {
        final FakeControl control = new FakeControl();
        final Progress progress = new Progress();

        assertFalse(ReceiveLoop.receiveRange(new Scripted(0, control, 0, 1), new ReceivedMessage(), 0, 5,
                new Kept(), progress, control));

        assertNull(control.failure);
        assertEquals(2, progress.reached());
    }
}
