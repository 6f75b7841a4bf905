package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.RunSummary;

/**
 * Keeps a kill, a crash or a second run from costing RAM, data or a silently wrong number: cleans up after dead
 * runs, marks this run's results folder, and watches for other runs until closed.
 */
public final class RunSafety implements AutoCloseable {
    private final PrintStream err;
    private final File registryDirectory;
    private RunRegistry registry;
    private ConcurrentRunWatch watch;
    private RunningMarker marker;
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
        RunningMarker.reportUnfinished(options.resultsParent(), err);
        try {
            registry = RunRegistry.register(registryDirectory, runId);
        } catch (final IOException | RuntimeException e) {
            unregistered = String.format(RunSummary.UNREGISTERED, registryDirectory, e.getMessage());
            err.println("FAILED: " + unregistered);
            return;
        }
        watch = new ConcurrentRunWatch(registry, err);
        watch.start();
    }

    public void markRunning(final ResultsFolder results, final String runId) throws IOException {
        marker = RunningMarker.write(results, runId);
    }

    /** Records why the run is ending without results, for the UNFINISHED marker; the first reason is kept. */
    public void failed(final Throwable cause) {
        if (failure == null) {
            failure = "the run stopped before its summary was written: " + cause;
        }
    }

    /** Pids of every other run seen; null when this run could not register (see {@link #unregistered()}). */
    public List<Long> otherRunsSeen() throws InterruptedException {
        return watch == null ? null : watch.finish();
    }

    /** Why overlaps went unseen; null when this run registered. */
    public String unregistered() {
        return unregistered;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            if (watch != null) {
                watch.close();
            }
            if (marker != null) {
                marker.finish(failure, err);
            }
        } finally {
            if (registry != null) {
                registry.close();
            }
        }
    }
}
