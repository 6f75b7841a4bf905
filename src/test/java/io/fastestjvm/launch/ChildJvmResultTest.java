package io.fastestjvm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;

import org.junit.jupiter.api.Test;

import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.control.ControlLink;

/** The fork's result message carries its exit code and results folder, and the launcher reads them back. */
class ChildJvmResultTest {
    @Test
    void aRunWithAFolderComesBackWithItsAbsolutePathAndTheProcessExitCodeWins() {
        final Path relative = Paths.get("results", "20261128T160000Z-jdk17-4242");
        final BenchmarkResult sent = new BenchmarkResult(BenchmarkResult.CHECK_FAILED, relative,
                Collections.<String>emptyList());
        final BenchmarkResult read = ChildJvm.read(ChildJvm.result(sent), null);
        assertEquals(BenchmarkResult.CHECK_FAILED, read.exitCode());
        assertEquals(relative.toAbsolutePath(), read.resultsFolder());
        assertEquals(Collections.emptyList(), read.failures());
        assertEquals(BenchmarkResult.PASSED, ChildJvm.read(ChildJvm.result(sent), BenchmarkResult.PASSED).exitCode(),
                "the process's own exit code is the one passed on");
    }

    @Test
    void aRunWithoutAFolderSaysSo() {
        final BenchmarkResult refused = ChildJvm.read(ChildJvm.result(new BenchmarkResult(
                BenchmarkResult.INVALID_SETTING, null, Collections.<String>emptyList())), null);
        assertEquals(BenchmarkResult.INVALID_SETTING, refused.exitCode());
        assertNull(refused.resultsFolder());
        assertEquals(1, refused.failures().size());
        assertTrue(refused.failures().get(0).contains("exit code 2 and wrote no results folder"),
                refused.failures().get(0));
    }

    @Test
    void aForkWithoutTheLaunchersPortRefusesToRunAndNamesTheProperty() {
        System.clearProperty(ControlLink.PORT_PROPERTY);
        final IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> ChildJvm.serve(() -> {
                    throw new AssertionError("the run must not start");
                }));
        assertTrue(refused.getMessage().contains(ControlLink.PORT_PROPERTY), refused.getMessage());
    }
}
