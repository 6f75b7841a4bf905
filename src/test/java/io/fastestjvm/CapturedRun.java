package io.fastestjvm;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** QueuePerformance.run(args) in this JVM with some system properties set, its exit code and what it printed. */
final class CapturedRun {
    final int exitCode;
    final String out;
    final String err;

    private CapturedRun(final int exitCode, final String out, final String err) {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    /** Runs with these name, value pairs set as system properties, then restores the old ones. */
    static CapturedRun of(final String... nameValues) throws Exception {
        return withArguments(new String[0], nameValues);
    }

    /** As {@link #of}, with {@code args} on the command line. */
    static CapturedRun withArguments(final String[] args, final String... nameValues) throws Exception {
        final Properties saved = (Properties) System.getProperties().clone();
        final PrintStream out = System.out;
        final PrintStream err = System.err;
        final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        try {
            for (int i = 0; i < nameValues.length; i += 2) {
                System.setProperty(nameValues[i], nameValues[i + 1]);
            }
            System.setOut(new PrintStream(outBytes, true, "UTF-8"));
            System.setErr(new PrintStream(errBytes, true, "UTF-8"));
            final int exitCode = QueuePerformance.run(args);
            return new CapturedRun(exitCode, new String(outBytes.toByteArray(), StandardCharsets.UTF_8),
                    new String(errBytes.toByteArray(), StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
            System.setProperties(saved);
        }
    }
}
