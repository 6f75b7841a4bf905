package io.fastestjvm.transport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import io.fastestjvm.message.MessageCodec;
import io.fastestjvm.message.ReceivedMessage;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/** A memory-mapped Chronicle Queue in a directory of its own: the transport the article measured. */
public final class ChronicleQueueTransport implements Transport {
    /** Chronicle's per-excerpt header, plus slack for index pages. */
    private static final int PER_MESSAGE_OVERHEAD = 8;

    private final File directory;
    private final RollCycles rollCycle;
    private final long blockSize;
    private final MessageCodec codec;
    private final SingleChronicleQueue queue;

    public ChronicleQueueTransport(final File directory, final int messageSize, final RollCycles rollCycle,
                                   final long blockSize) {
        this.directory = directory;
        this.rollCycle = rollCycle;
        this.blockSize = blockSize;
        this.codec = new MessageCodec(messageSize);
        this.queue = open(directory, rollCycle, blockSize);
    }

    public static long bytesNeeded(final long messages, final int size) {
        return messages * (size + PER_MESSAGE_OVERHEAD);
    }

    /** One excerpt, header included, must be smaller than a block (asserted in SingleChronicleQueueStore). */
    public static long maxMessageBytes(final long blockSize) {
        return blockSize - PER_MESSAGE_OVERHEAD;
    }

    private static SingleChronicleQueue open(final File directory, final RollCycles rollCycle, final long blockSize) {
        return SingleChronicleQueueBuilder.binary(directory)
                .rollCycle(rollCycle)
                .blockSize(blockSize)
                .build();
    }

    @Override
    public String name() {
        return "chronicle";
    }

    @Override
    public Map<String, Object> facts() {
        return Collections.<String, Object>singletonMap("blockSizeBytes", blockSize);
    }

    @Override
    public MessageSender openSender() {
        final ExcerptAppender appender = queue.createAppender();
        return new PreparedSender(codec.size()) {
            @Override
            public void send(final long intendedSendNanos, final long actualSendNanos) {
                // stamped before writingDocument(), as JLBH's driver stamps before its task opens the document, so
                // the actual-send latency covers the same queue work in both harnesses (docs/jlbh-comparison.md)
                try (DocumentContext document = appender.writingDocument()) {
                    message.writeStamped(document.wire().bytes(), intendedSendNanos, actualSendNanos);
                }
            }

            @Override
            public void close() {
                appender.close();
            }
        };
    }

    @Override
    public MessageReceiver openReceiver() {
        return new Receiver(queue.createTailer());
    }

    /** Reads the last excerpt again to pass it, so the next poll works even across a cycle's file. */
    @Override
    public MessageReceiver openReceiverAfter(final long lastRead) {
        final ExcerptTailer tailer = queue.createTailer();
        if (lastRead != MessageReceiver.NOTHING_READ) {
            final boolean found = tailer.moveToIndex(lastRead);
            try (DocumentContext document = tailer.readingDocument()) {
                if (!found || !document.isPresent()) {
                    tailer.close();
                    throw new IllegalStateException("cannot resume after index " + Long.toHexString(lastRead)
                            + " of " + directory + ": no such excerpt");
                }
            }
        }
        return new Receiver(tailer);
    }

    private static final class Receiver implements MessageReceiver {
        private final ExcerptTailer tailer;

        Receiver(final ExcerptTailer tailer) {
            this.tailer = tailer;
        }

        @Override
        public boolean poll(final ReceivedMessage into) {
            try (DocumentContext document = tailer.readingDocument()) {
                if (!document.isPresent()) {
                    return false;
                }
                into.receivedNanos = System.nanoTime();
                MessageCodec.readHeader(document.wire().bytes(), into);
                return true;
            }
        }

        /** A tailer that has read nothing says 0, never a real index (those carry the cycle in their high bits). */
        @Override
        public long lastRead() {
            final long index = tailer.lastReadIndex();
            return index > 0 ? index : NOTHING_READ;
        }

        @Override
        public void close() {
            tailer.close();
        }
    }

    @Override
    public boolean persists() {
        return true;
    }

    @Override
    public PersistenceProof provePersisted(final long expectedMessages) {
        return provePersisted(OwnSequences.alone(), expectedMessages);
    }

    /**
     * This JVM's {@code sent} sequences must all be there, in order and sound; another JVM's messages in a shared
     * queue (qp.compare.sharedQueue) are skipped unread, as their writer proves them.
     */
    public PersistenceProof provePersisted(final OwnSequences own, final long sent) {
        final long start = System.nanoTime();
        long read = 0;
        long bytes = 0;
        long skipped = 0;
        long endIndex;
        try (SingleChronicleQueue fresh = open(directory, rollCycle, blockSize);
             ExcerptTailer tailer = fresh.createTailer()) {
            while (true) {
                try (DocumentContext document = tailer.readingDocument()) {
                    if (!document.isPresent()) {
                        endIndex = tailer.index();
                        break;
                    }
                    final Bytes<?> content = document.wire().bytes();
                    final long length = content.readRemaining();
                    final long expected = own.first + read;
                    final long sequence = length >= Long.BYTES ? MessageCodec.peekSequence(content) : expected;
                    if (!own.owns(sequence)) {
                        skipped++;
                        continue;
                    }
                    final String problem = codec.verify(content, expected);
                    if (problem != null) {
                        return new PersistenceProof(true, sent, read, bytes, Long.toHexString(document.index()),
                                "message " + read + ": " + problem + outOfOrder(sequence, expected)
                                        + othersSkipped(own, skipped), System.nanoTime() - start);
                    }
                    bytes += length;
                    read++;
                }
            }
        } catch (final RuntimeException | InternalError e) {
            // InternalError: SIGBUS reading a mapped page the file no longer backs (truncated, or tmpfs full)
            return new PersistenceProof(true, sent, read, bytes, null,
                    "reading message " + read + " failed: " + e, System.nanoTime() - start);
        }
        if (read == sent) {
            return new PersistenceProof(true, sent, read, bytes, null, null, System.nanoTime() - start);
        }
        return new PersistenceProof(true, sent, read, bytes, Long.toHexString(endIndex), "read back "
                + read + " messages, expected " + sent
                + (read < sent ? "; the first missing is message " + read
                        + (own.shared ? " (sequence " + (own.first + read) + ")" : "") : "")
                + othersSkipped(own, skipped), System.nanoTime() - start);
    }

    private static String outOfOrder(final long sequence, final long expected) {
        if (sequence == expected) {
            return "";
        }
        return sequence > expected ? " (a gap: " + (sequence - expected) + " missing before it)"
                : " (a duplicate, or out of order)";
    }

    private static String othersSkipped(final OwnSequences own, final long skipped) {
        return own.shared ? "; " + skipped + " messages of other JVMs skipped" : "";
    }

    @Override
    public void close() {
        queue.close();
    }

    @Override
    public void deleteFiles() {
        deleteTree(directory.toPath());
    }

    public static void deleteTree(final Path root) {
        if (!Files.exists(root)) {
            return;
        }
        // deepest first; like walkFileTree, Files.walk does not follow links
        try (Stream<Path> paths = Files.walk(root)) {
            for (final Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        } catch (final IOException | UncheckedIOException e) {
            throw new IllegalStateException("could not delete queue directory " + root + ": " + e, e);
        }
    }
}
