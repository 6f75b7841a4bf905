package io.fastestjvm.control;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where one child's stdout and stderr go: appended to a log file (a comparison's JVMs, which share the console) or
 * forwarded to this JVM's streams a whole line at a time. One instance per child: it holds the copy threads.
 */
public final class ChildOutput {
    /** A process the child left behind could hold its pipes open: the copies are waited for this long at most. */
    private static final long COPY_JOIN_MILLIS = TimeUnit.SECONDS.toMillis(10);
    /** A longer line without a line break is written out rather than held. */
    private static final int MAX_HELD_BYTES = 1 << 16;

    private final File log;
    private final PrintStream out;
    private final PrintStream err;
    private Thread outCopy;
    private Thread errCopy;

    private ChildOutput(final File log, final PrintStream out, final PrintStream err) {
        this.log = log;
        this.out = out;
        this.err = err;
    }

    public static ChildOutput toLog(final File log) {
        return new ChildOutput(log, null, null);
    }

    public static ChildOutput forwardedTo(final PrintStream out, final PrintStream err) {
        return new ChildOutput(null, out, err);
    }

    Process start(final List<String> command) throws IOException {
        final ProcessBuilder builder = new ProcessBuilder(command);
        if (log != null) {
            return builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
        }
        final Process process = builder.start();
        final Object wholeLines = new Object();
        outCopy = copyLines(process.getInputStream(), out, wholeLines, "qp-child-stdout");
        errCopy = copyLines(process.getErrorStream(), err, wholeLines, "qp-child-stderr");
        return process;
    }

    /** Once the child has ended: waits, bounded, until its last forwarded lines are written. */
    void drain() {
        try {
            for (final Thread copy : new Thread[] {outCopy, errCopy}) {
                if (copy != null) {
                    copy.join(COPY_JOIN_MILLIS);
                }
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Where a failure message sends the reader for the child's own words. */
    String where() {
        return log == null ? "its output is above" : "log: " + log;
    }

    /**
     * Copies one of a child's streams to ours a whole line at a time, under a lock the other stream's copy shares, so
     * a line of its stdout never lands inside one of its stderr (JDK 8's and 11's System.err write in 128-byte pieces).
     */
    static Thread copyLines(final InputStream from, final PrintStream to, final Object lock, final String name) {
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
