package io.fastestjvm.warmup;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * The warm-up's {@code System.gc()} calls, each recorded with what the JVM did (0 under DisableExplicitGC): a GC
 * empties Chronicle's weakly held index arrays, which must happen before their lookup compiles (docs/steady-state.md).
 */
public final class WarmupCollections {
    /** The key of the steady-state section's list, one object per collection. */
    public static final String SUMMARY_KEY = "warmupGcs";
    /** The time a piece of the warm-up's own work took, us: each collection's, and the literals' (StringLiterals). */
    static final String WALL_MICROS = "wallMicros";

    /** System.gc() calls per collection at most: under the GC locker it returns without collecting. */
    static final int MAX_ATTEMPTS = 5;

    private final boolean enabled;
    private final Runnable gc;
    private final LongSupplier collectionCount;
    private final List<Map<String, Object>> done = new ArrayList<>();

    public WarmupCollections(final boolean enabled) {
        this(enabled, System::gc, WarmupCollections::collectionCount);
    }

    /** {@code gc} asks for a collection; {@code collectionCount} counts those done so far (tests fake both). */
    WarmupCollections(final boolean enabled, final Runnable gc, final LongSupplier collectionCount) {
        this.enabled = enabled;
        this.gc = gc;
        this.collectionCount = collectionCount;
    }

    /** When enabled, collects before warm-up second {@code warmupSecond}, retrying while none is counted. */
    public void collectBefore(final long warmupSecond) {
        if (!enabled) {
            return;
        }
        final long countBefore = collectionCount.getAsLong();
        final long start = System.nanoTime();
        long collections = 0;
        int attempts = 0;
        while (collections == 0 && attempts < MAX_ATTEMPTS) {
            gc.run();
            attempts++;
            collections = collectionCount.getAsLong() - countBefore;
        }
        final long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start);
        final Map<String, Object> collection = new LinkedHashMap<>();
        collection.put("beforeWarmupSecond", warmupSecond);
        collection.put("collections", collections);
        collection.put("attempts", attempts);
        collection.put(WALL_MICROS, micros);
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
        return all.stream().map(entry -> "before warm-up second " + entry.get("beforeWarmupSecond") + ", "
                + (long) entry.get(WALL_MICROS) / 1000 + " ms, " + entry.get("collections") + " collection(s)"
                + ((int) entry.get("attempts") > 1 ? " in " + entry.get("attempts") + " System.gc() calls" : ""))
                .collect(Collectors.joining("; ", "warm-up GCs (System.gc(), qp.warmupGc): ", ""));
    }

    /** Collections of every collector so far; a collector that cannot say counts 0. */
    public static long collectionCount() {
        long total = 0;
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, collector.getCollectionCount());
        }
        return total;
    }
}
