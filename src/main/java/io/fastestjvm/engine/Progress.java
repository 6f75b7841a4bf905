package io.fastestjvm.engine;

import io.fastestjvm.timing.IdleTurns;
import io.fastestjvm.timing.PaddedCounter;

/** A worker's reached sequence and idle turns, published with ordered stores (no fence on the hot path). */
public final class Progress {
    private final PaddedCounter reached = new PaddedCounter();
    private final IdleTurns idle = new IdleTurns();

    /** One turn of the idle loop (a spin until due, an empty poll); owner thread only. */
    void idleTurn() {
        idle.turn();
    }

    /** Every sequence before {@code next} is done; owner thread only, once per message. */
    void reached(final long next) {
        reached.publish(next);
        idle.publish();
    }

    /** The first sequence not yet done, as last published. */
    public long reached() {
        return reached.read();
    }

    public IdleTurns idle() {
        return idle;
    }
}
