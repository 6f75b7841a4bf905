package io.fastestjvm.slice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.transport.ChronicleQueueTransport;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.OwnSequences;
import io.fastestjvm.transport.PersistenceProof;

/**
 * qp.compare.sharedQueue without forking: two Chronicle Queue instances on one directory stand for two variants'
 * JVMs. Each in its turn drains the other's slice (skipped, counted), then sends and consumes its own; at the end
 * each reads back its own range. The drain rule: another writer's messages are skipped, an own message fails.
 */
class SharedQueueDrainTest {
    private static final int SLICE = 300;

    @TempDir
    Path temp;

    /** A variant's JVM: its queue instance on the shared directory, its appender, its tailer and its range. */
    private final class Jvm {
        final ChronicleQueueTransport transport = new ChronicleQueueTransport(temp.toFile(), 64,
                RollCycles.FAST_DAILY, 16L << 20);
        final MessageSender sender = transport.openSender();
        final MessageReceiver receiver = transport.openReceiver();
        final OwnSequences own;
        final ReceivedMessage message = new ReceivedMessage();
        long next;

        Jvm(final int writer) {
            own = OwnSequences.sharedFrom(OwnSequences.baseOf(writer));
            next = own.first;
        }

        /** One slice: drain, then send and consume its own, checking each sequence; returns what it drained. */
        long slice() {
            final long drained = SliceWorkers.drainOthers(receiver, message, own);
            final long first = next;
            for (int i = 0; i < SLICE; i++) {
                sender.prepare(next++);
                sender.send(0, 0);
            }
            for (long expected = first; expected < next; expected++) {
                assertTrue(receiver.poll(message), "own message " + expected + " arrives");
                assertEquals(expected, message.sequence);
            }
            return drained;
        }
    }

    @Test
    void twoInstancesAppendInTurnDrainEachOthersSlicesAndReadBackTheirOwn() {
        final Jvm a = new Jvm(0);
        final Jvm b = new Jvm(1);
        assertEquals(0, a.slice(), "the first slice finds an empty queue");
        assertEquals(SLICE, b.slice(), "b skips a's warm-up");
        assertEquals(0, b.slice(), "nothing new from a; b's own were consumed in their slice");
        assertEquals(0, b.slice());
        assertEquals(3 * SLICE, a.slice(), "a skips b's three slices");
        assertEquals(SLICE, b.slice());
        assertEquals(SLICE, a.slice());
        a.transport.close();
        b.transport.close();
        final PersistenceProof readA = a.transport.provePersisted(a.own, 3 * SLICE);
        final PersistenceProof readB = b.transport.provePersisted(b.own, 4 * SLICE);
        assertTrue(readA.passed(), readA.problem);
        assertTrue(readB.passed(), readB.problem);
        assertEquals(3 * SLICE, readA.messagesRead);
        assertEquals(4 * SLICE, readB.messagesRead);
        final PersistenceProof alone = a.transport.provePersisted(OwnSequences.alone(), 7 * SLICE);
        assertTrue(alone.problem.startsWith("message " + SLICE + ": sequence " + b.own.first), alone.problem);
    }

    @Test
    void anOwnMessageLeftInTheQueueFailsTheDrain() {
        final Jvm a = new Jvm(0);
        final Jvm b = new Jvm(1);
        b.slice();
        a.sender.prepare(a.next++);
        a.sender.send(0, 0); // sent but never consumed in its slice
        assertEquals(-1, SliceWorkers.drainOthers(a.receiver, a.message, a.own), "b's slice, then a's own: fail");
        assertEquals(0, a.message.sequence, "the own message is left where the failure can name it");
        a.transport.close();
        b.transport.close();
    }

    @Test
    void theRehearsalDrainsEveryWritersMessagesAsAnothers() {
        final Jvm a = new Jvm(0);
        final Jvm b = new Jvm(1);
        a.slice();
        b.slice();
        final MessageReceiver rehearsal = a.transport.openReceiver();
        assertEquals(2 * SLICE, SliceWorkers.drainOthers(rehearsal, a.message, OwnSequences.noWriter()));
        assertEquals(0, SliceWorkers.drainOthers(rehearsal, a.message, OwnSequences.noWriter()), "then empty");
        a.transport.close();
        b.transport.close();
    }

    @Test
    void withoutSharingAnyMessageInTheDrainIsOwnAndFails() {
        final ChronicleQueueTransport transport = new ChronicleQueueTransport(temp.toFile(), 64,
                RollCycles.FAST_DAILY, 16L << 20);
        final MessageReceiver receiver = transport.openReceiver();
        final ReceivedMessage message = new ReceivedMessage();
        assertEquals(0, SliceWorkers.drainOthers(receiver, message, OwnSequences.alone()), "empty: nothing to skip");
        final MessageSender sender = transport.openSender();
        sender.prepare(OwnSequences.baseOf(5));
        sender.send(0, 0);
        assertEquals(-1, SliceWorkers.drainOthers(receiver, message, OwnSequences.alone()));
        transport.close();
    }
}
