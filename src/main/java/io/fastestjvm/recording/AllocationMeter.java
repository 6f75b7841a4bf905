package io.fastestjvm.recording;

import java.lang.management.ManagementFactory;

/**
 * Counts the bytes the calling thread allocates between {@link #start()} and {@link #stop()}. The counter read may
 * itself allocate (JDK 8 boxes its argument), so that cost is measured once and subtracted.
 */
public final class AllocationMeter {
    private static final com.sun.management.ThreadMXBean THREADS = threadBean();

    private final long threadId;
    private final long readCost;
    private long startBytes = -1;
    private long bytes = -1;

    /** Must be made on the thread it meters. */
    public AllocationMeter() {
        this.threadId = Thread.currentThread().getId();
        this.readCost = calibrate(threadId);
    }

    private static com.sun.management.ThreadMXBean threadBean() {
        final java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean) {
            final com.sun.management.ThreadMXBean hotspot = (com.sun.management.ThreadMXBean) bean;
            if (hotspot.isThreadAllocatedMemorySupported()) {
                hotspot.setThreadAllocatedMemoryEnabled(true);
                return hotspot;
            }
        }
        return null;
    }

    private static long calibrate(final long threadId) {
        if (THREADS == null) {
            return 0;
        }
        long cost = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            final long a = THREADS.getThreadAllocatedBytes(threadId);
            final long b = THREADS.getThreadAllocatedBytes(threadId);
            cost = Math.min(cost, b - a);
        }
        return cost;
    }

    /** Bytes thread {@code javaThreadId} has allocated so far, from any thread; -1 when unknown or ended. */
    public static long allocatedBytesOf(final long javaThreadId) {
        return THREADS == null || javaThreadId < 0 ? -1 : THREADS.getThreadAllocatedBytes(javaThreadId);
    }

    public void start() {
        if (THREADS != null) {
            startBytes = THREADS.getThreadAllocatedBytes(threadId);
        }
    }

    public void stop() {
        if (THREADS != null && startBytes >= 0) {
            bytes = Math.max(0, THREADS.getThreadAllocatedBytes(threadId) - startBytes - readCost);
        }
    }

    /** Bytes allocated between start and stop, or -1 when the JVM cannot tell. */
    public long allocatedBytes() {
        return bytes;
    }
}
