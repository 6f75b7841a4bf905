package io.fastestjvm.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real child JVM ({@link FakeChild}) driven through {@link ChildHandle}: replies, failures, deadlines, exits. */
class ChildHandleTest {
    private static final long CONNECT_MILLIS = 30_000;

    @TempDir
    File folder;

    private static List<String> command(final String mainClass) {
        return Arrays.asList(new File(System.getProperty("java.home"), "bin" + File.separator + "java").getPath(),
                "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), mainClass);
    }

    private ChildHandle start(final String name) throws IOException, ChildFailure {
        return ChildHandle.start(name, command(FakeChild.class.getName()),
                ChildOutput.toLog(new File(folder, name + ".log")),
                CONNECT_MILLIS);
    }

    @Test
    void helloEchoAndAFailedReplyThenCloseEndsTheChild() throws Exception {
        final ChildHandle handle = start("talker");
        try {
            assertTrue(handle.pid() > 0, "pid " + handle.pid());
            final File cmdline = new File("/proc/" + handle.pid() + "/cmdline");
            if (new File("/proc/self").exists()) {
                final String line = new String(Files.readAllBytes(cmdline.toPath()), StandardCharsets.UTF_8);
                assertTrue(line.contains(FakeChild.class.getName()), "pid " + handle.pid() + " runs " + line);
                assertTrue(line.contains("-D" + ControlLink.PORT_PROPERTY + "="), line);
            }
            assertNull(handle.awaitExit(0));

            for (final int n : new int[] {41, -7, Integer.MAX_VALUE}) {
                final ControlMessage echoed = handle.request(ControlMessage.of("echo").with("n", n), "echoed", 10_000);
                assertEquals("echoed", echoed.type());
                assertEquals(n, echoed.number("n"));
            }

            final ChildFailure failed = assertThrows(ChildFailure.class,
                    () -> handle.request(ControlMessage.of("fail"), "done", 10_000));
            assertTrue(failed.getMessage().contains("talker") && failed.getMessage().contains("asked to"),
                    failed.getMessage());
            assertNull(handle.awaitExit(0), "a failed reply is an answer: the child lives on");

            final ChildFailure wrongType = assertThrows(ChildFailure.class,
                    () -> handle.request(ControlMessage.of("echo").with("n", 1), "slice", 10_000));
            assertTrue(wrongType.getMessage().contains("replied echoed where slice was due"), wrongType.getMessage());
            assertNotNull(handle.awaitExit(0), "a reply of the wrong type kills the child");
        } finally {
            handle.close();
        }
        assertNotNull(handle.awaitExit(0));
    }

    @Test
    void closeEndsALiveChild() throws Exception {
        final ChildHandle handle = start("closer");
        try {
            assertEquals(5, handle.request(ControlMessage.of("echo").with("n", 5), "echoed", 10_000).number("n"));
            assertNull(handle.awaitExit(0));
        } finally {
            assertTimeoutPreemptively(Duration.ofSeconds(20), handle::close);
        }
        assertEquals(Integer.valueOf(0), handle.awaitExit(0), "the child saw its link close and returned");
    }

    @Test
    void aHungChildIsKilledAtTheDeadline() throws Exception {
        final ChildHandle handle = start("hanger");
        try {
            final long started = System.nanoTime();
            final ChildFailure hung = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(
                    ChildFailure.class, () -> handle.request(ControlMessage.of("hang"), "hung", 500)));
            final long millis = (System.nanoTime() - started) / 1_000_000;
            assertTrue(millis >= 450, "gave up after " + millis + " ms, before its 500 ms deadline");
            assertTrue(hung.getMessage().contains("no hung reply within 500 ms"), hung.getMessage());
            assertTrue(hung.getMessage().contains("hanger (pid " + handle.pid() + ")"), hung.getMessage());
            assertTrue(hung.getMessage().contains("killed"), hung.getMessage());
            assertNotNull(handle.awaitExit(0), "the hung child was killed");
        } finally {
            handle.close();
        }
    }

