package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.fastestjvm.reporting.ResultsFolder;
import io.fastestjvm.reporting.RunSummary;

/**
 * A {@code RUNNING} file in a results folder while its run is in progress, removed when the run ends. A folder that
 * still has one after its pid is gone, and no summary.json, is the remains of a killed run: it is reported once
 * (the marker is renamed {@code UNFINISHED}) and never deleted: it is the user's data, and its interval logs may
 * still be useful.
 */
public final class RunningMarker {
    public static final String FILE_NAME = "RUNNING";
    public static final String UNFINISHED = "UNFINISHED";

    private final Path file;

    private RunningMarker(final Path file) {
        this.file = file;
    }

    public static RunningMarker write(final ResultsFolder folder, final String runId) throws IOException {
        final byte[] text = (ProcessIdentity.current().toText() + "runId=" + runId + "\n")
                .getBytes(StandardCharsets.UTF_8);
        return new RunningMarker(folder.write(FILE_NAME, out -> out.write(text)));
    }

    public void remove() throws IOException {
        Files.deleteIfExists(file);
    }

    /** Prints one line per folder under {@code resultsParent} whose run was killed; returns how many. */
    public static int reportUnfinished(final File resultsParent, final PrintStream err) {
        final File[] folders = resultsParent.listFiles(f -> new File(f, FILE_NAME).isFile()
                && !new File(f, RunSummary.FILE_NAME).exists());
        int unfinished = 0;
        for (final File folder : folders == null ? new File[0] : folders) {
            final ProcessIdentity writer;
            try {
                writer = ProcessIdentity.parse(new String(Files.readAllBytes(new File(folder, FILE_NAME).toPath()),
                        StandardCharsets.UTF_8));
            } catch (final IOException e) {
                continue;
            }
            if (writer != null && writer.liveness() == ProcessIdentity.Liveness.DEAD) {
                err.println("[qp] note: " + folder + " is an unfinished run: pid " + writer.pid()
                        + " ended without finishing it (killed or crashed); kept, not a result (marked "
                        + UNFINISHED + ")");
                try {
                    Files.move(new File(folder, FILE_NAME).toPath(), new File(folder, UNFINISHED).toPath());
                } catch (final IOException e) {
                    // reported again next time
                }
                unfinished++;
            }
        }
        return unfinished;
    }
}
