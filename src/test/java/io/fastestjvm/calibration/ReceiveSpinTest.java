package io.fastestjvm.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.transport.MessageReceiver;

class ReceiveSpinTest {
    /** A transport that stamps, then works 2 us before its poll returns (Chronicle closes its document there). */
    private static final class SlowReceiver implements MessageReceiver {
        long returnedAt;
        boolean present = true;

        @Override
        public boolean poll(final ReceivedMessage into) {
            if (!present) {
                return false;
            }
            into.sequence = 7;
            into.receivedNanos = System.nanoTime();
            final long until = into.receivedNanos + 2_000;
            while (System.nanoTime() - until < 0) {
                // the transport's own work after its stamp
            }
            returnedAt = System.nanoTime();
            return true;
        }
    }

    @Test
    void theSpinIsTimedFromThePollsReturnSoTheTransportsOwnWorkCannotAbsorbIt() {
        for (final long spin : new long[] {300, 1_000}) {
            final SlowReceiver slow = new SlowReceiver();
            final ReceivedMessage message = new ReceivedMessage();
            assertTrue(ReceiveSpin.wrap(slow, spin).poll(message));
            assertEquals(7, message.sequence);
            assertTrue(message.receivedNanos - slow.returnedAt >= spin,
                    "stamped " + (message.receivedNanos - slow.returnedAt) + " ns after the poll returned, spin "
                            + spin);
        }
    }

    @Test
    void withoutASpinTheStampIsStillTakenAfterThePollReturns() {
        final SlowReceiver slow = new SlowReceiver();
        final ReceivedMessage message = new ReceivedMessage();
        assertTrue(ReceiveSpin.wrap(slow, 0).poll(message));
        assertTrue(message.receivedNanos >= slow.returnedAt, "the control variant restamps as the spinning one does");
    }

    @Test
    void noMessageIsNoMessage() {
        final SlowReceiver slow = new SlowReceiver();
        slow.present = false;
        final ReceivedMessage message = new ReceivedMessage();
        assertFalse(ReceiveSpin.wrap(slow, 300).poll(message));
        assertEquals(0, message.receivedNanos);
    }
}
