package io.fastestjvm.jitter;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.recording.AllocationMeter;

/**
 * JLBH's OS jitter monitor: spins on {@code System.nanoTime()} on a CPU of its own and records every gap above a
 * threshold, each time the OS took the CPU away. Allocation-free; read {@link #result()} after {@code join}.
 */
public final class OsJitterProbe implements Runnable {
    static final long HIGHEST_TRACKABLE_NANOS = 60_000_000_000L;

    private final int cpu;
    private final long thresholdNanos;
    private final Histogram gaps = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
    private volatile boolean running = true;
    private long startNanos;
    private long endNanos;
    private long lostNanos;
    /** Published on each gap (rare) for the per-second evidence table. */
    private volatile long lostNanosSoFar;
    private long allocatedBytes = -1;
    private String actualCpus = "";
    private String pinningNote;

    public OsJitterProbe(final int cpu, final long thresholdNanos) {
        this.cpu = cpu;
        this.thresholdNanos = thresholdNanos;
    }

    public void stop() {
        running = false;
    }

    @Override
    public void run() {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpu)) {
            actualCpus = ThreadAffinity.cpuList(pinning.actualCpus());
            pinningNote = pinning.note();
            final AllocationMeter allocation = new AllocationMeter();
            allocation.start();
            startNanos = System.nanoTime();
            spin();
            endNanos = System.nanoTime();
            allocation.stop();
            allocatedBytes = allocation.allocatedBytes();
        }
    }

    private void spin() {
        long previous = System.nanoTime();
        long lost = 0;
        while (running) {
            final long now = System.nanoTime();
            final long gap = now - previous;
            if (gap > thresholdNanos) {
                gaps.recordValue(Math.min(gap, HIGHEST_TRACKABLE_NANOS));
                lost += gap;
                lostNanosSoFar = lost;
            }
            previous = now;
        }
        lostNanos = lost;
    }

    /** Safe to read from any thread while the probe runs. */
    public long lostNanosSoFar() {
        return lostNanosSoFar;
    }

    public Result result() {
        return new Result();
    }

    /** What the probe saw, read after {@code join}. An empty histogram reads 0 for every percentile and the max. */
    public final class Result {
        final Histogram gaps = OsJitterProbe.this.gaps.copy();
        final long lostNanos = OsJitterProbe.this.lostNanos;
        final long elapsedNanos = endNanos - startNanos;

        public long count() {
            return gaps.getTotalCount();
        }

        public double lostMicrosPerSecond() {
            return elapsedNanos <= 0 ? 0 : lostNanos / 1e3 / (elapsedNanos / 1e9);
        }

        public Map<String, Object> toMap() {
            final Map<String, Object> map = new LinkedHashMap<>();
            map.put("enabled", true);
            map.put("plannedCpu", cpu);
            map.put("actualCpus", actualCpus);
            map.put("pinningNote", pinningNote);
            map.put("thresholdNanos", thresholdNanos);
            map.put("seconds", Math.round(elapsedNanos / 1e6) / 1e3);
            map.put("count", count());
            map.put("p50", gaps.getValueAtPercentile(50));
            map.put("p99", gaps.getValueAtPercentile(99));
            map.put("max", gaps.getMaxValue());
            map.put("lostNanos", lostNanos);
            map.put("lostMicrosPerSecond", Math.round(lostMicrosPerSecond() * 10) / 10.0);
            map.put("allocatedBytes", allocatedBytes);
            return map;
        }

        public String describe() {
            return String.format(Locale.ROOT, "OS jitter (CPU %s, gaps > %,d ns over %.1f s): %,d gaps, p50 %,d ns,"
                            + " p99 %,d ns, max %,d ns; %,.1f us lost per second",
                    cpu == CpuAssignment.UNPINNED ? "unpinned" : String.valueOf(cpu), thresholdNanos,
                    elapsedNanos / 1e9, count(), gaps.getValueAtPercentile(50), gaps.getValueAtPercentile(99),
                    gaps.getMaxValue(), lostMicrosPerSecond());
        }
    }
}
