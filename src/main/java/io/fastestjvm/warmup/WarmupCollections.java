package io.fastestjvm.warmup;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The full collections the warm-up asks for ({@code System.gc()}, as JMH's {@code -gc true} between iterations),
 * each recorded with what the JVM really did: a JVM run with {@code -XX:+DisableExplicitGC} counts 0 collections.
 * Why: Chronicle Queue holds each thread's index arrays behind weak references, so a GC makes the appender
 * allocate them again and, on C2, deoptimises the lookup compiled without that branch (docs/steady-state.md). When
 * the warm-up collects is {@code Phases.collectsBefore}'s to say. Producer thread only, between chunks, never in a
 * send loop.
 */
public final class WarmupCollections {
    /** The key of the steady-state section's list, one object per collection. */
    public static final String SUMMARY_KEY = "warmupGcs";

    private final boolean enabled;
    private final List<Map<String, Object>> done = new ArrayList<>();

    public WarmupCollections(final boolean enabled) {
        this.enabled = enabled;
    }

    /** Collects now, before warm-up second {@code warmupSecond} (counting the first stage's), when enabled. */
    public void collectBefore(final long warmupSecond) {
        if (!enabled) {
            return;
        }
        final long countBefore = collectionCount();
        final long start = System.nanoTime();
        System.gc();
        final long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start);
        final Map<String, Object> collection = new LinkedHashMap<>();
        collection.put("beforeWarmupSecond", warmupSecond);
        collection.put("collections", collectionCount() - countBefore);
        collection.put("wallMicros", micros);
        synchronized (done) {
            done.add(collection);
        }
    }

    /** The summary's list, in the order they happened; empty when disabled. */
    public List<Map<String, Object>> toList() {
        synchronized (done) {
            return Collections.unmodifiableList(new ArrayList<>(done));
        }
    }

    /** One console line, or null when none was asked for. */
    public String describe() {
        final List<Map<String, Object>> all = toList();
        if (all.isEmpty()) {
            return enabled ? null : "warm-up GCs: none (qp.warmupGc=false)";
        }
        final StringBuilder line = new StringBuilder("warm-up GCs (System.gc(), qp.warmupGc):");
        for (final Map<String, Object> collection : all) {
            line.append(collection == all.get(0) ? " " : "; ").append("before warm-up second ")
                    .append(collection.get("beforeWarmupSecond")).append(", ")
                    .append((long) collection.get("wallMicros") / 1000).append(" ms, ")
                    .append(collection.get("collections")).append(" collection(s)");
        }
        return line.toString();
    }

    /** Collections of every collector so far; a collector that cannot say counts 0. */
    private static long collectionCount() {
        long total = 0;
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, collector.getCollectionCount());
        }
        return total;
    }
}
