package io.fastestjvm.timeline;

import io.fastestjvm.timing.PaddedCounter;

/**
 * A benchmark thread as the per-second sampler sees it. Its idle-turn counter itself, not a supplier: a rehearsal
 * lambda would be replaced by the run's and recompiled in the measured window.
 */
public final class PinnedThread {
    /** The native thread id, or -1 when it is not known (no /proc entry is read then). */
    final int tid;
    /** {@link Thread#getId()}; -1 when it is not known (no allocation is read then). */
    final long javaId;
    final PaddedCounter idleTurns;

    public PinnedThread(final int tid, final long javaId, final PaddedCounter idleTurns) {
        this.tid = tid;
        this.javaId = javaId;
        this.idleTurns = idleTurns;
    }
}
