package io.fastestjvm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.message.ReceivedMessage;
import net.openhft.chronicle.queue.RollCycles;

/**
 * A receiver that takes over from a closed one ({@link Transport#openReceiverAfter}) polls exactly the message the
 * closed one would have polled next, for every transport; a sender that takes over appends after the closed one's.
 * One thread drives both ends; no run.
 */
class ReceiverTakeOverTest {
    private static final int SIZE = 64;

    @TempDir
    Path dir;

    private Transport open(final String name) {
        final File queue = dir.resolve(name).toFile();
        assertTrue(queue.mkdir());
        return Transports.named(name).create(new TransportSpec(SIZE, RollCycles.FAST_DAILY, 1 << 20, 64 << 10), queue);
    }

    private static long poll(final MessageReceiver receiver) {
        final ReceivedMessage message = new ReceivedMessage();
        return receiver.poll(message) ? message.sequence : -1;
    }

    private static void takeOverReadsOnExactly(final Transport transport) {
        MessageSender sender = transport.openSender();
        for (long sequence = 0; sequence < 5; sequence++) {
            sender.prepare(sequence);
            sender.send(0, 0);
        }
        MessageReceiver receiver = transport.openReceiver();
        assertEquals(0, poll(receiver));
        assertEquals(1, poll(receiver));
        assertEquals(2, poll(receiver));
        long lastRead = receiver.lastRead();
        receiver.close();
        receiver = transport.openReceiverAfter(lastRead);
        assertEquals(3, poll(receiver), transport.name() + ": the message after the last one read");
        assertEquals(4, poll(receiver));
        assertEquals(-1, poll(receiver), "nothing more yet");
        lastRead = receiver.lastRead();
        receiver.close();
        sender.close();
        sender = transport.openSender();
        receiver = transport.openReceiverAfter(lastRead);
        assertEquals(-1, poll(receiver), transport.name() + ": a receiver at the end waits for the next message");
        sender.prepare(5);
        sender.send(0, 0);
        assertEquals(5, poll(receiver), transport.name() + ": a new sender appends after the old one");
        receiver.close();
        sender.close();
    }

    @Test
    void chronicleResumesAfterTheLastExcerptRead() {
        try (Transport chronicle = open(Transports.CHRONICLE)) {
            takeOverReadsOnExactly(chronicle);
            assertTrue(chronicle.provePersisted(6).passed());
        }
    }

    @Test
    void ringsKeepTheirConsumersPositionThemselves() {
        for (final String ring : new String[] {"floor", "agrona", "disruptor"}) {
            try (Transport transport = open(ring)) {
                takeOverReadsOnExactly(transport);
            }
        }
    }

    @Test
    void aChronicleReceiverThatReadNothingHandsOverTheStart() {
        try (Transport chronicle = open(Transports.CHRONICLE)) {
            final MessageSender sender = chronicle.openSender();
            final MessageReceiver idle = chronicle.openReceiver();
            assertEquals(MessageReceiver.NOTHING_READ, idle.lastRead());
            idle.close();
            sender.prepare(0);
            sender.send(0, 0);
            final MessageReceiver next = chronicle.openReceiverAfter(MessageReceiver.NOTHING_READ);
            assertEquals(0, poll(next));
            next.close();
            sender.close();
        }
    }

    @Test
    void chronicleRefusesToResumeAfterAnExcerptItDoesNotHold() {
        try (Transport chronicle = open(Transports.CHRONICLE)) {
            final MessageSender sender = chronicle.openSender();
            sender.prepare(0);
            sender.send(0, 0);
            final MessageReceiver receiver = chronicle.openReceiver();
            assertEquals(0, poll(receiver));
            final long lastRead = receiver.lastRead();
            receiver.close();
            final IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> chronicle.openReceiverAfter(lastRead + 1));
            assertTrue(e.getMessage().startsWith("cannot resume after index " + Long.toHexString(lastRead + 1)),
                    e.getMessage());
            sender.close();
        }
    }
}
