package io.fastestjvm.slice;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.fastestjvm.audit.HarnessCpu;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.recording.AllocationMeter;
import io.fastestjvm.timeline.JvmCounters;

/** What the JVM did around one slice: two readings' difference is its evidence row, checked by {@link #failure}. */
final class SliceEvidence {
    private final JvmCounters counters;
    private final SliceWorkers.ThreadFacts producer;
    private final SliceWorkers.ThreadFacts consumer;

    SliceEvidence(final SliceWorkers.ThreadFacts producer, final SliceWorkers.ThreadFacts consumer) {
        this.counters = JvmCounters.open();
        this.producer = producer;
        this.consumer = consumer;
    }

    /** One reading, in a fixed order: {@link SliceProtocol#EVIDENCE}, then {@link SliceProtocol#MORE_EVIDENCE}. */
    long[] read() {
        long gcCount = 0;
        long gcMillis = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcCount += Math.max(0, gc.getCollectionCount());
            gcMillis += Math.max(0, gc.getCollectionTime());
        }
        return new long[] {
            counters == null ? JvmCounters.UNAVAILABLE : counters.compilations(),
            counters == null ? JvmCounters.UNAVAILABLE : counters.invalidations(),
            counters == null ? JvmCounters.UNAVAILABLE : counters.safepoints(),
            counters == null ? JvmCounters.UNAVAILABLE : counters.safepointNanos(),
            gcCount,
            gcMillis,
            AllocationMeter.allocatedBytesOf(producer.javaId),
            AllocationMeter.allocatedBytesOf(consumer.javaId),
            SystemFiles.live().involuntarySwitches(producer.osId),
            SystemFiles.live().involuntarySwitches(consumer.osId),
            HarnessCpu.processNanos(),
            HarnessCpu.threadNanos(producer.osId),
            HarnessCpu.threadNanos(consumer.osId),
        };
    }

    static final int COMPILATIONS = 0;
    static final int INVALIDATIONS = 1;
    static final int PRODUCER_BYTES = 6;
    static final int CONSUMER_BYTES = 7;

    /** {@code after - before}, named; a counter that is unavailable in either reading is -1. */
    static Map<String, Object> delta(final long[] before, final long[] after) {
        final Map<String, Object> row = new LinkedHashMap<>();
        int i = 0;
        for (final List<String> names : Arrays.asList(SliceProtocol.EVIDENCE, SliceProtocol.MORE_EVIDENCE)) {
            for (final String name : names) {
                row.put(name, before[i] < 0 || after[i] < 0 ? -1L : after[i] - before[i]);
                i++;
            }
        }
        return row;
    }

    /** No hot-loop allocation and no invalidation on any thread (stricter than a single run's); null if both hold. */
    static String failure(final long[] before, final long[] after) {
        final long producerBytes = after[PRODUCER_BYTES] - before[PRODUCER_BYTES];
        final long consumerBytes = after[CONSUMER_BYTES] - before[CONSUMER_BYTES];
        if (producerBytes != 0 || consumerBytes != 0) {
            return "allocation: producer " + producerBytes + " B, consumer " + consumerBytes + " B";
        }
        if (before[INVALIDATIONS] >= 0 && after[INVALIDATIONS] != before[INVALIDATIONS]) {
            return "deoptimisation: " + (after[INVALIDATIONS] - before[INVALIDATIONS]) + " compiled method(s)"
                    + " invalidated";
        }
        return null;
    }

    /** Compilations plus invalidations from {@code before} to {@code after}; -1 when hsperfdata has no count. */
    static long jitEvents(final long[] before, final long[] after) {
        if (before[COMPILATIONS] < 0 || after[COMPILATIONS] < 0 || before[INVALIDATIONS] < 0
                || after[INVALIDATIONS] < 0) {
            return JvmCounters.UNAVAILABLE;
        }
        return after[COMPILATIONS] - before[COMPILATIONS] + after[INVALIDATIONS] - before[INVALIDATIONS];
    }

    static long hotLoopBytes(final long[] before, final long[] after) {
        return after[PRODUCER_BYTES] - before[PRODUCER_BYTES] + after[CONSUMER_BYTES] - before[CONSUMER_BYTES];
    }

    /** Why a warm-up slice was not quiet, or null. */
    static String warmupFailure(final long[] before, final long[] after) {
        final String failure = failure(before, after);
        if (failure != null) {
            return failure;
        }
        final long events = jitEvents(before, after);
        if (events < 0) {
            return "no JIT counter (hsperfdata): steady state cannot be decided";
        }
        return events == 0 ? null : "the JIT compiled " + (after[COMPILATIONS] - before[COMPILATIONS]) + " method(s)";
    }
}
