package io.fastestjvm.timeline;

import java.nio.file.Path;
import java.util.function.LongSupplier;

import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.recording.AllocationMeter;

/**
 * The cumulative counters behind one interval row (perf counters, /proc steal and context switches, idle turns,
 * allocated bytes, jitter), read once a second on the reporter's thread: nothing here runs on, or waits for, a
 * benchmark thread.
 */
final class SecondSampler implements AutoCloseable {
    private final JvmCounters counters;
    private final ProcCounter steal;
    private final ProcCounter producerSwitches;
    private final ProcCounter consumerSwitches;
    private final LongSupplier jitterLostNanos;
    private final PinnedThread producer;
    private final PinnedThread consumer;
    private final LongSupplier epochMillis;
    private volatile long producerSwitchesAtEnd = -1;
    private volatile long consumerSwitchesAtEnd = -1;

    SecondSampler(final JvmCounters counters, final SystemFiles files, final PinnedThread producer,
                  final PinnedThread consumer, final LongSupplier jitterLostNanos, final LongSupplier epochMillis) {
        this.epochMillis = epochMillis;
        this.counters = counters;
        final Path proc = files.root().resolve("proc");
        // the aggregate line: cpu user nice system idle iowait irq softirq steal
        this.steal = ProcCounter.open(proc.resolve("stat"), "cpu ", 8);
        this.producerSwitches = switches(proc, producer.tid);
        this.consumerSwitches = switches(proc, consumer.tid);
        this.producer = producer;
        this.consumer = consumer;
        this.jitterLostNanos = jitterLostNanos;
    }

    Sample sample() {
        final Sample s = new Sample();
        s.epochMicros = epochMillis.getAsLong() * 1000;
        if (counters != null) {
            s.compilations = counters.compilations();
            s.safepoints = counters.safepoints();
            // HotSpot counts the time to safepoint and the time at the safepoint separately; stopped = both
            final long at = counters.safepointNanos();
            final long sync = counters.safepointSyncNanos();
            s.safepointNanos = at < 0 || sync < 0 ? -1 : at + sync;
        }
        s.stealTicks = read(steal);
        s.producerSwitches = orAtEnd(read(producerSwitches), producerSwitchesAtEnd);
        s.consumerSwitches = orAtEnd(read(consumerSwitches), consumerSwitchesAtEnd);
        s.jitterLostNanos = jitterLostNanos == null ? -1 : jitterLostNanos.getAsLong();
        s.producerIdleTurns = producer.idleTurns.read();
        s.consumerIdleTurns = consumer.idleTurns.read();
        s.producerAllocatedBytes = AllocationMeter.allocatedBytesOf(producer.javaId);
        s.consumerAllocatedBytes = AllocationMeter.allocatedBytesOf(consumer.javaId);
        return s;
    }

    private static ProcCounter switches(final Path proc, final int tid) {
        return tid < 0 ? null : ProcCounter.open(proc.resolve("self/task/" + tid + "/status"),
                "nonvoluntary_ctxt_switches:", 1);
    }

    private static long read(final ProcCounter counter) {
        return counter == null ? -1 : counter.read();
    }

    @Override
    public void close() {
        for (final ProcCounter counter : new ProcCounter[] {steal, producerSwitches, consumerSwitches}) {
            if (counter != null) {
                counter.close();
            }
        }
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
        long producerIdleTurns = -1;
        long consumerIdleTurns = -1;
        long producerAllocatedBytes = -1;
        long consumerAllocatedBytes = -1;
    }
}
