package io.fastestjvm.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Preparing the message before the stamp changes when the bytes are made, not which bytes: every message is still
 * MessageLayout's, byte for byte what the writer that computed the payload after the stamp produced.
 */
class PreparedMessageTest {
    private static final long[] SEQUENCES = {0, 1, 2, 3, 7, 8, 255, 256, 1 << 20, (1L << 31) - 1, 1L << 31,
            1_000_000_000_000L, Long.MAX_VALUE - 1};

    /** The writer as it was before PreparedMessage (MessageCodec.write, stamp passed in): the oracle. */
    private static byte[] formerWriter(final int size, final long sequence, final long intended, final long stamp) {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[size]);
        buffer.putLong(MessageLayout.SEQUENCE_OFFSET, sequence);
        buffer.putLong(MessageLayout.INTENDED_SEND_OFFSET, intended);
        buffer.putLong(MessageLayout.ACTUAL_SEND_OFFSET, stamp);
        final int payloadBytes = size - MessageLayout.HEADER_BYTES;
        final int words = payloadBytes >>> 3;
        final int tail = payloadBytes & 7;
        int position = MessageLayout.HEADER_BYTES;
        long checksum = 0;
        for (int i = 0; i < words; i++, position += 8) {
            final long word = MessageLayout.payloadWord(sequence, i);
            buffer.putLong(position, word);
            checksum = MessageLayout.foldChecksum(checksum, word);
        }
        if (tail != 0) {
            final long word = MessageLayout.payloadWord(sequence, words);
            for (int b = 0; b < tail; b++) {
                buffer.putByte(position + b, (byte) (word >>> (b * 8)));
            }
            checksum = MessageLayout.foldChecksum(checksum, word & MessageLayout.tailMask(tail));
        }
        buffer.putLong(MessageLayout.CHECKSUM_OFFSET, checksum);
        return buffer.byteArray();
    }

    private static byte[] viaChronicle(final PreparedMessage message, final int size, final long intended,
                                       final long stamp) {
        final Bytes<?> bytes = Bytes.allocateElasticOnHeap(size);
        message.writeStamped(bytes, intended, stamp);
        assertEquals(size, bytes.readRemaining());
        final byte[] out = new byte[size];
        bytes.read(out);
        return out;
    }

    private static byte[] viaBuffer(final PreparedMessage message, final int size, final int offset,
                                    final long intended, final long stamp) {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[offset + size + 16]);
        buffer.setMemory(0, buffer.capacity(), (byte) 0x5A);
        message.writeStamped(buffer, offset, intended, stamp);
        for (int i = 0; i < offset; i++) {
            assertEquals((byte) 0x5A, buffer.getByte(i), "byte " + i + " before the message was written");
        }
        for (int i = offset + size; i < buffer.capacity(); i++) {
            assertEquals((byte) 0x5A, buffer.getByte(i), "byte " + i + " after the message was written");
        }
        final byte[] out = new byte[size];
        buffer.getBytes(offset, out);
        return out;
    }

    @Test
    void everySizeAndSequenceGivesTheFormerWritersBytes() {
        for (int size = MessageLayout.HEADER_BYTES; size <= 300; size++) {
            // one instance per size, reused across sequences as a sender reuses it across messages
            final PreparedMessage message = new PreparedMessage(size);
            for (final long sequence : SEQUENCES) {
                final long intended = sequence * 10_000 + 3;
                final long stamp = intended + 77;
                message.prepare(sequence);
                final byte[] expected = formerWriter(size, sequence, intended, stamp);
                final String at = "size " + size + " seq " + sequence;
                assertArrayEquals(expected, viaChronicle(message, size, intended, stamp), "chronicle, " + at);
                assertArrayEquals(expected, viaBuffer(message, size, 40, intended, stamp), "buffer, " + at);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 33, 39, 40, 100, 256, 4096})
    void theStampIsWrittenWhereTheLayoutSaysAndNothingElseDependsOnIt(final int size) {
        final PreparedMessage message = new PreparedMessage(size);
        message.prepare(9);
        final byte[] early = viaChronicle(message, size, 1_000, 0x1111_2222_3333_4444L);
        final byte[] late = viaChronicle(message, size, 1_000, 0x5555_6666_7777_8888L);
        final UnsafeBuffer earlyView = new UnsafeBuffer(early);
        assertEquals(0x1111_2222_3333_4444L, earlyView.getLong(MessageLayout.ACTUAL_SEND_OFFSET));
        assertEquals(0x5555_6666_7777_8888L, new UnsafeBuffer(late).getLong(MessageLayout.ACTUAL_SEND_OFFSET));
        for (int i = 0; i < size; i++) {
            if (i < MessageLayout.ACTUAL_SEND_OFFSET || i >= MessageLayout.CHECKSUM_OFFSET) {
                assertEquals(early[i], late[i], "byte " + i + " changed with the stamp");
            }
        }
        assertEquals(9, earlyView.getLong(MessageLayout.SEQUENCE_OFFSET));
        assertEquals(1_000, earlyView.getLong(MessageLayout.INTENDED_SEND_OFFSET));
        assertNull(new MessageCodec(size).verify(earlyView, 0, size, 9));
    }

    @Test
    void eachPrepareRewritesThePayloadSoTheNextMessageVerifiesAsItself() {
        final int size = 256;
        final MessageCodec codec = new MessageCodec(size);
        final PreparedMessage message = new PreparedMessage(size);
        final UnsafeBuffer slot = new UnsafeBuffer(new byte[size]);
        message.prepare(5);
        message.writeStamped(slot, 0, 0, 1);
        final byte[] fifth = slot.byteArray().clone();
        message.prepare(6);
        message.writeStamped(slot, 0, 0, 1);
        assertNull(codec.verify(slot, 0, size, 6));
        assertEquals("sequence 6, expected 5", codec.verify(slot, 0, size, 5));
        for (int word = MessageLayout.CHECKSUM_OFFSET; word < size; word += 8) {
            assertNotEquals(new UnsafeBuffer(fifth).getLong(word), slot.getLong(word), "word at " + word + " reused");
        }
    }
}
