package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C during the persistence proof: the shutdown hook's removal must wait for the proof instead of deleting the
 * queue under it (the proof reopens the queue read-write and would recreate it), and a proof asked for after the
 * hook removed the queue must not run at all.
 */
class QueueDirectoryOwnerTest {
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aSignalDuringTheProofRemovesTheQueueOnlyAfterTheProofEnds(@TempDir final Path temp) throws Exception {
        final QueueDirectoryOwner owner = QueueDirectoryOwner.create(temp.resolve("queue").toFile());
        final File queue = owner.directory();
        final CountDownLatch proofStarted = new CountDownLatch(1);
        final CountDownLatch finishProof = new CountDownLatch(1);
        final Thread main = new Thread(() -> owner.whileQueueExists(() -> {
            proofStarted.countDown();
            await(finishProof);
            return "proved";
        }, () -> "not run"));
        main.start();
        proofStarted.await();
        final Thread hook = new Thread(() -> owner.end(false, System.err), "qp-cleanup");
        hook.start();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (hook.getState() != Thread.State.BLOCKED) {
            if (System.nanoTime() > deadline) {
                fail("the hook did not wait for the proof: " + hook.getState());
            }
            Thread.yield();
        }
        assertTrue(queue.exists(), "nothing deleted while the proof reads");
        finishProof.countDown();
        hook.join();
        main.join();
        assertFalse(queue.exists());
        Files.createDirectories(queue.toPath()); // as if a later run made it again
        owner.end(false, System.err);
        assertTrue(queue.exists(), "removed once, however many ask");
    }

    @Test
    void aProofAskedForAfterTheQueueWasRemovedDoesNotRun(@TempDir final Path temp) throws IOException {
        final QueueDirectoryOwner owner = QueueDirectoryOwner.create(temp.resolve("queue").toFile());
        owner.end(false, System.err);
        assertEquals("not run", owner.whileQueueExists(() -> {
            throw new AssertionError("the proof would recreate the deleted queue");
        }, () -> "not run"));
        assertFalse(owner.directory().exists());
    }

    @Test
    void aSignalDeletesTheQueueOrAKeptQueuesOwnerRecordOnly(@TempDir final Path temp) throws IOException {
        for (final boolean keep : new boolean[] {false, true}) {
            final QueueDirectoryOwner owner = QueueDirectoryOwner.create(temp.resolve("queue-" + keep).toFile());
            final File queue = owner.directory();
            Files.write(new File(queue, "20261201.cq4").toPath(), new byte[] {1});
            final QueueDirectoryOwner removal = owner.endOnSignal(keep, () -> { });
            try {
                removal.end(keep, System.err); // what the signal's hook does after onSignal
                assertEquals(keep, new File(queue, "20261201.cq4").exists(), "keep=" + keep);
                assertFalse(new File(queue, QueueDirectoryOwner.FILE_NAME).exists(),
                        "keep=" + keep + ": no owner record left for a later sweeper");
                assertEquals("not run", removal.whileQueueExists(() -> "proof", () -> "not run"));
                Files.createDirectories(queue.toPath()); // as if a later run made it again
                Files.write(new File(queue, "20261202.cq4").toPath(), new byte[] {1});
                owner.end(false, System.err);
                assertTrue(new File(queue, "20261202.cq4").exists(), "keep=" + keep + ": the hold ends once");
            } finally {
                removal.removeAndUnhook();
            }
        }
    }

    @Test
    void anExistingDirectoryIsNeverClaimedNorTouched(@TempDir final Path temp) throws IOException {
        final File queue = temp.resolve("qp-taken").toFile();
        Files.createDirectories(queue.toPath());
        Files.write(new File(queue, "20261201.cq4").toPath(), new byte[] {1});
        final IOException refused = assertThrows(IOException.class, () -> QueueDirectoryOwner.create(queue));
        assertTrue(refused.getMessage().startsWith("could not create the queue directory " + queue),
                refused.getMessage());
        assertTrue(new File(queue, "20261201.cq4").exists());
        assertFalse(new File(queue, QueueDirectoryOwner.FILE_NAME).exists());
    }

    private static void await(final CountDownLatch latch) {
        try {
            latch.await();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
