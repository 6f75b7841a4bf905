package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.ChildProcesses;

/**
 * StaleQueueSweeperTest's case that needs another process: a child JVM ({@link LockHolder}) holds the owner
 * record's lock, and the sweeper keeps the directory until the child has gone.
 */
@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: a child JVM that holds a lock: seconds here
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StaleQueueSweeperIT {
    @TempDir
    Path temp;
    private final ProcessIdentity self = ProcessIdentity.current();
    /** Same pid, another start time: a process that is provably gone. */
    private final ProcessIdentity dead = new ProcessIdentity(self.pid, self.startTime + "0", self.host);

    @Test
    void aDirectoryWhoseOwnerRecordIsLockedByAnotherLiveProcessIsKept() throws Exception {
        final File locked = Files.createDirectories(temp.resolve("qp-locked-elsewhere")).toFile();
        Files.write(new File(locked, "20261122F.cq4").toPath(), new byte[100]);
        // The record names a dead process: only the child's kernel lock can keep this directory.
        final Process child = ChildProcesses.start(new ProcessBuilder(
                new File(System.getProperty("java.home"), "bin/java").getPath(),
                "-cp", System.getProperty("java.class.path"), LockHolder.class.getName(),
                new File(locked, QueueDirectoryOwner.FILE_NAME).getPath(), dead.toText())
                .redirectErrorStream(true));
        try {
            awaitLine(child, LockHolder.LOCKED, 30);
            sweepExpecting();
            assertTrue(new File(locked, "20261122F.cq4").isFile(), "a live process's queue is kept");
        } finally {
            child.getOutputStream().close();
            if (!child.waitFor(20, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor();
            }
        }
        assertEquals(Collections.singletonList(locked), sweep(new ByteArrayOutputStream()),
                "once the child has gone, the same directory is stale");
    }

    /** Sweeps {@code temp}, asserts exactly {@code expected} were removed and returns what was printed. */
    private String sweepExpecting(final File... expected) throws IOException {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(Arrays.asList(expected), sweep(err));
        return new String(err.toByteArray(), StandardCharsets.UTF_8);
    }

    private java.util.List<File> sweep(final ByteArrayOutputStream err) throws IOException {
        return StaleQueueSweeper.sweep(temp.toFile(), new PrintStream(err, true, "UTF-8"));
    }

    private static void awaitLine(final Process child, final String line, final long seconds) throws Exception {
        final BufferedReader reader = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8));
        final CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
            try {
                return reader.readLine();
            } catch (final IOException e) {
                return e.toString();
            }
        });
        final String got = first.get(seconds, TimeUnit.SECONDS);
        if (!line.equals(got)) {
            fail("child printed '" + got + "' instead of '" + line + "'");
        }
    }
}
