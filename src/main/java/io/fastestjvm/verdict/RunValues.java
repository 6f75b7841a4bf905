package io.fastestjvm.verdict;

import java.util.LinkedHashMap;
import java.util.Map;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;

/** One JVM as the verdict sees it: a label and, per latency and percentile, one value per run (fresh JVM). */
public final class RunValues {
    private final String label;
    private final Map<String, double[]> values = new LinkedHashMap<>();

    public RunValues(final String label) {
        this.label = label;
    }

    public RunValues with(final Latency latency, final Percentile percentile, final double[] perRun) {
        values.put(key(latency, percentile), perRun.clone());
        return this;
    }

    public String label() {
        return label;
    }

    /** The run values, NaN (figure missing) left out; empty when none were given. */
    public double[] values(final Latency latency, final Percentile percentile) {
        final double[] perRun = values.getOrDefault(key(latency, percentile), new double[0]);
        return java.util.Arrays.stream(perRun).filter(v -> !Double.isNaN(v)).toArray();
    }

    public Spread spread(final Latency latency, final Percentile percentile) {
        return Spread.of(values(latency, percentile));
    }

    private static String key(final Latency latency, final Percentile percentile) {
        return latency.key() + "." + percentile.key();
    }
}
