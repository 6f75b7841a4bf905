package io.fastestjvm.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.transport.MessageReceiver;

/** The consumer spin of both designs: {@link DelayInjection#restampedAfterSpin}. */
class RestampedAfterSpinTest {
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
            assertTrue(DelayInjection.restampedAfterSpin(slow, spin, 1).poll(message));
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
        assertTrue(DelayInjection.restampedAfterSpin(slow, 0, 1).poll(message));
        assertTrue(message.receivedNanos >= slow.returnedAt, "the control variant restamps as the spinning one does");
    }

    @Test
    void noMessageIsNoMessage() {
        final SlowReceiver slow = new SlowReceiver();
        slow.present = false;
        final ReceivedMessage message = new ReceivedMessage();
        assertFalse(DelayInjection.restampedAfterSpin(slow, 300, 1).poll(message));
        assertEquals(0, message.receivedNanos);
    }

    @Test
    void everyNthMessageSpinsAndEveryMessageIsRestamped() {
        final long spin = 1_000;
        final SlowReceiver slow = new SlowReceiver(); // sequence 7
        final ReceivedMessage message = new ReceivedMessage();
        assertTrue(DelayInjection.restampedAfterSpin(slow, spin, 7).poll(message));
        assertTrue(message.receivedNanos - slow.returnedAt >= spin, "7 is a multiple of 7: spun");
        final long long5Seconds = 5_000_000_000L;
        final long before = System.nanoTime();
        assertTrue(DelayInjection.restampedAfterSpin(slow, long5Seconds, 2).poll(message));
        assertTrue(System.nanoTime() - before < long5Seconds, "7 is not a multiple of 2: no spin");
        assertTrue(message.receivedNanos >= slow.returnedAt, "but restamped, as a spun message is");
    }
}
