package io.fastestjvm.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.fastestjvm.message.ReceivedMessage;

/** Each latency definition subtracts its own timestamp, and the recorders record every definition per message. */
class LatencyTest {
    @Test
    void eachDefinitionSubtractsItsTimestampFromTheReceiveTime() {
        assertEquals(700, Latency.ACTUAL_SEND.of(1_000, 300, 100));
        assertEquals(900, Latency.INTENDED_SEND.of(1_000, 300, 100));
    }

    @Test
    void namesKeysAndFileStemsFollowFromTheEntry() {
        assertEquals(Arrays.asList("actualSend", "intendedSend"),
                Arrays.asList(Latency.ACTUAL_SEND.key(), Latency.INTENDED_SEND.key()));
        assertSame(Latency.INTENDED_SEND, Latency.named("intended-send"));
        assertSame(Latency.INTENDED_SEND, Latency.named("intendedSend"));
        assertNull(Latency.named("round-trip"));
    }

    @Test
    void theRecordersRecordEveryDefinitionOfAMessage() {
        final LatencyRecorders recorders = new LatencyRecorders(1, 4);
        recorders.beginRun(0);
        recorders.record(message(1_000, 300, 100));
        recorders.record(message(2_000, 1_900, 1_500));
        assertEquals(700, recorders.get(Latency.ACTUAL_SEND).allRuns().getMaxValue());
        assertEquals(900, recorders.get(Latency.INTENDED_SEND).allRuns().getMaxValue());
        assertEquals(2, recorders.get(Latency.INTENDED_SEND).measuredCount());
    }

    private static ReceivedMessage message(final long received, final long actualSend, final long intendedSend) {
        final ReceivedMessage message = new ReceivedMessage();
        message.receivedNanos = received;
        message.actualSendNanos = actualSend;
        message.intendedSendNanos = intendedSend;
        return message;
    }
}
