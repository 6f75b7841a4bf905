package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.junit.jupiter.api.Test;

class ProgressRehearsalTest {
    @Test
    void theRehearsalRunsThePathButWritesNothingAnywhere() throws Exception {
        final PrintStream realOut = System.out;
        final PrintStream realErr = System.err;
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(captured, true, "UTF-8")) {
            System.setOut(capture);
            System.setErr(capture);
            ProgressReporter.rehearse(20);
        } finally {
            System.setOut(realOut);
            System.setErr(realErr);
        }
        assertEquals(0, captured.size(), captured.toString("UTF-8"));
    }
}
