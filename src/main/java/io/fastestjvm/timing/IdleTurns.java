package io.fastestjvm.timing;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The turns of one pinned thread's idle loop: the producer's spins while it waits for a message to fall due, the
 * consumer's empty polls. At a fixed rate the idle time of a second barely changes, so the turns per second say
 * how fast that CPU ran the loop: when the host slows or moves the vCPU (a busy sibling hyperthread, a lower
 * clock, another core) or the loop's code changes, the count moves, with no event inside the guest to show it.
 * The owner counts in a plain field and publishes once per message with an ordered store (no fence on the hot
 * path); any thread may {@link #read} the last published count. Allocation-free.
 */
public final class IdleTurns {
    private final AtomicLong published = new AtomicLong();
    private long turns;

    /** One turn of the idle loop; owner thread only. */
    public void turn() {
        turns++;
    }

    /** Makes the count so far visible to {@link #read}; owner thread only, once per message. */
    public void publish() {
        published.lazySet(turns);
    }

    public long read() {
        return published.get();
    }
}
