package io.fastestjvm.timing;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The turns of one pinned thread's idle loop: at a fixed rate they say how fast that CPU ran the loop, so a host
 * that slows or moves the vCPU shows, though no event in the guest does. Published with an ordered store: no fence.
 */
public final class IdleTurns {
    private final AtomicLong published = new AtomicLong();
    private long turns;

    /** Owner thread only. */
    public void turn() {
        turns++;
    }

    /** Owner thread only, once per message. */
    public void publish() {
        published.lazySet(turns);
    }

    public long read() {
        return published.get();
    }
}
