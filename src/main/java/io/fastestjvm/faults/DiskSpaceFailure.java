package io.fastestjvm.faults;

import java.io.File;
import java.util.Locale;


/**
 * Recognises a run that failed because its queue's file system filled up while it ran (Preflight has already
 * checked the space at the start). Writing a memory-mapped page that tmpfs cannot back raises SIGBUS, which the
 * JVM turns into {@code InternalError: a fault occurred in ... unsafe memory access operation}; a file write gets
 * {@code No space left on device}. Either, with less space free than the rest of the run needs, is this failure.
 */
public final class DiskSpaceFailure {
    private final File queueParent;
    private final long neededBytes;
    private final long freeAtStart;

    private DiskSpaceFailure(final File queueParent, final long neededBytes, final long freeAtStart) {
        this.queueParent = queueParent;
        this.neededBytes = neededBytes;
        this.freeAtStart = freeAtStart;
    }

    /** Remembers the free space at the start; {@code neededBytes} is the queue estimate Preflight checked. */
    public static DiskSpaceFailure watch(final File queueParent, final long neededBytes) {
        return new DiskSpaceFailure(queueParent, neededBytes, queueParent.getUsableSpace());
    }

    /**
     * The failure to report first when {@code failure} is a lack of space, else null. Call before the queue files
     * are deleted: the free space now is part of the evidence.
     */
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
