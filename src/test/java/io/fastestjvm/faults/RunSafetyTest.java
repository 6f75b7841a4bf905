package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.RunSummary;

/**
 * The run registry's bookkeeping: records of dead runs are removed, and a registry that cannot be used is said.
 * RUNNING stays until summary.json exists; a run that ends without one leaves the folder marked UNFINISHED.
 */
class RunSafetyTest {
    @TempDir
    Path temp;

    @Test
    void aDeadRunsRegistryRecordIsRemovedAndNotCountedAsLive() throws Exception {
        final File registry = Files.createDirectories(temp.resolve("registry")).toFile();
        final File stale = new File(registry, Integer.MAX_VALUE + "-1" + RunRegistry.SUFFIX);
        final ProcessIdentity self = ProcessIdentity.current();
        Files.write(stale.toPath(), new ProcessIdentity(Integer.MAX_VALUE, "1", self.host).toText()
                .getBytes(StandardCharsets.UTF_8));
        try (RunRegistry own = RunRegistry.register(registry, "test")) {
            assertEquals(Collections.emptyMap(), own.otherLiveRuns());
            assertFalse(stale.exists(), "the dead run's record is removed");
            assertEquals(1, registry.list().length, "only this run's record");
        }
        assertEquals(0, registry.list().length, "closing removes this run's record");
    }

    @Test
    void aRunThatCannotRegisterFailsAsNotComparable() throws Exception {
        final File plainFile = Files.createFile(temp.resolve("plain-file")).toFile();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final BenchmarkOptions options = BenchmarkOptions.defaults().withSetting(Settings.QUEUE_DIR, temp.toFile())
                .withResultsDir(temp.resolve("results").toFile());
        final File registry = new File(plainFile, "runs");
        try (RunSafety safety = new RunSafety(new PrintStream(err, true, "UTF-8"), registry)) {
            safety.beforeRun(options, "test");
            assertNull(safety.otherRunsSeen(), "nothing could be checked");
            final String expected = safety.unregistered();
            assertTrue(expected.startsWith("this run could not register in the machine-wide run registry " + registry
                    + " (" + registry + ": Not a directory)"), expected);
            assertTrue(expected.endsWith(String.format(RunSummary.UNREGISTERED, "", "").split("\\(\\)")[1]),
                    expected);
            assertEquals("FAILED: " + expected + "\n", new String(err.toByteArray(), StandardCharsets.UTF_8));
            assertEquals(Collections.singletonList(expected), new RunSummary.Builder()
                    .concurrentRuns(null, safety.unregistered()).build().failures(), "the run fails");
        }
    }

    @Test
    void aRunThatEndsWithoutASummaryLeavesItsFolderMarkedUnfinishedWithTheReason() throws Exception {
        final ResultsFolder folder = ResultsFolder.createNew(temp.toFile(), "run");
        new RunSafety(System.err, temp.toFile()).markRunning(folder, "run");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        RunSafety.finishRunning(folder.directory().resolve(RunSafety.RUNNING), "the run stopped: java.io.IOException:"
                + " No space left on device", new PrintStream(err, true, "UTF-8"));
        assertFalse(Files.exists(folder.directory().resolve(RunSafety.RUNNING)));
        final String unfinished = new String(Files.readAllBytes(folder.directory().resolve(RunSafety.UNFINISHED)),
                StandardCharsets.UTF_8);
        assertTrue(unfinished.startsWith(ProcessIdentity.current().toText() + "runId=run\n"), unfinished);
        assertTrue(unfinished.endsWith("\nreason=the run stopped: java.io.IOException: No space left on device\n"),
                unfinished);
        assertEquals("FAILED: " + folder.directory() + " is unfinished, not a result (marked UNFINISHED): the run"
                + " stopped: java.io.IOException: No space left on device\n", new String(err.toByteArray(),
                StandardCharsets.UTF_8));
    }

    @Test
    void theMarkerGoesOnlyOnceTheSummaryExists() throws Exception {
        final ResultsFolder folder = ResultsFolder.createNew(temp.toFile(), "run");
        new RunSafety(System.err, temp.toFile()).markRunning(folder, "run");
        folder.write(RunSummary.FILE_NAME, out -> out.write('{'));
        RunSafety.finishRunning(folder.directory().resolve(RunSafety.RUNNING), null, System.err);
        assertEquals(1, folder.directory().toFile().list().length, "only summary.json is left");
        assertTrue(Files.exists(folder.directory().resolve(RunSummary.FILE_NAME)));
    }
}
