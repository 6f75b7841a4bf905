package io.fastestjvm.faults;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.fastestjvm.results.RunSummary;

/**
 * Looks for other runs on this machine at the start, once a second from its own thread, and at the end: two runs
 * that overlapped at any time measured each other, so neither is comparable with a run that had the machine alone.
 */
public final class ConcurrentRunWatch implements AutoCloseable {
    private final RunRegistry registry;
    private final PrintStream err;
    private final Set<Long> seen = new ConcurrentSkipListSet<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private Thread thread;

    public ConcurrentRunWatch(final RunRegistry registry, final PrintStream err) {
        this.registry = registry;
        this.err = err;
    }

    public synchronized void start() {
        check();
        thread = new Thread(() -> {
            try {
                while (!stopped.await(1, TimeUnit.SECONDS)) {
                    check();
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "qp-concurrent-run-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** Checks a last time and returns the pids of every other run seen, ascending. */
    public List<Long> finish() throws InterruptedException {
        close();
        check();
        return new ArrayList<>(seen);
    }

    private void check() {
        registry.otherLiveRuns().forEach((pid, runId) -> {
            if (seen.add(pid)) {
                err.println("FAILED: " + String.format(RunSummary.NOT_COMPARABLE, pid) + " [" + runId + "]");
            }
        });
    }

    @Override
    public synchronized void close() throws InterruptedException {
        stopped.countDown();
        if (thread != null) {
            thread.join();
        }
    }
}
