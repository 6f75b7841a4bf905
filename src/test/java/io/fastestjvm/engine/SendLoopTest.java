package io.fastestjvm.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.fastestjvm.pacing.FixedRateSchedule;
import io.fastestjvm.transport.MessageSender;

class SendLoopTest {
    /**
     * Keeps what it was asked to send (the sequence last prepared) and when it prepared it, and can ask the loop to
     * stop after a number of messages.
     */
    private static final class Recorded implements MessageSender {
        final long[] sequences = new long[16];
        final long[] intended = new long[16];
        final long[] actual = new long[16];
        final long[] preparedAt = new long[16];
        final long[] sentAt = new long[16];
        long prepared = -1;
        int count;
        FakeControl stopAfter;
        int stopCount = Integer.MAX_VALUE;

        @Override
        public void prepare(final long sequence) {
            preparedAt[count] = System.nanoTime();
            prepared = sequence;
        }

        @Override
        public void send(final long intendedSendNanos, final long actualSendNanos) {
            sentAt[count] = System.nanoTime();
            sequences[count] = prepared;
            intended[count] = intendedSendNanos;
            actual[count] = actualSendNanos;
            count++;
            if (count == stopCount) {
                stopAfter.stop = true;
            }
        }
    }

    @Test
    void aLateProducerSendsEveryMessageOfTheRangeAtOnceOnTheUnshiftedSchedule() {
        final long start = System.nanoTime() - 1_000_000_000L; // a second behind already
        final FixedRateSchedule schedule = new FixedRateSchedule(start, 1_000, 100);
        final Recorded sender = new Recorded();
        final Progress progress = new Progress();
        final long before = System.nanoTime();

        SendLoop.sendRange(sender, schedule, 103, 108, progress, new FakeControl());

        assertTrue(System.nanoTime() - before < 500_000_000L, "late messages must not wait");
        assertEquals(5, sender.count);
        assertArrayEquals(new long[] {103, 104, 105, 106, 107}, Arrays.copyOf(sender.sequences, 5));
        for (int i = 0; i < 5; i++) {
            assertEquals(start + (3 + i) * 1_000_000L, sender.intended[i], "message " + (103 + i) + "'s due time");
        }
        assertEquals(108, progress.reached());
        assertEquals(0, progress.idleTurns().read(), "a late message spins no turn");
    }

    @Test
    void anEarlyProducerSpinsUntilEachMessageIsDueAndCountsTheTurns() {
        final FixedRateSchedule schedule = new FixedRateSchedule(System.nanoTime(), 100, 0);
        final Recorded sender = new Recorded();
        final Progress progress = new Progress();

        SendLoop.sendRange(sender, schedule, 0, 3, progress, new FakeControl());

        assertEquals(3, sender.count);
        for (int i = 0; i < 3; i++) {
            assertTrue(sender.sentAt[i] - sender.intended[i] >= 0, "message " + i + " went before it was due");
        }
        assertEquals(20_000_000L, sender.intended[2] - schedule.startNanos());
        assertTrue(progress.idleTurns().read() > 0, "the 20 ms of waiting are counted in turns");
    }

    @Test
    void anOnTimeMessageIsPreparedBeforeItIsDueSoNeitherLatencyIncludesBuildingIt() {
        // 100 ms between messages, the first 100 ms ahead: only a stall that long could prepare one late
        final FixedRateSchedule schedule = new FixedRateSchedule(System.nanoTime() + 100_000_000L, 10, 0);
        final Recorded sender = new Recorded();

        SendLoop.sendRange(sender, schedule, 0, 3, new Progress(), new FakeControl());

        assertArrayEquals(new long[] {0, 1, 2}, Arrays.copyOf(sender.sequences, 3), "each send is of its own message");
        for (int i = 0; i < 3; i++) {
            assertTrue(sender.preparedAt[i] - sender.intended[i] < 0, "message " + i + " prepared after it was due");
            assertTrue(sender.actual[i] - sender.intended[i] >= 0, "message " + i + " stamped before it was due");
            assertTrue(sender.actual[i] - sender.preparedAt[i] > 0, "message " + i + " stamped before it was prepared");
            assertTrue(sender.sentAt[i] - sender.actual[i] >= 0, "message " + i + " stamped after it was sent");
        }
    }

    @Test
    void stopsAtTheNextMessageOnceAskedAndLeavesTheRestUnsent() {
        final FixedRateSchedule schedule = new FixedRateSchedule(System.nanoTime() - 1_000_000_000L, 1_000, 0);
        final Recorded sender = new Recorded();
        final FakeControl control = new FakeControl();
        sender.stopAfter = control;
        sender.stopCount = 4;
        final Progress progress = new Progress();

        SendLoop.sendRange(sender, schedule, 0, 10, progress, control);

        assertEquals(4, sender.count);
        assertEquals(4, progress.reached());
        assertNull(control.failure, "a stop is not a failure");
    }
}
