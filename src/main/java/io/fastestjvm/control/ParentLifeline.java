package io.fastestjvm.control;

import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM's tie to its parent, which holds the write end of this JVM's stdin and never writes: the kernel closes
 * it when the parent ends (kill -9 included), and end-of-file here exits through the shutdown hooks (which delete the
 * queue), so no benchmark outlives its parent.
 */
public final class ParentLifeline {
    /** Exit code of a run stopped because its parent is gone (nobody is left to read it; 128 + SIGHUP's 1). */
    public static final int PARENT_GONE = 129;
    private static final long HALT_AFTER_SECONDS = 60;

    private ParentLifeline() {
    }

    public static void watch(final PrintStream err) {
        final Thread lifeline = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent writes nothing; read on until the pipe closes
                }
            } catch (final IOException e) {
                // a broken pipe means the same as end-of-file
            }
            err.println("[qp] the parent process is gone: stopping this benchmark JVM");
            final Thread halt = new Thread(() -> {
                try {
                    TimeUnit.SECONDS.sleep(HALT_AFTER_SECONDS); // a deadline for hooks that hang, not a wait
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                Runtime.getRuntime().halt(PARENT_GONE);
            }, "qp-lifeline-halt");
            halt.setDaemon(true);
            halt.start();
            System.exit(PARENT_GONE);
        }, "qp-parent-lifeline");
        lifeline.setDaemon(true);
        lifeline.start();
    }
}