    @Test
    void aChildThatExitsFailsTheRequestAsEnded() throws Exception {
        final ChildHandle handle = start("quitter");
        try {
            final ChildFailure ended = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(
                    ChildFailure.class, () -> handle.request(ControlMessage.of("exit"), "exited", 5_000)));
            assertTrue(ended.getMessage().contains("ended"), ended.getMessage());
            assertTrue(ended.getMessage().contains("exit code " + FakeChild.EXIT_CODE), ended.getMessage());
            assertEquals(Integer.valueOf(FakeChild.EXIT_CODE), handle.awaitExit(0));
        } finally {
            handle.close();
        }
    }

    @Test
    void aChildThatEndsBeforeConnectingFailsTheStartAtOnceWithItsExitCode() {
        final File log = new File(folder, "absent.log");
        final ChildFailure silent = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows( // not the 60 s
                ChildFailure.class, () -> ChildHandle.start("absent", command("io.fastestjvm.control.NoSuchMain"),
                        ChildOutput.toLog(log), 60_000)));
        assertTrue(silent.getMessage().contains("absent: ended with exit code 1 before connecting"),
                silent.getMessage());
        assertEquals(Integer.valueOf(1), silent.exitCode);
        assertTrue(log.exists(), "the child's output goes to its log");
    }

    @Test
    void aForwardedChildsLinesReachOurStreamsEachOnItsOwnAndItsExitIsAwaited() throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final ChildHandle handle = ChildHandle.start("forwarded", command(FakeChild.class.getName()),
                ChildOutput.forwardedTo(new PrintStream(out, true, "UTF-8"), new PrintStream(err, true, "UTF-8")),
                CONNECT_MILLIS);
        try {
            assertEquals("said", handle.request(ControlMessage.of("say"), "said", 10_000).type());
            assertNull(handle.awaitExit(100), "it still runs");
            final ChildFailure ended = assertThrows(ChildFailure.class,
                    () -> handle.request(ControlMessage.of("exit"), "exited", 10_000));
            assertEquals(Integer.valueOf(FakeChild.EXIT_CODE), ended.exitCode);
            assertTrue(ended.getMessage().contains("its output is above"), ended.getMessage());
            assertFalse(ended.getMessage().contains("killed"), "it ended by itself: " + ended.getMessage());
            assertEquals(Integer.valueOf(FakeChild.EXIT_CODE), handle.awaitExit(10_000));
        } finally {
            handle.close();
        }
        // close() waited for the copies: every line is here, whole, on the stream it was written to
        assertEquals(FakeChild.SAID_OUT + System.lineSeparator(), out.toString("UTF-8"));
        assertTrue(err.toString("UTF-8").contains(FakeChild.SAID_ERR + System.lineSeparator()), err.toString("UTF-8"));
        assertFalse(err.toString("UTF-8").contains(FakeChild.SAID_OUT), err.toString("UTF-8"));
    }

    /** /proc/PID/stat's state letter. */
    private static char state(final long pid) throws IOException {
        final String stat = new String(Files.readAllBytes(new File("/proc/" + pid + "/stat").toPath()),
                StandardCharsets.US_ASCII);
        return stat.charAt(stat.lastIndexOf(')') + 2);
    }

    @Test
    void aPausedChildIsStoppedRefusesCommandsUntilResumedAndCloseEndsItEvenWhilePaused() throws Exception {
        final ChildHandle handle = start("sleeper");
        try {
            handle.pause();
            final long pid = handle.pid();
            // SIGSTOP is delivered asynchronously: the state turns T within a bounded wait
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                while (state(pid) != 'T') {
                    Thread.yield();
                }
            });
            handle.resume(0);
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                while (state(pid) == 'T') {
                    Thread.yield();
                }
            });
            assertEquals(3, handle.request(ControlMessage.of("echo").with("n", 3), "echoed", 10_000).number("n"));
            handle.pause();
            final ChildFailure refused = assertThrows(ChildFailure.class,
                    () -> handle.request(ControlMessage.of("echo").with("n", 4), "echoed", 10_000));
            assertTrue(refused.getMessage().contains("while paused"), refused.getMessage());
            assertNotNull(handle.awaitExit(0), "a command to a paused child is a protocol error: it was ended");
        } finally {
            handle.close();
        }
    }

    @Test
    void closeContinuesAPausedChildSoItEndsOnItsLifeline() throws Exception {
        final ChildHandle handle = start("paused-closer");
        handle.pause();
        assertTimeoutPreemptively(Duration.ofSeconds(60), handle::close);
        assertEquals(0, (int) handle.awaitExit(0), "it ended itself on its lifeline, not by a kill");
    }
}
