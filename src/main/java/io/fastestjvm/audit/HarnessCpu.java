package io.fastestjvm.audit;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * CPU time of every thread of this JVM over a window: with no free CPU, each harness thread's time is taken from a
 * pinned benchmark thread. Reads files: call at the window's edges only.
 */
public final class HarnessCpu {
    public static final String METHOD = "/proc/self/task/<tid>/schedstat run time (else stat utime+stime) of every"
            + " thread of this JVM except the producer and consumer, between two snapshots";

    private final SystemFiles files;
    /** Each thread's name as last read. */
    private final Map<Integer, String> names = new HashMap<>();
    private Map<Integer, Long> start;
    private Map<Integer, Long> end;
    private long startNanos;
    private long endNanos;

    public HarnessCpu(final SystemFiles files) {
        this.files = files;
    }

    public void start() {
        start = snapshot();
        startNanos = System.nanoTime();
    }

    public void stop() {
        endNanos = System.nanoTime();
        end = snapshot();
    }

    /** Without the threads {@code benchmarkTids}. */
    public Map<String, Object> result(final int... benchmarkTids) {
        final Map<String, Object> node = new LinkedHashMap<>();
        if (start == null || end == null) {
            node.put("problem", "not measured: the measured window did not complete");
            return node;
        }
        final double seconds = (endNanos - startNanos) / 1e9;
        final List<Map<String, Object>> threads = new ArrayList<>();
        long totalNanos = 0;
        for (final Map.Entry<Integer, Long> thread : end.entrySet()) {
            final int tid = thread.getKey();
            if (Arrays.stream(benchmarkTids).anyMatch(b -> b == tid)) {
                continue;
            }
            final Long before = start.get(tid);
            final long nanos = thread.getValue() - (before == null ? 0 : before);
            totalNanos += nanos;
            if (nanos > 0) {
                final Map<String, Object> row = new LinkedHashMap<>();
                row.put("name", names.get(tid));
                row.put("tid", tid);
                row.put("cpuMillis", LoadSample.round(nanos / 1e6));
                row.put("cpuMillisPerSecond", LoadSample.round(nanos / 1e6 / seconds));
                threads.add(row);
            }
        }
        threads.sort((a, b) -> Double.compare((Double) b.get("cpuMillis"), (Double) a.get("cpuMillis")));
        node.put("method", METHOD);
        node.put("windowSeconds", LoadSample.round(seconds));
        node.put("cpuMillisPerSecond", LoadSample.round(totalNanos / 1e6 / seconds));
        node.put("threads", threads);
        return node;
    }

    /** "3.2 ms CPU per second (C2 CompilerThre 1.1, qp-progress 0.9, ...)" from {@link #result}. */
    @SuppressWarnings("unchecked")
    public static String describe(final Map<String, Object> result) {
        if (result.containsKey("problem")) {
            return "harness threads' CPU time: " + result.get("problem");
        }
        final String top = ((List<Map<String, Object>>) result.get("threads")).stream().limit(4)
                .map(thread -> thread.get("name") + " " + thread.get("cpuMillisPerSecond"))
                .collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "harness threads' CPU time during measurement: %s ms per second%s",
                result.get("cpuMillisPerSecond"), top.isEmpty() ? "" : " (" + top + ", ...)");
    }

    private Map<Integer, Long> snapshot() {
        final Map<Integer, Long> threads = new TreeMap<>();
        for (final String tid : files.list("/proc/self/task", "[0-9]*")) {
            final String task = "/proc/self/task/" + tid;
            final long nanos = nanosOf(files, task);
            if (nanos >= 0) {
                final String name = files.firstLine(task + "/comm");
                names.put(Integer.valueOf(tid), name == null ? "?" : name);
                threads.put(Integer.valueOf(tid), nanos);
            }
        }
        return threads;
    }

    /** ns so far, or -1. Reads a file: never from a hot loop. */
    public static long threadNanos(final int tid) {
        return tid < 0 ? -1 : nanosOf(SystemFiles.live(), "/proc/self/task/" + tid);
    }

    /** This JVM's own CPU time so far, all its threads, as HotSpot counts it, in ns; -1 where the JVM cannot say. */
    public static long processNanos() {
        final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean
                ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : -1;
    }

    private static long nanosOf(final SystemFiles files, final String task) {
        final String schedstat = files.firstLine(task + "/schedstat");
        if (schedstat != null && !schedstat.isEmpty()) {
            try {
                return Long.parseLong(schedstat.split("\\s+")[0]);
            } catch (final NumberFormatException e) {
                // fall back to stat
            }
        }
        final Long ticks = files.statCpuTicks(task + "/stat");
        return ticks == null ? -1 : ticks * CpuTimes.MILLIS_PER_TICK * 1_000_000;
    }
}
