package io.fastestjvm.slice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.recording.AllocationMeter;
import io.fastestjvm.transport.OwnSequences;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.transport.Transports;
import net.openhft.chronicle.queue.RollCycles;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm JVM's workers on unpinned threads, two queues, slices of a few hundred messages: a renewal replaces the
 * threads and their objects between slices, every queue's sequences go on exactly where they stopped, and the
 * evidence reads the new threads. No JVM, no pinning, no measurement.
 */
class SliceWorkersTest {
    private static final long RATE = 100_000;
    private static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    @TempDir
    Path dir;

    private final long[] next = new long[2];

    private Transport[] open(final String transport) {
        final Transport[] transports = new Transport[next.length];
        for (int i = 0; i < transports.length; i++) {
            final File queue = dir.resolve(transport + "-q" + i).toFile();
            assertTrue(queue.mkdir());
            transports[i] = Transports.named(transport).create(
                    Transports.spec(64, RollCycles.FAST_DAILY, 1, 100_000, 100_000), queue);
        }
        return transports;
    }

    /** {@code messages} more of {@code queue}, the first {@code unrecorded} not recorded; null when all went well. */
    private String slice(final SliceWorkers workers, final int queue, final int messages, final int unrecorded) {
        final long first = next[queue];
        next[queue] += messages;
        return workers.slice(queue, first, next[queue], first + unrecorded, RATE, LIMIT_NANOS);
    }

    private static boolean alive(final long javaId) {
        return AllocationMeter.allocatedBytesOf(javaId) >= 0; // -1 for a thread that has ended
    }

    private void renewalKeepsEveryQueuesSequence(final String transport) throws InterruptedException {
        final Transport[] transports = open(transport);
        final SliceWorkers workers = new SliceWorkers(transports, OwnSequences.alone(), 0, 1, CpuAssignment.UNPINNED,
                CpuAssignment.UNPINNED);
        final SliceEvidence evidence = new SliceEvidence(workers.producerFacts, workers.consumerFacts);
        try {
            assertNull(workers.start());
            assertNull(slice(workers, 0, 300, 100));
            assertNull(slice(workers, 1, 200, 0));
            assertNull(slice(workers, 0, 250, 50));
            assertEquals(200, workers.histograms().actualSend.getTotalCount());
            final Histogram oldHistogram = workers.histograms().actualSend;
            final long oldProducer = workers.producerFacts.javaId;
            final long oldConsumer = workers.consumerFacts.javaId;

            assertNull(workers.renew());

            final long producer = workers.producerFacts.javaId;
            final long consumer = workers.consumerFacts.javaId;
            assertNotEquals(oldProducer, producer, "a new producer thread");
            assertNotEquals(oldConsumer, consumer, "a new consumer thread");
            assertFalse(alive(oldProducer) || alive(oldConsumer), "the old threads ended before renew returned");
            assertTrue(alive(producer) && alive(consumer));
            final long[] reading = evidence.read();
            assertTrue(reading[SliceEvidence.PRODUCER_BYTES] >= 0 && reading[SliceEvidence.CONSUMER_BYTES] >= 0,
                    "the evidence reads the new threads, not the ended ones (-1)");
            assertNotSame(oldHistogram, workers.histograms().actualSend, "new histograms");
            assertEquals(200, oldHistogram.getTotalCount(), "the old histogram is left as it was");

            // a receiver that started again from the queue's start would fail the sequence check here
            assertNull(slice(workers, 1, 200, 20), transport);
            assertEquals(180, workers.histograms().actualSend.getTotalCount());
            assertNull(slice(workers, 0, 100, 0), transport);
            assertNull(workers.renew());
            assertNull(slice(workers, 0, 100, 0), transport);
            assertNull(slice(workers, 1, 100, 0), transport);
            assertEquals(100, workers.histograms().intendedSend.getTotalCount());
        } finally {
            assertNull(workers.stop());
            for (final Transport queue : transports) {
                queue.close();
            }
        }
        for (int i = 0; i < transports.length && transports[i].persists(); i++) {
            assertTrue(transports[i].provePersisted(next[i]).passed(), "queue " + i + " reads back in order");
        }
    }

    @Test
    void chronicleQueuesReadOnAfterARenewal() throws InterruptedException {
        renewalKeepsEveryQueuesSequence(Transports.CHRONICLE);
        assertEquals(750, next[0]);
        assertEquals(500, next[1]);
    }

    @Test
    void aRingReadsOnAfterARenewal() throws InterruptedException {
        renewalKeepsEveryQueuesSequence("floor");
    }

    @Test
    void stopEndsBothThreads() throws InterruptedException {
        final Transport[] transports = open("agrona");
        final SliceWorkers workers = new SliceWorkers(transports, OwnSequences.alone(), 0, 1, CpuAssignment.UNPINNED,
                CpuAssignment.UNPINNED);
        assertNull(workers.start());
        assertNull(slice(workers, 0, 10, 0));
        assertNull(workers.stop());
        assertFalse(alive(workers.producerFacts.javaId) || alive(workers.consumerFacts.javaId));
        for (final Transport transport : transports) {
            transport.close();
        }
    }

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
        final SliceWorkers.Histograms histograms = new SliceWorkers.Histograms();
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
