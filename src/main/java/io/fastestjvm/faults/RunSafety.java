package io.fastestjvm.faults;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.RunSummary;

/**
 * Keeps a kill, a crash or a second run from costing RAM, data or a silently wrong number: cleans up after dead
 * runs, marks this run's results folder, and watches for other runs until closed. The mark is a {@code RUNNING} file
 * while the run lasts, renamed {@code UNFINISHED} when the run ends without a summary. A killed run's folder is
 * reported once and never deleted: it is the user's data.
 */
public final class RunSafety implements AutoCloseable {
    public static final String RUNNING = "RUNNING";
    public static final String UNFINISHED = "UNFINISHED";

    private final PrintStream err;
    private final File registryDirectory;
    private RunRegistry registry;
    private Path running;
    private String failure;
    private String unregistered;

    public RunSafety(final PrintStream err) {
        this(err, RunRegistry.machineWide());
    }

    RunSafety(final PrintStream err, final File registryDirectory) {
        this.err = err;
        this.registryDirectory = registryDirectory;
    }

    public void beforeRun(final BenchmarkOptions options, final String runId) throws IOException {
        StaleQueueSweeper.sweep(options.queueParent(), err);
        reportUnfinished(options.resultsParent(), err);
        try {
            registry = RunRegistry.register(registryDirectory, runId);
        } catch (final IOException | RuntimeException e) {
            unregistered = String.format(RunSummary.UNREGISTERED, registryDirectory, e.getMessage());
            err.println("FAILED: " + unregistered);
            return;
        }
        registry.startWatching(err);
    }

    public void markRunning(final ResultsFolder results, final String runId) throws IOException {
        final byte[] text = (ProcessIdentity.current().toText() + RunRegistry.RUN_ID + runId + "\n")
                .getBytes(StandardCharsets.UTF_8);
        running = results.write(RUNNING, out -> out.write(text));
    }

    /** Records why the run is ending without results, for the UNFINISHED marker; the first reason is kept. */
    public void failed(final Throwable cause) {
        if (failure == null) {
            failure = "the run stopped before its summary was written: " + cause;
        }
    }

    /** Pids of every other run seen; null when this run could not register (see {@link #unregistered()}). */
    public List<Long> otherRunsSeen() throws InterruptedException {
        return registry == null ? null : registry.finishWatching(err);
    }

    /** Why overlaps went unseen; null when this run registered. */
    public String unregistered() {
        return unregistered;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            if (running != null) {
                finishRunning(running, failure, err);
            }
        } finally {
            if (registry != null) {
                registry.close();
            }
        }
    }

    /** At the run's end, however it ended; a rename needs no free space. {@code reason} may be null. */
    static void finishRunning(final Path file, final String reason, final PrintStream err) throws IOException {
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

    static void reportUnfinished(final File resultsParent, final PrintStream err) {
        final File[] folders = resultsParent.listFiles(f -> new File(f, RUNNING).isFile()
                && !new File(f, RunSummary.FILE_NAME).exists());
        for (final File folder : folders == null ? new File[0] : folders) {
            final ProcessIdentity writer;
            try {
                writer = ProcessIdentity.parse(new String(Files.readAllBytes(new File(folder, RUNNING).toPath()),
                        StandardCharsets.UTF_8));
            } catch (final IOException e) {
                continue;
            }
            if (writer != null && writer.liveness() == ProcessIdentity.Liveness.DEAD) {
                err.println("[qp] note: " + folder + " is an unfinished run: pid " + writer.pid
                        + " ended without finishing it (killed or crashed); kept, not a result (marked "
                        + UNFINISHED + ")");
                try {
                    Files.move(new File(folder, RUNNING).toPath(), new File(folder, UNFINISHED).toPath());
                } catch (final IOException e) {
                    // reported again next time
                }
            }
        }
    }
}
