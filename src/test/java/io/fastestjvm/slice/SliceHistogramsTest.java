package io.fastestjvm.slice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import io.fastestjvm.message.ReceivedMessage;

class SliceHistogramsTest {
    private static ReceivedMessage message(final long sequence, final long actualSend, final long intendedSend) {
        final ReceivedMessage message = new ReceivedMessage();
        message.sequence = sequence;
        message.receivedNanos = 1_000_000;
        message.actualSendNanos = message.receivedNanos - actualSend;
        message.intendedSendNanos = message.receivedNanos - intendedSend;
        return message;
    }

    @Test
    void recordsOnlyFromTheSlicesRecordedStartAndEmptiesOnReset() {
        final SliceHistograms histograms = new SliceHistograms();
        histograms.reset(100);
        histograms.record(message(98, 5_000, 9_000)); // the unrecorded resume
        histograms.record(message(99, 5_000, 9_000));
        histograms.record(message(100, 400, 700));
        histograms.record(message(101, 420, 900));

        assertEquals(2, histograms.actualSend.getTotalCount());
        assertEquals(420, histograms.actualSend.getMaxValue(), 1);
        assertEquals(900, histograms.intendedSend.getMaxValue(), 1);

        histograms.reset(200);
        histograms.record(message(150, 400, 700));
        assertEquals(0, histograms.actualSend.getTotalCount());
        assertEquals(0, histograms.intendedSend.getTotalCount());
    }
}
