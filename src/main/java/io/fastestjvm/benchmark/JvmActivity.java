package io.fastestjvm.benchmark;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

import io.fastestjvm.warmup.WarmupCollections;

/** JIT compilation time and GC count over the measured window. */
final class JvmActivity {
    private long compileStartMillis = -1;
    private long gcStartCount;
    long compileMillis = -1;
    long gcCount = -1;

    /** Off the measured path: the first call loads the management classes, which delayed the first messages. */
    void rehearse() {
        compileMillis();
        WarmupCollections.collectionCount();
    }

    void start() {
        compileStartMillis = compileMillis();
        gcStartCount = WarmupCollections.collectionCount();
    }

    void stop() {
        final long compiled = compileMillis();
        compileMillis = compiled < 0 || compileStartMillis < 0 ? -1 : compiled - compileStartMillis;
        gcCount = WarmupCollections.collectionCount() - gcStartCount;
    }

    private static long compileMillis() {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }
}
