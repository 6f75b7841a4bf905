package io.fastestjvm.message;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/** Reads a message's header (allocation-free) and verifies a whole message, from the queue or a ring. */
public final class MessageCodec {
    private final int size;
    private final int payloadWords;
    private final int tailBytes;

    public MessageCodec(final int size) {
        this.size = MessageLayout.checkedSize(size);
        this.payloadWords = MessageLayout.payloadWords(size);
        this.tailBytes = MessageLayout.tailBytes(size);
    }

    public int size() {
        return size;
    }

    /** Leaves the payload unread. */
    public static void readHeader(final Bytes<?> bytes, final ReceivedMessage into) {
        into.sequence = bytes.readLong();
        into.intendedSendNanos = bytes.readLong();
        into.actualSendNanos = bytes.readLong();
    }

    /** The read position stays where it is; 8 bytes must be readable. */
    public static long peekSequence(final Bytes<?> bytes) {
        return bytes.readLong(bytes.readPosition() + MessageLayout.SEQUENCE_OFFSET);
    }

    /** Checks the length, checksum and payload pattern at the read position: null when sound, else what is wrong. */
    public String verify(final Bytes<?> bytes, final long expectedSequence) {
        final long length = bytes.readRemaining();
        if (length != size) {
            return "length " + length + " bytes, expected " + size;
        }
        // not on a measured path: a copy lets one verifier serve the queue and the rings alike
        final byte[] copy = new byte[size];
        bytes.read(copy);
        return verify(new UnsafeBuffer(copy), 0, size, expectedSequence);
    }

    /** As {@link #readHeader(Bytes, ReceivedMessage)}, from {@code buffer} at {@code offset}. */
    public static void readHeader(final DirectBuffer buffer, final int offset, final ReceivedMessage into) {
        into.sequence = buffer.getLong(offset + MessageLayout.SEQUENCE_OFFSET);
        into.intendedSendNanos = buffer.getLong(offset + MessageLayout.INTENDED_SEND_OFFSET);
        into.actualSendNanos = buffer.getLong(offset + MessageLayout.ACTUAL_SEND_OFFSET);
    }

    /** As {@link #verify(Bytes, long)}, for the {@code length} bytes at {@code offset} in {@code buffer}. */
    public String verify(final DirectBuffer buffer, final int offset, final int length, final long expectedSequence) {
        if (length != size) {
            return "length " + length + " bytes, expected " + size;
        }
        final long sequence = buffer.getLong(offset + MessageLayout.SEQUENCE_OFFSET);
        if (sequence != expectedSequence) {
            return "sequence " + sequence + ", expected " + expectedSequence;
        }
        int position = offset + MessageLayout.HEADER_BYTES;
        long checksum = 0;
        for (int i = 0; i < payloadWords; i++, position += 8) {
            final long word = buffer.getLong(position);
            if (word != MessageLayout.payloadWord(sequence, i)) {
                return "payload word " + i + " differs from the pattern";
            }
            checksum = MessageLayout.foldChecksum(checksum, word);
        }
        if (tailBytes != 0) {
            long word = 0;
            for (int b = 0; b < tailBytes; b++) {
                word |= (buffer.getByte(position + b) & 0xFFL) << (b * 8);
            }
            if (word != (MessageLayout.payloadWord(sequence, payloadWords) & MessageLayout.tailMask(tailBytes))) {
                return "payload tail differs from the pattern";
            }
            checksum = MessageLayout.foldChecksum(checksum, word);
        }
        final long storedChecksum = buffer.getLong(offset + MessageLayout.CHECKSUM_OFFSET);
        if (checksum != storedChecksum) {
            return "checksum " + Long.toHexString(checksum) + ", stored " + Long.toHexString(storedChecksum);
        }
        return null;
    }
}
