package io.fastestjvm.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.concurrent.UnsafeBuffer;

class MessageCodecTest {
    @ParameterizedTest
    @ValueSource(ints = {32, 33, 39, 40, 100, 256, 4096})
    void encodesTheHeaderAndAVerifiablePayload(final int size) {
        final MessageCodec codec = new MessageCodec(size);
        final Bytes<?> bytes = Bytes.allocateElasticOnHeap(size);
        final long before = System.nanoTime();
        codec.write(bytes, 42, 1_234_567);
        assertEquals(size, bytes.readRemaining());

        final ReceivedMessage header = new ReceivedMessage();
        MessageCodec.readHeader(bytes, header);
        assertEquals(42, header.sequence);
        assertEquals(1_234_567, header.intendedSendNanos);
        assertTrue(header.actualSendNanos >= before && header.actualSendNanos <= System.nanoTime());
        assertEquals(MessageLayout.expectedChecksum(42, size), bytes.readLong(MessageLayout.CHECKSUM_OFFSET));

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
            final Bytes<?> bytes = Bytes.allocateElasticOnHeap(size);
            codec.write(bytes, 7, 0);
            bytes.writeByte(offset, (byte) (bytes.readByte(offset) ^ 0x10));
            assertTrue(codec.verify(bytes, 7) != null, "flip at offset " + offset + " went unnoticed");
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {6, 8})
    void verifyNamesAWrongSequence(final long expected) {
        final MessageCodec codec = new MessageCodec(64);
        final Bytes<?> bytes = Bytes.allocateElasticOnHeap(64);
        codec.write(bytes, 7, 0);
        assertEquals("sequence 7, expected " + expected, codec.verify(bytes, expected));
    }

    @ParameterizedTest
    @ValueSource(ints = {31, 48})
    void verifyNamesATruncatedOrPaddedMessage(final int length) {
        final MessageCodec codec = new MessageCodec(40);
        final Bytes<?> bytes = Bytes.allocateElasticOnHeap(64);
        codec.write(bytes, 1, 0);
        bytes.writeLimit(64);
        bytes.readLimit(length);
        assertEquals("length " + length + " bytes, expected 40", codec.verify(bytes, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 16, 31})
    void rejectsASizeSmallerThanTheHeader(final int size) {
        assertThrows(IllegalArgumentException.class, () -> new MessageCodec(size));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 1_000_000})
    void payloadDiffersBetweenMessages(final long sequence) {
        assertTrue(MessageLayout.payloadWord(sequence, 0) != MessageLayout.payloadWord(sequence + 1, 0));
        assertTrue(MessageLayout.expectedChecksum(sequence, 256) != MessageLayout.expectedChecksum(sequence + 1, 256));
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 33, 39, 40, 100, 256, 4096})
    void theDirectBufferPathWritesTheSameBytesAsTheChroniclePath(final int size) {
        final MessageCodec codec = new MessageCodec(size);
        final Bytes<?> bytes = Bytes.allocateElasticOnHeap(size);
        codec.write(bytes, 42, 1_234_567);
        final int offset = 24; // an offset into the buffer, as a ring slot has
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[offset + size + 8]);
        codec.write(buffer, offset, 42, 1_234_567);
        for (int i = 0; i < size; i++) {
            if (i < MessageLayout.ACTUAL_SEND_OFFSET || i >= MessageLayout.CHECKSUM_OFFSET) {
                assertEquals(bytes.readByte(i), buffer.getByte(offset + i), "byte " + i);
            }
        }
        final ReceivedMessage header = new ReceivedMessage();
        MessageCodec.readHeader(buffer, offset, header);
        assertEquals(42, header.sequence);
        assertEquals(1_234_567, header.intendedSendNanos);
        assertTrue(header.actualSendNanos >= bytes.readLong(MessageLayout.ACTUAL_SEND_OFFSET));
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
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[size + 16]);
            codec.write(buffer, 16, 7, 0);
            buffer.putByte(16 + offset, (byte) (buffer.getByte(16 + offset) ^ 0x10));
            assertTrue(codec.verify(buffer, 16, size, 7) != null, "flip at offset " + offset + " went unnoticed");
        }
    }
}
