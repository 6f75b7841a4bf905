package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.recording.LatencyRecorder;

/**
 * Runs that ask for the same folder name at the same time each get a folder of their own. A results file that cannot
 * be written completely is an exception, never a truncated file published as finished: /dev/full fails every write
 * with "No space left on device", as a full results disk does.
 */
class ResultsFolderTest {
    private static final Path FULL = Paths.get("/dev/full");

    @TempDir
    Path temp;

    @Test
    void simultaneousRequestsForOneNameGetDistinctFolders() throws Exception {
        final int runs = 8;
        final ExecutorService pool = Executors.newFixedThreadPool(runs);
        try {
            final List<Future<ResultsFolder>> folders = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                folders.add(pool.submit(() -> ResultsFolder.createNew(temp.toFile(), "20261122T000000Z-java17-1")));
            }
            final Set<String> names = new TreeSet<>();
            for (final Future<ResultsFolder> folder : folders) {
                names.add(folder.get().directory().getFileName().toString());
            }
            final Set<String> expected = new TreeSet<>();
            expected.add("20261122T000000Z-java17-1");
            for (int i = 2; i <= runs; i++) {
                expected.add("20261122T000000Z-java17-1-" + i);
            }
            assertEquals(expected, names);
            assertEquals(runs, temp.toFile().list().length);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anIntervalLogOnAFullDiskFailsWhenClosedInsteadOfLookingFinished() throws Exception {
        final LatencyRecorder recorder = new LatencyRecorder("actual-send", 1, 10);
        final IntervalLog log = new IntervalLog(recorder, FULL, System.currentTimeMillis());
        recorder.record(1_000);
        log.drain();
        final IOException e = assertThrows(IOException.class, log::close);
        assertTrue(e.getMessage().startsWith("writing /dev/full failed"), e.getMessage());
    }

    @Test
    void aPercentileFileWrittenThroughAPrintStreamOnAFullDiskIsNotPublished() throws Exception {
        final ResultsFolder folder = ResultsFolder.createNew(temp.toFile(), "run");
        // the temporary file is where the bytes go: point it at the full device
        Files.createSymbolicLink(folder.temporaryFile("actual-send.hgrm"), FULL);
        final Histogram histogram = LatencyRecorder.newHistogram();
        histogram.recordValue(1_000);
        assertThrows(IOException.class, () -> folder.write("actual-send.hgrm", out -> {
            final PrintStream print = new PrintStream(out, false, "UTF-8");
            histogram.outputPercentileDistribution(print, 5, 1.0);
            print.flush();
            ResultsFolder.requireNoError(print, "actual-send.hgrm");
        }));
        assertFalse(Files.exists(folder.directory().resolve("actual-send.hgrm")), "nothing published");
    }

    @Test
    void bytesThatCannotBeWrittenAreAnExceptionEvenWhenTheContentClosesItsStream() throws Exception {
        final ResultsFolder folder = ResultsFolder.createNew(temp.toFile(), "run");
        Files.createSymbolicLink(folder.temporaryFile("summary.json"), FULL);
        assertThrows(IOException.class, () -> folder.write("summary.json", out -> {
            out.write(new byte[100]);
            out.close(); // Jackson closes the stream it was given
        }));
        assertFalse(Files.exists(folder.directory().resolve("summary.json")));
    }

    @Test
    void aWholeFileLandsUnderItsNameWithNoTemporaryLeft() throws Exception {
        final ResultsFolder folder = ResultsFolder.createNew(temp.toFile(), "run");
        folder.write("summary.json", out -> {
            out.write("{}".getBytes(StandardCharsets.UTF_8));
            out.close();
        });
        assertEquals("{}", new String(Files.readAllBytes(folder.directory().resolve("summary.json")),
                StandardCharsets.UTF_8));
        assertEquals(1, folder.directory().toFile().list().length);
    }
}
