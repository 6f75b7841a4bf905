package io.fastestjvm.benchmark;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/** JIT compilation time and GC count over the measured window. */
final class JvmActivity {
    private long compileStartMillis = -1;
    private long gcStartCount;
    long compileMillis = -1;
    long gcCount = -1;

    /** Off the measured path: the first call loads the management classes, which delayed the first messages. */
    void rehearse() {
        compileMillis();
        gcCount();
    }

    void start() {
        compileStartMillis = compileMillis();
        gcStartCount = gcCount();
    }

    void stop() {
        final long compiled = compileMillis();
        compileMillis = compiled < 0 || compileStartMillis < 0 ? -1 : compiled - compileStartMillis;
        gcCount = gcCount() - gcStartCount;
    }

    private static long compileMillis() {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    private static long gcCount() {
        long total = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, gc.getCollectionCount());
        }
        return total;
    }
}
