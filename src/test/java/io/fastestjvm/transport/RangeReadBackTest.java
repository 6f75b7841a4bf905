package io.fastestjvm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read-back of a queue that other JVMs write too (qp.compare.sharedQueue): this JVM's range must be whole, in
 * order, with no gap or duplicate; other writers' messages are skipped. A queue of its own stays as strict as ever:
 * any message but the next expected fails.
 */
class RangeReadBackTest {
    private static final long B = OwnSequences.baseOf(1);
    private static final OwnSequences OWN = OwnSequences.sharedFrom(B);

    @TempDir
    Path temp;
    private int queues;

    /** A queue holding {@code sequences}, as written by whichever JVM they belong to; closed, ready to read back. */
    private ChronicleQueueTransport queue(final long... sequences) {
        final ChronicleQueueTransport transport = new ChronicleQueueTransport(temp.resolve("q" + queues++).toFile(), 64,
                RollCycles.FAST_DAILY, 16L << 20);
        final MessageSender sender = transport.openSender();
        for (final long sequence : sequences) {
            sender.prepare(sequence);
            sender.send(0, 0);
        }
        transport.close();
        return transport;
    }

    @Test
    void ownRangeWithOthersInterleavedPassesAndCountsOnlyItsOwn() {
        final ChronicleQueueTransport transport = queue(0, B, 1, B + 1, 2 * B, B + 2, 2);
        final PersistenceProof proof = transport.provePersisted(OWN, 3);
        assertTrue(proof.passed(), proof.problem);
        assertEquals(3, proof.messagesRead);
        assertEquals(3 * 64, proof.bytesRead, "only its own messages' bytes");
        final PersistenceProof writerZero = transport.provePersisted(OwnSequences.sharedFrom(0), 3);
        assertTrue(writerZero.passed(), "the other writer proves its own from the same queue: " + writerZero.problem);
    }

    @Test
    void withoutSharingAForeignMessageStaysAnError() {
        final PersistenceProof proof = queue(0, 1, B, 2).provePersisted(OwnSequences.alone(), 3);
        assertFalse(proof.passed());
        assertTrue(proof.problem.startsWith("message 2: sequence " + B + ", expected 2 (a gap"), proof.problem);
        assertNotNull(proof.firstBadIndex);
        assertTrue(queue().provePersisted(0).passed(), "an empty queue of its own holds what was sent: nothing");
    }

    @Test
    void aGapFailsAtTheMessageAfterIt() {
        final PersistenceProof proof = queue(B, 0, B + 1, B + 3, B + 4).provePersisted(OWN, 5);
        assertFalse(proof.passed());
        assertEquals("message 2: sequence " + (B + 3) + ", expected " + (B + 2)
                + " (a gap: 1 missing before it); 1 messages of other JVMs skipped", proof.problem);
        assertEquals(2, proof.messagesRead);
    }

    @Test
    void aDuplicateFails() {
        final PersistenceProof proof = queue(B, B + 1, 5, B + 1, B + 2).provePersisted(OWN, 3);
        assertFalse(proof.passed());
        assertEquals("message 2: sequence " + (B + 1) + ", expected " + (B + 2)
                + " (a duplicate, or out of order); 1 messages of other JVMs skipped", proof.problem);
    }

    @Test
    void missingAtTheEndOrMoreThanSentFails() {
        final PersistenceProof shortOfIt = queue(B, 7, B + 1).provePersisted(OWN, 3);
        assertEquals("read back 2 messages, expected 3; the first missing is message 2 (sequence " + (B + 2)
                + "); 1 messages of other JVMs skipped", shortOfIt.problem);
        final PersistenceProof nothing = queue(0, 1).provePersisted(OWN, 0);
        assertTrue(nothing.passed(), "nothing sent, none of its own there: " + nothing.problem);
    }

    @Test
    void anOwnMessageBeyondWhatWasSentFails() {
        final PersistenceProof proof = queue(B, B + 1, B + 2).provePersisted(OWN, 2);
        assertFalse(proof.passed());
        assertEquals("read back 3 messages, expected 2; 0 messages of other JVMs skipped", proof.problem);
    }

    @Test
    void aQueueOfItsOwnReadsBackAsBefore() {
        final ChronicleQueueTransport transport = queue(0, 1, 2);
        assertTrue(transport.provePersisted(3).passed());
        assertEquals("read back 3 messages, expected 4; the first missing is message 3",
                transport.provePersisted(4).problem);
    }

    @Test
    void sharedRangesAreDisjointSpansOfTwoToTheFortieth() {
        final OwnSequences first = OwnSequences.sharedFrom(OwnSequences.baseOf(0));
        assertTrue(first.owns(0) && first.owns(B - 1) && !first.owns(B) && !first.owns(-1));
        assertTrue(OWN.owns(B) && OWN.owns(2 * B - 1) && !OWN.owns(2 * B) && !OWN.owns(B - 1));
        assertTrue(OwnSequences.alone().owns(-1) && OwnSequences.alone().owns(Long.MAX_VALUE));
        assertFalse(OwnSequences.alone().shared);
        assertThrows(IllegalArgumentException.class, () -> OwnSequences.sharedFrom(B + 1));
        assertThrows(IllegalArgumentException.class, () -> OwnSequences.baseOf(OwnSequences.MAX_WRITERS));
        final OwnSequences nobody = OwnSequences.noWriter();
        final long lastBase = OwnSequences.baseOf(OwnSequences.MAX_WRITERS - 1);
        assertFalse(nobody.owns(0) || nobody.owns(B) || nobody.owns(lastBase + OwnSequences.SHARED_SPAN - 1),
                "a drain's rehearsal takes every writer's message for another's");
        assertTrue(nobody.owns(nobody.first) && nobody.shared);
        assertThrows(IllegalArgumentException.class, () -> OwnSequences.sharedFrom(nobody.first));
    }
}
