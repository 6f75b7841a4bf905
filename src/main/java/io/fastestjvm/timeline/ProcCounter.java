package io.fastestjvm.timeline;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One number from a /proc file, read once a second through a file kept open into a reused array: no open and no
 * allocation per read, as every reporter microsecond is taken from a pinned thread. RandomAccessFile, not a
 * FileChannel, whose JDK methods kept reaching C2's threshold in the measured window ("Cleanup" safepoints).
 */
final class ProcCounter implements AutoCloseable {
    private static final int BUFFER_BYTES = 16 * 1024;
    /** The JDK's native read copies through a stack buffer up to 8 KiB and mallocs above it: read in such chunks. */
    private static final int CHUNK_BYTES = 8 * 1024;

    private final RandomAccessFile file;
    private final byte[] key;
    private final int field;
    private final byte[] buffer = new byte[BUFFER_BYTES];

    private ProcCounter(final RandomAccessFile file, final String key, final int field) {
        this.file = file;
        this.key = key.getBytes(StandardCharsets.US_ASCII);
        this.field = field;
    }

    /** The {@code field}-th (1-based) number after {@code key} at a line start; null when unopenable. */
    static ProcCounter open(final Path file, final String key, final int field) {
        try {
            return new ProcCounter(new RandomAccessFile(file.toFile(), "r"), key, field);
        } catch (final IOException | RuntimeException e) {
            return null;
        }
    }

    /** The current value, or -1 when unreadable (e.g. the thread has ended) or absent. */
    long read() {
        try {
            file.seek(0);
            int length = 0;
            int n;
            while (length < buffer.length
                    && (n = file.read(buffer, length, Math.min(CHUNK_BYTES, buffer.length - length))) > 0) {
                length += n;
            }
            return parse(buffer, length);
        } catch (final IOException | RuntimeException e) {
            return -1;
        }
    }

    private long parse(final byte[] bytes, final int length) {
        for (int line = 0; line < length; ) {
            if (startsWith(bytes, line, length)) {
                int i = line + key.length;
                long value = -1;
                for (int f = 1; f <= field; f++) {
                    while (i < length && (bytes[i] == ' ' || bytes[i] == '\t')) {
                        i++;
                    }
                    final int digitsStart = i;
                    value = 0;
                    while (i < length && bytes[i] >= '0' && bytes[i] <= '9') {
                        value = value * 10 + (bytes[i++] - '0');
                    }
                    if (i == digitsStart) {
                        return -1;
                    }
                }
                return value;
            }
            while (line < length && bytes[line] != '\n') {
                line++;
            }
            line++;
        }
        return -1;
    }

    private boolean startsWith(final byte[] bytes, final int at, final int length) {
        if (at + key.length > length) {
            return false;
        }
        for (int i = 0; i < key.length; i++) {
            if (bytes[at + i] != key[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        try {
            file.close();
        } catch (final IOException e) {
            // read-only /proc file: nothing to lose
        }
    }
}
