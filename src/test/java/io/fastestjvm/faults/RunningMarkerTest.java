package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.RunSummary;

/** RUNNING stays until summary.json exists; a run that ends without one leaves the folder marked UNFINISHED. */
class RunningMarkerTest {
    @TempDir
    Path temp;

    @Test
    void aRunThatEndsWithoutASummaryLeavesItsFolderMarkedUnfinishedWithTheReason() throws Exception {
        final ResultsFolder folder = ResultsFolder.createNew(temp.toFile(), "run");
        final RunningMarker marker = RunningMarker.write(folder, "run");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        marker.finish("the run stopped: java.io.IOException: No space left on device", new PrintStream(err, true,
                "UTF-8"));
        assertFalse(Files.exists(folder.directory().resolve(RunningMarker.FILE_NAME)));
        final String unfinished = new String(Files.readAllBytes(folder.directory().resolve(RunningMarker.UNFINISHED)),
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
        final RunningMarker marker = RunningMarker.write(folder, "run");
        folder.write(RunSummary.FILE_NAME, out -> out.write('{'));
        marker.finish(null, System.err);
        assertEquals(1, folder.directory().toFile().list().length, "only summary.json is left");
        assertTrue(Files.exists(folder.directory().resolve(RunSummary.FILE_NAME)));
    }
}
