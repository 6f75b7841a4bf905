package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread that fails before the start gate (here: opening the transport) must not hang the run: before the fix,
 * the main thread waited for it at the gate forever. The run ends with exit 1 and a failed summary.json.
 */
class StartupFailureTest {
    @TempDir
    Path temp;

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void theStartGateGivesUpAtItsDeadlineWhenAThreadNeverArrives() throws Exception {
        final RunControl control = new RunControl(TimeUnit.MILLISECONDS.toNanos(300));
        final Thread onlyOne = new Thread(() -> {
            try {
                control.markReadyAndAwaitGo();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        onlyOne.start();
        assertFalse(control.awaitReady(), "one of two threads arrived");
        assertEquals("startup: the producer and consumer were not both ready within 0 s", control.failure());
        assertTrue(control.stopRequested());
        onlyOne.join(TimeUnit.SECONDS.toMillis(5));
        assertFalse(onlyOne.isAlive(), "the thread at the gate returns once the run has failed");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void aThreadWaitingAtTheGateReturnsFalseWhenTheRunFails() throws Exception {
        final RunControl control = new RunControl();
        control.fail("consumer failed");
        assertFalse(control.markReadyAndAwaitGo());
        assertFalse(control.awaitReady());
        assertEquals("consumer failed", control.failure(), "the first failure is the one reported");
    }
}
