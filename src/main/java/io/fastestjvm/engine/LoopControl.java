package io.fastestjvm.engine;

/** What the loops ask of their runner; one implementation per design, so a JVM's calls stay monomorphic. */
public interface LoopControl {
    /** Asked once per message sent and once per empty poll: a plain volatile read. */
    boolean stopRequested();

    /** Records why the loop stopped early and stops both threads; off the hot path. */
    void fail(String reason);
}
