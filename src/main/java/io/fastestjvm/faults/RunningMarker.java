package io.fastestjvm.faults;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.RunSummary;

/**
 * A {@code RUNNING} file in a results folder while its run lasts, renamed {@code UNFINISHED} when the run ends
 * without a summary. A killed run's folder is reported once and never deleted: it is the user's data.
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

    /** At the run's end, however it ended; a rename needs no free space. {@code reason} may be null. */
    public void finish(final String reason, final PrintStream err) throws IOException {
        final Path folder = file.getParent();
        if (Files.exists(folder.resolve(RunSummary.FILE_NAME))) {
            Files.deleteIfExists(file);
            return;
        }
        final String why = (reason == null ? "the run ended without writing " + RunSummary.FILE_NAME : reason)
                .replace('\n', ' ');
        final Path unfinished = Files.move(file, folder.resolve(UNFINISHED), StandardCopyOption.ATOMIC_MOVE);
        err.println("FAILED: " + folder + " is unfinished, not a result (marked " + UNFINISHED + "): " + why);
        try (FileOutputStream out = new FileOutputStream(unfinished.toFile(), true)) {
            out.write(("reason=" + why + "\n").getBytes(StandardCharsets.UTF_8));
            out.getFD().sync();
        }
    }

    public static void reportUnfinished(final File resultsParent, final PrintStream err) {
        final File[] folders = resultsParent.listFiles(f -> new File(f, FILE_NAME).isFile()
                && !new File(f, RunSummary.FILE_NAME).exists());
        for (final File folder : folders == null ? new File[0] : folders) {
            final ProcessIdentity writer;
            try {
                writer = ProcessIdentity.parse(new String(Files.readAllBytes(new File(folder, FILE_NAME).toPath()),
                        StandardCharsets.UTF_8));
            } catch (final IOException e) {
                continue;
            }
            if (writer != null && writer.liveness() == ProcessIdentity.Liveness.DEAD) {
                err.println("[qp] note: " + folder + " is an unfinished run: pid " + writer.pid
                        + " ended without finishing it (killed or crashed); kept, not a result (marked "
                        + UNFINISHED + ")");
                try {
                    Files.move(new File(folder, FILE_NAME).toPath(), new File(folder, UNFINISHED).toPath());
                } catch (final IOException e) {
                    // reported again next time
                }
            }
        }
    }
}
