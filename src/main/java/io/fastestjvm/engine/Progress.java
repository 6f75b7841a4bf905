package io.fastestjvm.engine;

import io.fastestjvm.timing.PaddedCounter;

/**
 * A worker's reached sequence and idle turns, published once per message with ordered stores (no fence), each alone
 * on its cache lines. The loops count their idle turns in a local, so their own spin code stores nothing.
 */
public final class Progress {
    private final PaddedCounter reached = new PaddedCounter();
    private final PaddedCounter idleTurns = new PaddedCounter();

    /** Every sequence before {@code next} is done, after {@code turns} more idle turns; owner thread only. */
    void reached(final long next, final long turns) {
        reached.publish(next);
        idleTurns.publish(idleTurns.read() + turns);
    }

    /** The first sequence not yet done, as last published. */
    public long reached() {
        return reached.read();
    }

    /**
     * The turns of this thread's idle loop (spins until due, empty polls): at a fixed rate they say how fast its CPU
     * ran the loop, so a host that slows or moves the vCPU shows, though no event in the guest does.
     */
    public PaddedCounter idleTurns() {
        return idleTurns;
    }
}
