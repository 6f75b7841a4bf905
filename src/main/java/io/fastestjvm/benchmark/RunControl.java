package io.fastestjvm.benchmark;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/** Start gate and stop flag shared by the producer, consumer and the thread that runs them. */
final class RunControl {
    private final CountDownLatch ready = new CountDownLatch(2);
    private final CountDownLatch go = new CountDownLatch(1);
    private final AtomicReference<String> failure = new AtomicReference<>();
    private volatile boolean stopRequested;

    void markReadyAndAwaitGo() throws InterruptedException {
        ready.countDown();
        go.await();
    }

    void awaitReady() throws InterruptedException {
        ready.await();
    }

    void go() {
        go.countDown();
    }

    boolean stopRequested() {
        return stopRequested;
    }

    /** Records the first failure only, and stops both threads. */
    void fail(final String reason) {
        failure.compareAndSet(null, reason);
        stopRequested = true;
    }

    String failure() {
        return failure.get();
    }
}
