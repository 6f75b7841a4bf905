package io.fastestjvm.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** A child's stdout and stderr, copied into one log, never split each other's lines. */
class ChildOutputLinesTest {
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final PrintStream both = new PrintStream(log, true);
    private final Object lock = new Object();

    @Test
    void aLineWrittenInPiecesIsNotSplitByALineOfTheOtherStream() throws Exception {
        final PipedOutputStream err = new PipedOutputStream();
        final PipedOutputStream out = new PipedOutputStream();
        final Thread errCopy = ChildOutput.copyLines(new PipedInputStream(err), both, lock, "err");
        final Thread outCopy = ChildOutput.copyLines(new PipedInputStream(out), both, lock, "out");

        write(err, "FAILED: measured loops allocated ... raise qp.warmupSeconds"); // as JDK 8's System.err: a piece
        write(out, "checks failed: 1\n");
        out.close();
        outCopy.join();
        write(err, "\nall done\n");
        err.close();
        errCopy.join();

        assertEquals("checks failed: 1\nFAILED: measured loops allocated ... raise qp.warmupSeconds\nall done\n",
                log.toString(StandardCharsets.UTF_8.name()));
    }

    @Test
    void aLastLineWithoutALineBreakIsStillCopied() throws Exception {
        final PipedOutputStream err = new PipedOutputStream();
        final Thread errCopy = ChildOutput.copyLines(new PipedInputStream(err), both, lock, "err");
        write(err, "one\ntwo");
        err.close();
        errCopy.join();
        assertEquals("one\ntwo", log.toString(StandardCharsets.UTF_8.name()));
    }

    private static void write(final PipedOutputStream to, final String text) throws IOException {
        to.write(text.getBytes(StandardCharsets.UTF_8));
        to.flush();
    }
}
