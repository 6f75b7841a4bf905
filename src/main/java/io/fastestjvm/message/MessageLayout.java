package io.fastestjvm.message;

/**
 * Where the fields sit in every message, whatever the transport; longs are little-endian.
 * <pre>
 *  0  sequence            (long)
 *  8  intended send nanos (long)  start + sequence * interval: the coordinated-omission-free reference
 * 16  actual send nanos   (long)  System.nanoTime() once the rest is prepared, just before the transport is asked
 *                                 for room (writingDocument, claim): see PreparedMessage
 * 24  payload checksum    (long)  over bytes 32..size, so the persistence proof can verify every byte
 * 32  payload             (size - 32 bytes, a pattern derived from the sequence, rewritten on every send)
 * </pre>
 */
public final class MessageLayout {
    public static final int SEQUENCE_OFFSET = 0;
    public static final int INTENDED_SEND_OFFSET = 8;
    public static final int ACTUAL_SEND_OFFSET = 16;
    public static final int CHECKSUM_OFFSET = 24;
    public static final int HEADER_BYTES = 32;

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private MessageLayout() {
    }

    /** Cheap, and differs per message. */
    public static long payloadWord(final long sequence, final int wordIndex) {
        return (sequence + 1) * GOLDEN_GAMMA ^ (long) wordIndex << 40 ^ wordIndex;
    }

    public static long foldChecksum(final long checksum, final long word) {
        return Long.rotateLeft(checksum, 7) ^ word;
    }

    /** Mask of the low {@code bytes} bytes of a little-endian word. */
    public static long tailMask(final int bytes) {
        return bytes >= 8 ? -1L : (1L << (bytes * 8)) - 1;
    }

    /** {@code size}, if it can hold the header. */
    public static int checkedSize(final int size) {
        if (size < HEADER_BYTES) {
            throw new IllegalArgumentException("size " + size + " < header " + HEADER_BYTES);
        }
        return size;
    }

    public static int payloadWords(final int size) {
        return (size - HEADER_BYTES) >>> 3;
    }

    public static int tailBytes(final int size) {
        return (size - HEADER_BYTES) & 7;
    }
}
