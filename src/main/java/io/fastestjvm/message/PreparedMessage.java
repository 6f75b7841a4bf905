package io.fastestjvm.message;

import net.openhft.chronicle.bytes.Bytes;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One sender's next message, made ready before its intended send time, so neither latency includes building it (as
 * JLBH's driver copies a prepared payload). One thread's; allocation-free once built.
 */
public final class PreparedMessage {
    private final int payloadWords;
    private final int tailBytes;
    /** Bytes CHECKSUM_OFFSET..size of the message: the checksum, then the payload. */
    private final byte[] scratch;
    private final UnsafeBuffer scratchBuffer;
    private long sequence;

    public PreparedMessage(final int size) {
        this.payloadWords = MessageLayout.payloadWords(size);
        this.tailBytes = MessageLayout.tailBytes(size);
        this.scratch = new byte[MessageLayout.checkedSize(size) - MessageLayout.CHECKSUM_OFFSET];
        this.scratchBuffer = new UnsafeBuffer(scratch);
    }

    /** Everything but the two send times: the payload depends on the sequence only. */
    public void prepare(final long sequence) {
        this.sequence = sequence;
        int position = MessageLayout.HEADER_BYTES - MessageLayout.CHECKSUM_OFFSET;
        long checksum = 0;
        for (int i = 0; i < payloadWords; i++, position += 8) {
            final long word = MessageLayout.payloadWord(sequence, i);
            scratchBuffer.putLong(position, word);
            checksum = MessageLayout.foldChecksum(checksum, word);
        }
        if (tailBytes != 0) {
            final long word = MessageLayout.payloadWord(sequence, payloadWords);
            for (int b = 0; b < tailBytes; b++) {
                scratchBuffer.putByte(position + b, (byte) (word >>> (b * 8)));
            }
            checksum = MessageLayout.foldChecksum(checksum, word & MessageLayout.tailMask(tailBytes));
        }
        scratchBuffer.putLong(0, checksum);
    }

    /**
     * Word by word, not one bulk copy: every bulk write of Chronicle Bytes 2026.4 made the producer allocate once
     * mid-run; word stores do not (docs/jlbh-comparison.md).
     */
    public void writeStamped(final Bytes<?> bytes, final long intendedSendNanos, final long actualSendNanos) {
        bytes.writeLong(sequence);
        bytes.writeLong(intendedSendNanos);
        bytes.writeLong(actualSendNanos);
        final int wordBytes = scratch.length & ~7;
        for (int i = 0; i < wordBytes; i += 8) {
            bytes.writeLong(scratchBuffer.getLong(i));
        }
        for (int i = wordBytes; i < scratch.length; i++) {
            bytes.writeByte(scratch[i]);
        }
    }

    /** The same bytes as {@link #writeStamped(Bytes, long, long)}. */
    public void writeStamped(final MutableDirectBuffer buffer, final int offset, final long intendedSendNanos,
                             final long actualSendNanos) {
        buffer.putLong(offset + MessageLayout.SEQUENCE_OFFSET, sequence);
        buffer.putLong(offset + MessageLayout.INTENDED_SEND_OFFSET, intendedSendNanos);
        buffer.putLong(offset + MessageLayout.ACTUAL_SEND_OFFSET, actualSendNanos);
        buffer.putBytes(offset + MessageLayout.CHECKSUM_OFFSET, scratchBuffer, 0, scratch.length);
    }
}
