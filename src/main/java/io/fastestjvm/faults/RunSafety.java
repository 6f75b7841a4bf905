package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.RunSummary;

/**
 * What one run does so that a kill, a crash or a second run cannot cost the user RAM, data or a silently wrong
 * number: it cleans up after dead runs, marks its own queue and results folder as in use, and watches for other
 * runs. Closing it releases everything it holds, whatever way the run ended.
 */
public final class RunSafety implements AutoCloseable {
    private final PrintStream err;
    private final File registryDirectory;
    private RunRegistry registry;
    private ConcurrentRunWatch watch;
    private QueueDirectoryOwner queueOwner;
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

    /** Removes dead runs' queues, reports their results folders, and registers and watches this run. */
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

    public void ownQueue(final File queueDir) throws IOException {
        queueOwner = QueueDirectoryOwner.claim(queueDir);
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

    /**
     * Stops watching, checks a last time and returns the pids of every other run seen while this one ran; null
     * when this run could not register, so nothing could be checked (see {@link #unregistered()}).
     */
    public List<Long> otherRunsSeen() throws InterruptedException {
        return watch == null ? null : watch.finish();
    }

    /** Why this run could not register, so that overlaps went unseen; null when it registered. */
    public String unregistered() {
        return unregistered;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            if (watch != null) {
                watch.close();
            }
            if (queueOwner != null) {
                queueOwner.close();
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
