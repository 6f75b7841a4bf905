package io.fastestjvm.control;

import java.io.File;
import java.io.IOException;
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
        outCopy = WholeLineCopy.start(process.getInputStream(), out, wholeLines, "qp-child-stdout");
        errCopy = WholeLineCopy.start(process.getErrorStream(), err, wholeLines, "qp-child-stderr");
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
}
