package io.fastestjvm.audit;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** This JVM's own CPU time, all its threads, as HotSpot counts it. */
public final class OwnCpuTime {
    private OwnCpuTime() {
    }

    /** CPU time so far in ns, or -1 where the JVM cannot say. */
    public static long nanos() {
        final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean
                ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : -1;
    }
}
