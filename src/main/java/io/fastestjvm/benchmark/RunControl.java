package io.fastestjvm.benchmark;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.fastestjvm.engine.LoopControl;

/** Start gate and stop flag of a run; every wait ends (event, failure or deadline), so no dead thread hangs it. */
final class RunControl implements LoopControl {
    /** How long the threads may take to open the transport and pin themselves before the run is failed. */
    static final long STARTUP_SECONDS = 120;
    private static final long POLL_MILLIS = 50;

    private final CountDownLatch ready = new CountDownLatch(2);
    private final CountDownLatch go = new CountDownLatch(1);
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final long startupNanos;
    private volatile boolean stopRequested;

    RunControl() {
        this(TimeUnit.SECONDS.toNanos(STARTUP_SECONDS));
    }

    RunControl(final long startupNanos) {
        this.startupNanos = startupNanos;
    }

    /** Each worker, once set up: true at the go signal, false when the run stopped (or never started) instead. */
    boolean markReadyAndAwaitGo() throws InterruptedException {
        ready.countDown();
        return awaitOrFail(go, 2 * startupNanos, "no start signal");
    }

    /** Waits for both threads; false, with the run failed, on a failure or past the startup limit. */
    boolean awaitReady() throws InterruptedException {
        return awaitOrFail(ready, startupNanos, "the producer and consumer were not both ready");
    }

    /** True once the latch opens; false, with the run failed (the first failure kept), once stopped or too late. */
    private boolean awaitOrFail(final CountDownLatch latch, final long limitNanos, final String what)
            throws InterruptedException {
        final long deadline = System.nanoTime() + limitNanos;
        while (!latch.await(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (stopRequested || System.nanoTime() - deadline > 0) {
                fail("startup: " + what + " within " + TimeUnit.NANOSECONDS.toSeconds(limitNanos) + " s");
                return false;
            }
        }
        return !stopRequested;
    }

    void go() {
        go.countDown();
    }

    @Override
    public boolean stopRequested() {
        return stopRequested;
    }

    /** Records the first failure only, and stops both threads. */
    @Override
    public void fail(final String reason) {
        failure.compareAndSet(null, reason);
        stopRequested = true;
    }

    String failure() {
        return failure.get();
    }
}
