package io.fastestjvm.engine;

/** A loop control a test can stop, that keeps the first failure. */
final class FakeControl implements LoopControl {
    boolean stop;
    String failure;

    @Override
    public boolean stopRequested() {
        return stop;
    }

    @Override
    public void fail(final String reason) {
        if (failure == null) {
            failure = reason;
        }
        stop = true;
    }
}
