package io.fastestjvm.faults;

import java.io.File;
import java.util.Locale;


/**
 * Recognises a run that failed because its queue's file system filled up: a mapped page tmpfs cannot back raises
 * SIGBUS ({@code unsafe memory access operation}), a file write {@code No space left on device}.
 */
public final class DiskSpaceFailure {
    private final File queueParent;
    private final long neededBytes;
    private final long freeAtStart;

    /** Notes the free space now; {@code neededBytes}: the queue estimate Preflight checked. */
    public DiskSpaceFailure(final File queueParent, final long neededBytes) {
        this.queueParent = queueParent;
        this.neededBytes = neededBytes;
        this.freeAtStart = queueParent.getUsableSpace();
    }

    /** The failure to report first, or null; call before the queue files go, as the free space now is evidence. */
    public String diagnose(final String failure, final long bytesStillNeeded) {
        if (failure == null || !(failure.contains("unsafe memory access") || failure.contains("No space left"))) {
            return null;
        }
        final long freeNow = queueParent.getUsableSpace();
        if (freeNow >= bytesStillNeeded) {
            return null;
        }
        return String.format(Locale.ROOT, "queue file system full: %s ran out of space during the run; this run"
                        + " needed about %s for its queue, %s was free at the start and %s is free now, with %s"
                        + " still to write. Free space there or set qp.queueDir to a larger file system",
                queueParent, Preflight.bytes(neededBytes), Preflight.bytes(freeAtStart), Preflight.bytes(freeNow),
                Preflight.bytes(bytesStillNeeded));
    }
}
