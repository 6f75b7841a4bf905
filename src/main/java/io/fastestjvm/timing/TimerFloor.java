package io.fastestjvm.timing;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;

/** The resolution of every figure: gaps between back-to-back {@code System.nanoTime()} calls, before the run. */
public final class TimerFloor {
    public static final int DEFAULT_CALLS = 1_000_000;

    private final int calls;
    private final Histogram gaps;

    private TimerFloor(final int calls, final Histogram gaps) {
        this.calls = calls;
        this.gaps = gaps;
    }

    /** Takes {@code calls} timestamps back to back; a first pass of the same size warms the loop up. */
    public static TimerFloor measure(final int calls) {
        if (calls < 2) {
            throw new IllegalArgumentException("calls must be at least 2: " + calls);
        }
        sample(calls, new Histogram(3_600_000_000_000L, 3));
        final Histogram gaps = new Histogram(3_600_000_000_000L, 3);
        sample(calls, gaps);
        return new TimerFloor(calls, gaps);
    }

    private static void sample(final int calls, final Histogram gaps) {
        long previous = System.nanoTime();
        for (int i = 1; i < calls; i++) {
            final long now = System.nanoTime();
            gaps.recordValue(now - previous);
            previous = now;
        }
    }

    /** The smallest non-zero gap, 0 if none: exact, as HdrHistogram at 3 digits keeps values below 2,048 exact. */
    private long granularityNanos() {
        return gaps.getMinNonZeroValue() == Long.MAX_VALUE ? 0 : gaps.getMinNonZeroValue();
    }

    public Map<String, Object> toMap() {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("method", "gaps between " + calls + " back-to-back System.nanoTime() calls on the launching thread,"
                + " after a warm-up pass of the same size");
        map.put("calls", calls);
        map.put("minNanos", gaps.getMinValue());
        map.put("granularityNanos", granularityNanos());
        map.put("medianNanos", gaps.getValueAtPercentile(50));
        map.put("p99Nanos", gaps.getValueAtPercentile(99));
        map.put("maxNanos", gaps.getMaxValue());
        map.put("meanNanos", Math.round(gaps.getMean() * 10) / 10.0);
        map.put("zeroGaps", gaps.getCountAtValue(0));
        return map;
    }

    public String describe() {
        return String.format(Locale.ROOT, "timer floor: System.nanoTime() back to back over %,d calls: min %,d ns,"
                        + " median %,d ns, p99 %,d ns, max %,d ns; granularity %,d ns. Figures below the median"
                        + " are within the timer's own cost.", calls, gaps.getMinValue(), gaps.getValueAtPercentile(50),
                gaps.getValueAtPercentile(99), gaps.getMaxValue(), granularityNanos());
    }
}
