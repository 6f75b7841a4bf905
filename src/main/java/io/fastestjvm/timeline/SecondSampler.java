package io.fastestjvm.timeline;

import java.util.function.LongSupplier;

import io.fastestjvm.audit.ContextSwitches;
import io.fastestjvm.audit.CpuTimes;
import io.fastestjvm.audit.SystemFiles;

/**
 * The cumulative counters behind one interval row, read once a second on the progress reporter's thread:
 * HotSpot's perf counters (one load each from a mapped file, no safepoint), the steal column of /proc/stat and
 * the two benchmark threads' involuntary context switches (three small /proc reads), and the jitter probe's
 * running total. Nothing here runs on, or waits for, a benchmark thread.
 */
final class SecondSampler {
    private final JvmCounters counters;
    private final SystemFiles files;
    private final int producerTid;
    private final int consumerTid;
    private final LongSupplier jitterLostNanos;
    private final LongSupplier epochMillis;
    private volatile long producerSwitchesAtEnd = -1;
    private volatile long consumerSwitchesAtEnd = -1;

    SecondSampler(final JvmCounters counters, final SystemFiles files, final int producerTid, final int consumerTid,
                  final LongSupplier jitterLostNanos) {
        this(counters, files, producerTid, consumerTid, jitterLostNanos, System::currentTimeMillis);
    }

    SecondSampler(final JvmCounters counters, final SystemFiles files, final int producerTid, final int consumerTid,
                  final LongSupplier jitterLostNanos, final LongSupplier epochMillis) {
        this.epochMillis = epochMillis;
        this.counters = counters;
        this.files = files;
        this.producerTid = producerTid;
        this.consumerTid = consumerTid;
        this.jitterLostNanos = jitterLostNanos;
    }

    Sample sample() {
        final Sample s = new Sample();
        s.epochMicros = epochMillis.getAsLong() * 1000;
        if (counters != null) {
            s.compilations = counters.compilations();
            s.safepoints = counters.safepoints();
            s.safepointNanos = counters.safepointNanos();
        }
        final CpuTimes cpu = CpuTimes.read(files);
        s.stealTicks = cpu == null ? -1 : cpu.stealTicks();
        s.producerSwitches = orAtEnd(ContextSwitches.involuntary(files, producerTid), producerSwitchesAtEnd);
        s.consumerSwitches = orAtEnd(ContextSwitches.involuntary(files, consumerTid), consumerSwitchesAtEnd);
        s.jitterLostNanos = jitterLostNanos == null ? -1 : jitterLostNanos.getAsLong();
        return s;
    }

    /** A thread's /proc entry goes when it ends; its last count is what it read of itself at the end. */
    void threadsEnded(final long producerSwitches, final long consumerSwitches) {
        producerSwitchesAtEnd = producerSwitches;
        consumerSwitchesAtEnd = consumerSwitches;
    }

    private static long orAtEnd(final long read, final long atEnd) {
        return read >= 0 ? read : atEnd;
    }

    /** Cumulative values at one instant; -1 where unavailable. */
    static final class Sample {
        long epochMicros;
        long compilations = -1;
        long safepoints = -1;
        long safepointNanos = -1;
        long stealTicks = -1;
        long producerSwitches = -1;
        long consumerSwitches = -1;
        long jitterLostNanos = -1;
    }
}
