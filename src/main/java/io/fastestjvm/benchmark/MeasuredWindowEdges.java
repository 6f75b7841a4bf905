package io.fastestjvm.benchmark;

import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import io.fastestjvm.audit.HarnessCpu;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.placement.PlacementProbe;
import io.fastestjvm.results.RunSummary;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.JvmCounters;
import io.fastestjvm.warmup.WarmupCollections;

/**
 * What the producer and consumer do at the measured window's two edges, outside it: the placement probe, the
 * window's safepoint count, the harness threads' CPU time, and the JIT time and GC count.
 */
final class MeasuredWindowEdges {
    private final PlacementProbe placement;
    private final BooleanSupplier stop;
    private final HarnessCpu harnessCpu = new HarnessCpu(SystemFiles.live());
    /** The harness snapshots read /proc and build strings: off the consumer, which once deoptimised JDK code there. */
    private final HelperThread helper;
    private long compileStartMillis = -1;
    private long gcStartCount;
    /** JIT compilation time (ms) and GC count over the measured window; -1 until read. */
    long compileMillis = -1;
    long gcCount = -1;
    private final Runnable harnessStart = harnessCpu::start;
    /**
     * The JVM activity reads are the helper's too: the management beans' JDK code, compiled with other profiles,
     * deoptimised here. The rehearsal's first call loads the management classes, which delayed the first messages.
     */
    private final Runnable activityRehearsal = () -> {
        compileMillisSoFar();
        WarmupCollections.collectionCount();
    };
    private final Runnable activityStart = () -> {
        compileStartMillis = compileMillisSoFar();
        gcStartCount = WarmupCollections.collectionCount();
    };
    private final Runnable activityAndHarnessStop = () -> {
        final long compiled = compileMillisSoFar();
        compileMillis = compiled < 0 || compileStartMillis < 0 ? -1 : compiled - compileStartMillis;
        gcCount = WarmupCollections.collectionCount() - gcStartCount;
        harnessCpu.stop();
    };
    private final JvmCounters counters = JvmCounters.open();
    private long safepointsAtStart = JvmCounters.UNAVAILABLE;
    private long measuredSafepoints = JvmCounters.UNAVAILABLE;
    private volatile long startEpochMicros = -1;
    private volatile long endEpochMicros = -1;

    MeasuredWindowEdges(final RunControl control, final PlacementProbe placement) {
        this.placement = placement;
        this.stop = control::stopRequested;
        this.helper = new HelperThread("qp-window-edges", stop);
    }

    /** Producer, in the paced warm-up (see {@link PlacementProbe#WARMUP}); its schedule restarts after. */
    void producerInWarmup() {
        placement.rehearseInitiator(stop);
    }

    /** Consumer, in the paced warm-up, at the same chunk; the helper's reads are rehearsed too. */
    void consumerInWarmup() {
        placement.rehearseResponder(stop);
        helper.runAndAwait(activityRehearsal);
    }

    /** Producer, after the last warm-up message; the measured schedule starts after it, so nothing is overdue. */
    void producerBeforeMeasuring() {
        placement.initiate(PlacementProbe.BEFORE, stop);
    }

    /**
     * Producer, after its last measured message and before any work of its own (a /proc read): waits until the
     * consumer has closed the window ({@link #consumerLastMessageReceived}), so that work falls after it.
     */
    void producerAwaitWindowEnd() {
        while (endEpochMicros < 0 && !stop.getAsBoolean()) {
            // spin: the consumer closes the window once the last message has reached it
        }
    }

    /** Producer, after its last measured message and {@link #producerAwaitWindowEnd}. */
    void producerAfterMeasuring() {
        placement.initiate(PlacementProbe.AFTER, stop);
    }

    /** Consumer, after the last warm-up message: the harness snapshot, the probe, the JVM activity's start. */
    void consumerBeforeMeasuring() {
        helper.runAndAwait(harnessStart);
        placement.respond(PlacementProbe.BEFORE, stop);
        helper.runAndAwait(activityStart);
    }

    /** Consumer, just before the first measured message, last, so the edge's own work falls before the window. */
    void consumerOpensWindow() {
        safepointsAtStart = safepoints();
        // whole milliseconds: what every JDK from 8 gives without allocating; the window is 100 s
        startEpochMicros = System.currentTimeMillis() * 1000;
    }

