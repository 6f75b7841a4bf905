package io.fastestjvm.control;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;

/**
 * Copies one of a child's streams to ours a whole line at a time, under a lock the other stream's copy shares, so a
 * line of its stdout never lands inside one of its stderr (JDK 8's and 11's System.err write in 128-byte pieces).
 */
final class WholeLineCopy {
    /** A longer line without a line break is written out rather than held. */
    private static final int MAX_HELD_BYTES = 1 << 16;

    private WholeLineCopy() {
    }

    static Thread start(final InputStream from, final PrintStream to, final Object lock, final String name) {
        final Thread copier = new Thread(() -> copy(from, to, lock), name);
        copier.setDaemon(true);
        copier.start();
        return copier;
    }

    private static void copy(final InputStream from, final PrintStream to, final Object lock) {
        final byte[] buffer = new byte[8192];
        final ByteArrayOutputStream held = new ByteArrayOutputStream();
        try {
            for (int n; (n = from.read(buffer)) > 0; ) {
                final int lineEnd = lastLineBreak(buffer, n) + 1;
                if (lineEnd > 0 || held.size() + n > MAX_HELD_BYTES) {
                    final int upTo = lineEnd > 0 ? lineEnd : n;
                    synchronized (lock) {
                        held.writeTo(to);
                        to.write(buffer, 0, upTo);
                        to.flush();
                    }
                    held.reset();
                    held.write(buffer, upTo, n - upTo);
                } else {
                    held.write(buffer, 0, n);
                }
            }
        } catch (final IOException e) {
            // the child is gone
        } finally {
            synchronized (lock) {
                to.write(held.toByteArray(), 0, held.size());
                to.flush();
            }
        }
    }

    private static int lastLineBreak(final byte[] buffer, final int length) {
        for (int i = length - 1; i >= 0; i--) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
