package io.fastestjvm.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.concurrent.UnsafeBuffer;

/** Reading the header and verifying whole messages, as {@link PreparedMessage} writes them. */
class MessageCodecTest {
    private static final long STAMP = 0x0123_4567_89AB_CDEFL;

    private static Bytes<?> written(final int size, final long sequence, final long intendedSendNanos) {
        final PreparedMessage message = new PreparedMessage(size);
        message.prepare(sequence);
        final Bytes<?> bytes = Bytes.allocateElasticOnHeap(size);
        message.writeStamped(bytes, intendedSendNanos, STAMP);
        return bytes;
    }

    /** The checksum PreparedMessage must store, computed independently of it. */
    private static long expectedChecksum(final long sequence, final int size) {
        final int payloadBytes = size - MessageLayout.HEADER_BYTES;
        long checksum = 0;
        final int words = payloadBytes >>> 3;
        for (int i = 0; i < words; i++) {
            checksum = MessageLayout.foldChecksum(checksum, MessageLayout.payloadWord(sequence, i));
        }
        final int tail = payloadBytes & 7;
        if (tail != 0) {
            checksum = MessageLayout.foldChecksum(checksum,
                    MessageLayout.payloadWord(sequence, words) & MessageLayout.tailMask(tail));
        }
        return checksum;
    }

    private static UnsafeBuffer writtenAt(final int offset, final int size, final long sequence) {
        final PreparedMessage message = new PreparedMessage(size);
        message.prepare(sequence);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[offset + size + 8]);
        message.writeStamped(buffer, offset, 0, STAMP);
        return buffer;
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 33, 39, 40, 100, 256, 4096})
    void readsTheHeaderAndVerifiesThePayload(final int size) {
        final MessageCodec codec = new MessageCodec(size);
        final Bytes<?> bytes = written(size, 42, 1_234_567);
        assertEquals(size, bytes.readRemaining());

        final ReceivedMessage header = new ReceivedMessage();
        MessageCodec.readHeader(bytes, header);
        assertEquals(42, header.sequence);
        assertEquals(1_234_567, header.intendedSendNanos);
        assertEquals(STAMP, header.actualSendNanos);
        assertEquals(expectedChecksum(42, size), bytes.readLong(MessageLayout.CHECKSUM_OFFSET));

        bytes.readPosition(0);
        assertNull(codec.verify(bytes, 42));
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 40, 256, 4096})
    void verifyFindsAnyFlippedByte(final int size) {
        final MessageCodec codec = new MessageCodec(size);
        for (int offset = 0; offset < size; offset += Math.max(1, size / 37)) {
            if (offset >= MessageLayout.INTENDED_SEND_OFFSET && offset < MessageLayout.CHECKSUM_OFFSET) {
                continue; // timestamps carry no redundancy; the sequence and checksum guard the rest
            }
            final Bytes<?> bytes = written(size, 7, 0);
            bytes.writeByte(offset, (byte) (bytes.readByte(offset) ^ 0x10));
            assertTrue(codec.verify(bytes, 7) != null, "flip at offset " + offset + " went unnoticed");
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {6, 8})
    void verifyNamesAWrongSequence(final long expected) {
        assertEquals("sequence 7, expected " + expected, new MessageCodec(64).verify(written(64, 7, 0), expected));
    }

    @ParameterizedTest
    @ValueSource(ints = {31, 48})
    void verifyNamesATruncatedOrPaddedMessage(final int length) {
        final Bytes<?> bytes = Bytes.allocateElasticOnHeap(64);
        final PreparedMessage message = new PreparedMessage(40);
        message.prepare(1);
        message.writeStamped(bytes, 0, STAMP);
        bytes.writeLimit(64);
        bytes.readLimit(length);
        assertEquals("length " + length + " bytes, expected 40", new MessageCodec(40).verify(bytes, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 16, 31})
    void rejectsASizeSmallerThanTheHeader(final int size) {
        assertThrows(IllegalArgumentException.class, () -> new MessageCodec(size));
        assertThrows(IllegalArgumentException.class, () -> new PreparedMessage(size));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 1_000_000})
    void payloadDiffersBetweenMessages(final long sequence) {
        assertTrue(MessageLayout.payloadWord(sequence, 0) != MessageLayout.payloadWord(sequence + 1, 0));
        assertTrue(expectedChecksum(sequence, 256) != expectedChecksum(sequence + 1, 256));
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 33, 39, 40, 100, 256, 4096})
    void theDirectBufferReaderAndVerifierAgreeWithTheChronicleOnes(final int size) {
        final MessageCodec codec = new MessageCodec(size);
        final int offset = 24; // an offset into the buffer, as a ring slot has
        final UnsafeBuffer buffer = writtenAt(offset, size, 42);
        final ReceivedMessage header = new ReceivedMessage();
        MessageCodec.readHeader(buffer, offset, header);
        assertEquals(42, header.sequence);
        assertEquals(0, header.intendedSendNanos);
        assertEquals(STAMP, header.actualSendNanos);
        assertNull(codec.verify(buffer, offset, size, 42));
        assertEquals("sequence 42, expected 41", codec.verify(buffer, offset, size, 41));
        assertEquals("length " + (size + 1) + " bytes, expected " + size, codec.verify(buffer, offset, size + 1, 42));
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 40, 256, 4096})
    void theDirectBufferVerifyFindsAnyFlippedByte(final int size) {
        final MessageCodec codec = new MessageCodec(size);
        for (int offset = 0; offset < size; offset += Math.max(1, size / 37)) {
            if (offset >= MessageLayout.INTENDED_SEND_OFFSET && offset < MessageLayout.CHECKSUM_OFFSET) {
                continue; // timestamps carry no redundancy
            }
            final UnsafeBuffer buffer = writtenAt(16, size, 7);
            buffer.putByte(16 + offset, (byte) (buffer.getByte(16 + offset) ^ 0x10));
            assertTrue(codec.verify(buffer, 16, size, 7) != null, "flip at offset " + offset + " went unnoticed");
        }
    }
}