    /**
     * Consumer, right after its last measured message: closes the window, then waits (at most 1 ms) until the
     * clock leaves its last millisecond, which the window counts whole, so the threads' work after falls outside.
     */
    void consumerLastMessageReceived() {
        final long endMillis = System.currentTimeMillis();
        final long now = safepoints();
        measuredSafepoints = now < 0 || safepointsAtStart < 0 ? JvmCounters.UNAVAILABLE : now - safepointsAtStart;
        endEpochMicros = endMillis * 1000;
        while (System.currentTimeMillis() <= endMillis) {
            // spin, at most a millisecond
        }
    }

    /** Consumer, after {@link #consumerLastMessageReceived} and its own end-of-loop reads. */
    void consumerAfterMeasuring() {
        helper.runAndAwait(activityAndHarnessStop);
        helper.close();
        placement.respond(PlacementProbe.AFTER, stop);
    }

    private static long compileMillisSoFar() {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    /** The window's end as read by the consumer, epoch microseconds (whole milliseconds); -1 until then. */
    long endEpochMicros() {
        return endEpochMicros;
    }

    void addWindowTo(final IntervalTable evidence) {
        if (startEpochMicros >= 0 && endEpochMicros >= startEpochMicros) {
            // the clock read at the end is whole milliseconds: an event in the last one counts in the window
            evidence.measuredWindow(startEpochMicros, endEpochMicros + 999);
        }
    }

    private long safepoints() {
        return counters == null ? JvmCounters.UNAVAILABLE : counters.safepoints();
    }

    /** Safepoints between the first and the last measured message; {@link JvmCounters#UNAVAILABLE} if unknown. */
    long measuredSafepoints() {
        return measuredSafepoints;
    }

    /** A bare run's window safepoints come from here; otherwise the evidence table's totals write that key. */
    void addTo(final RunSummary.Builder summary, final boolean bare, final int... benchmarkTids) {
        if (bare) {
            summary.measuredSafepoints(measuredSafepoints);
        }
        summary.section(PlacementProbe.SECTION, placement.toMap());
        final java.util.Map<String, Object> harness = harnessCpu.result(benchmarkTids);
        harness.put("bare", bare);
        summary.section("harness", harness);
    }

    /** The safepoint line only for a bare run: otherwise the evidence line already gives the window's count. */
    void print(final PrintStream out, final boolean bare, final int... benchmarkTids) {
        out.println(placement.describe());
        if (bare) {
            out.println(String.format(Locale.ROOT, "safepoints in the measured window: %s",
                    measuredSafepoints < 0 ? "unavailable (no hsperfdata counters)" : measuredSafepoints));
        }
        out.println(HarnessCpu.describe(harnessCpu.result(benchmarkTids)));
    }

    /**
     * Does a hot thread's work at the window's edges, so what that JDK code compiles or deoptimises is not the hot
     * thread's. The caller yields its CPU meanwhile; parked between tasks, it checks for a stop once a second.
     */
    static final class HelperThread {
        private static final long CHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

        private final Thread thread;
        private final BooleanSupplier stop;
        private volatile Runnable task;
        private volatile long requested;
        private volatile long done;
        private volatile boolean closed;

        HelperThread(final String name, final BooleanSupplier stop) {
            this.stop = stop;
            this.thread = new Thread(this::serve, name);
            thread.setDaemon(true);
            thread.start();
        }

        /** Runs {@code work} on the helper and returns once it is done, or once the run stops. Any thread. */
        void runAndAwait(final Runnable work) {
            task = work;
            final long request = requested + 1;
            requested = request;
            LockSupport.unpark(thread);
            while (done != request && !stop.getAsBoolean() && thread.isAlive()) {
                Thread.yield();
            }
        }

        /** Ends the helper once its current task, if any, is done. */
        void close() {
            closed = true;
            LockSupport.unpark(thread);
        }

        private void serve() {
            long seen = 0;
            while (!closed && !stop.getAsBoolean()) {
                final long request = requested;
                if (request == seen) {
                    LockSupport.parkNanos(this, CHECK_NANOS);
                    continue;
                }
                try {
                    task.run();
                } finally {
                    seen = request;
                    done = request;
                }
            }
        }
    }
}
