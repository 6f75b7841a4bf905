package io.fastestjvm.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.MessageSender;

class DelayInjectionTest {
    // 20,000 msg/s, 12 s of warm-up: measured second 1 starts at sequence 260,000
    private final DelayInjection injection = new DelayInjection(400, 0, 1, 0, 1_000, 240_000, 20_000);
    /** Every injection off. */
    private final DelayInjection none = new DelayInjection(0, 0, 0, 0, 1, 0, 0);

    @Test
    void theStallFallsOnlyOnTheChosenMessageAndWarmUpRehearsesIt() {
        assertEquals(260_000L, injection.toMap().get("stallBeforeSequence"));
        assertEquals(400_000_000L, injection.stallBefore(260_000, 400_000_000L));
        long rehearsals = 0;
        for (long sequence = 0; sequence < 300_000; sequence++) {
            final long stall = injection.stallBefore(sequence, 400_000_000L);
            if (sequence < 240_000 && sequence % 65_536 == 0) {
                assertEquals(DelayInjection.REHEARSAL_NANOS, stall, "warm-up rehearsal at " + sequence);
                rehearsals++;
            } else if (sequence != 260_000) {
                assertEquals(0, stall, "no stall at " + sequence);
            }
        }
        assertEquals(4, rehearsals); // 0, 65,536, 131,072, 196,608
        assertEquals(0, injection.stallBefore(0, 0), "no stall asked for: no rehearsal either");
        assertTrue(injection.enabled());
        assertFalse(none.enabled());
    }

    @Test
    void senderAndReceiverAreDecoratedOnlyWhenAnInjectionIsAskedFor() {
        final MessageReceiver plain = into -> false;
        assertSame(plain, injection.decorate(plain), "a producer stall leaves the receiver alone");
        assertSame(plain, none.decorate(plain));
        final MessageSender sender = new Sent();
        assertSame(sender, none.decorate(sender));
        assertFalse(sender == injection.decorate(sender));
        final DelayInjection spinning = new DelayInjection(0, 0, 1, 50_000, 3, 0, 20_000);
        final long[] next = {0};
        final MessageReceiver counting = into -> {
            into.sequence = next[0]++;
            return true;
        };
        final MessageReceiver decorated = spinning.decorate(counting);
        final ReceivedMessage message = new ReceivedMessage();
        for (int i = 0; i < 6; i++) {
            final long start = System.nanoTime();
            assertTrue(decorated.poll(message));
            if (message.sequence % 3 == 0) {
                assertTrue(message.receivedNanos - start >= 50_000, "sequence " + message.sequence
                        + " is stamped after its spin: " + (message.receivedNanos - start) + " ns");
            }
        }
    }

    @Test
    void aStallOutsideTheMeasuredSecondsIsABadSetting() {
        final Properties properties = new Properties();
        properties.setProperty(Settings.SECONDS.name(), "2");
        properties.setProperty(Settings.INJECT_PRODUCER_STALL_MILLIS.name(), "100");
        properties.setProperty(Settings.INJECT_STALL_AT_SECOND.name(), "2");
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> BenchmarkOptions.fromProperties(properties));
        assertTrue(e.getMessage().startsWith("qp.injectStallAtSecond: 2 is out of range"), e.getMessage());
        properties.remove(Settings.INJECT_PRODUCER_STALL_MILLIS.name());
        assertEquals(2, BenchmarkOptions.fromProperties(properties).injectStallAtSecond(), "no stall, no limit");
    }

    @Test
    void theProducerStallFallsOnTheChosenMessageWhichIsRestampedAfterIt() {
        final DelayInjection stall = new DelayInjection(20, 0, 0, 0, 1, 100, 10); // 20 ms before message 100
        final Sent sent = new Sent();
        final MessageSender decorated = stall.decorate(sent);
        final long due = System.nanoTime();
        decorated.prepare(100);
        decorated.send(7, due);
        assertEquals(100, sent.prepared);
        assertEquals(7, sent.intended);
        assertTrue(sent.actual - due >= 20_000_000L, "the stalled message was not restamped after its stall");
        decorated.prepare(101);
        decorated.send(8, due);
        assertEquals(due, sent.actual, "a message without a stall keeps the stamp that found it due");
    }

    /** A sender that keeps the last sequence prepared and the last send times. */
    private static final class Sent implements MessageSender {
        long prepared = -1;
        long intended = -1;
        long actual = -1;

        @Override
        public void prepare(final long sequence) {
            prepared = sequence;
        }

        @Override
        public void send(final long intendedSendNanos, final long actualSendNanos) {
            intended = intendedSendNanos;
            actual = actualSendNanos;
        }
    }
}
