package io.fastestjvm.transport;

import net.openhft.chronicle.core.OS;
import org.agrona.concurrent.UnsafeBuffer;

/** Zeroed, cache-line-aligned native memory with an owner who frees it: no waiting for a GC to run a cleaner. */
final class OffHeapMemory implements AutoCloseable {
    private static final int ALIGNMENT = 64;

    private final long allocation;
    private final long allocatedBytes;
    private final UnsafeBuffer buffer;
    private boolean freed;

    OffHeapMemory(final int bytes) {
        allocatedBytes = (long) bytes + ALIGNMENT;
        allocation = OS.memory().allocate(allocatedBytes);
        final long aligned = (allocation + ALIGNMENT - 1) & -ALIGNMENT;
        // writing every byte also faults every page in now, not during the run
        OS.memory().setMemory(aligned, bytes, (byte) 0);
        buffer = new UnsafeBuffer(aligned, bytes);
    }

    UnsafeBuffer buffer() {
        return buffer;
    }

    @Override
    public void close() {
        if (!freed) {
            freed = true;
            OS.memory().freeMemory(allocation, allocatedBytes);
        }
    }
}
