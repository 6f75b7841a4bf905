package io.fastestjvm.engine;

/**
 * What the send and receive loops ask of whoever runs them: whether to stop, and where to report a failure. One
 * implementation per design (the single run's, a comparison JVM's), so in any one JVM the loops' calls stay
 * monomorphic.
 */
public interface LoopControl {
    /** Asked once per message sent and once per empty poll: a plain volatile read. */
    boolean stopRequested();

    /** Records why the loop stopped early and stops both threads; off the hot path. */
    void fail(String reason);
}
