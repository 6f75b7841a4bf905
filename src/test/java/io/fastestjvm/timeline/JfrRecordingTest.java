package io.fastestjvm.timeline;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrRecordingTest {
    private static final String PERIODIC_THREAD = "JFR Periodic Ta";

    /**
     * The recording must leave JFR's periodic thread asleep while the run measures: with no periodic event due,
     * JDK 17 wakes it every 10 ms, about 200 times in the 2 s observed here.
     */
    @Test
    void jfrsPeriodicThreadSleepsWhileRecording(@TempDir final Path dir) throws Exception {
        final JfrRecording recording = JfrRecording.start(JvmTimeline.javaMajor());
        assertNotNull(recording, "the test JVM (JDK 14+) has JFR's deoptimisation event");
        try {
            final Path thread = periodicThread();
            wakeUps(thread); // the thread's first rounds after the recording's start
            final long before = wakeUps(thread);
            Thread.sleep(TimeUnit.SECONDS.toMillis(2)); // the observation window, not a wait for anything
            final long woken = wakeUps(thread) - before;
            assertTrue(woken < 20, "JFR's periodic thread woke " + woken + " times in 2 s");
        } finally {
            recording.stopAndWrite(dir.resolve("events.jfr"));
        }
        assertTrue(Files.size(dir.resolve("events.jfr")) > 0);
    }

    private static Path periodicThread() throws IOException {
        try (Stream<Path> tasks = Files.list(Paths.get("/proc/self/task"))) {
            for (final Path task : (Iterable<Path>) tasks::iterator) {
                if (PERIODIC_THREAD.equals(new String(Files.readAllBytes(task.resolve("comm")),
                        StandardCharsets.US_ASCII).trim())) {
                    return task;
                }
            }
        }
        throw new AssertionError("no thread named '" + PERIODIC_THREAD + "' once the recording started");
    }

    private static long wakeUps(final Path task) throws IOException {
        final List<String> status = Files.readAllLines(task.resolve("status"));
        for (final String line : status) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new AssertionError("no voluntary_ctxt_switches in " + task.resolve("status"));
    }
}
