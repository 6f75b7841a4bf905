package io.fastestjvm.benchmark;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.LockSupport;

/**
 * Does a hot thread's work at the window's edges, so what that JDK code compiles or deoptimises is not the hot
 * thread's. The caller yields its CPU meanwhile; parked between tasks, it checks for a stop once a second.
 */
final class HelperThread {
    private static final long CHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Thread thread;
    private final BooleanSupplier stop;
    private volatile Runnable task;
    private volatile long requested;
    private volatile long done;
    private volatile boolean closed;

    HelperThread(final String name, final BooleanSupplier stop) {
        this.stop = stop;
        this.thread = new Thread(this::serve, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Runs {@code work} on the helper and returns once it is done, or once the run stops. Any thread. */
    void runAndAwait(final Runnable work) {
        task = work;
        final long request = requested + 1;
        requested = request;
        LockSupport.unpark(thread);
        while (done != request && !stop.getAsBoolean() && thread.isAlive()) {
            Thread.yield();
        }
    }

    /** Ends the helper once its current task, if any, is done. */
    void close() {
        closed = true;
        LockSupport.unpark(thread);
    }

    private void serve() {
        long seen = 0;
        while (!closed && !stop.getAsBoolean()) {
            final long request = requested;
            if (request == seen) {
                LockSupport.parkNanos(this, CHECK_NANOS);
                continue;
            }
            try {
                task.run();
            } finally {
                seen = request;
                done = request;
            }
        }
    }
}
