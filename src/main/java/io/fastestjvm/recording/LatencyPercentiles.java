package io.fastestjvm.recording;

import org.HdrHistogram.Histogram;

/**
 * The JLBH percentile ladder of one histogram, with the samples above each: with fewer than
 * {@link #MIN_SAMPLES_ABOVE} above it, a percentile is a few outliers, not a property of the system.
 */
public final class LatencyPercentiles {
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999};
    public static final String[] LABELS = {"50.0", "90.0", "99.0", "99.9", "99.99", "99.999"};
    public static final long MIN_SAMPLES_ABOVE = 10;

    private final long count;
    private final double mean;
    private final long min;
    private final long worst;
    private final long[] values;
    private final long[] samplesAbove;

    private LatencyPercentiles(final Histogram histogram) {
        count = histogram.getTotalCount();
        mean = count == 0 ? 0 : histogram.getMean();
        min = count == 0 ? 0 : histogram.getMinValue();
        worst = count == 0 ? 0 : histogram.getMaxValue();
        values = new long[PERCENTILES.length];
        samplesAbove = new long[PERCENTILES.length];
        for (int i = 0; i < PERCENTILES.length; i++) {
            values[i] = count == 0 ? 0 : histogram.getValueAtPercentile(PERCENTILES[i]);
            samplesAbove[i] = count == 0 ? 0 : count - histogram.getCountBetweenValues(0, values[i]);
        }
    }

    public static LatencyPercentiles of(final Histogram histogram) {
        return new LatencyPercentiles(histogram);
    }

    public long count() {
        return count;
    }

    public double mean() {
        return mean;
    }

    public long min() {
        return min;
    }

    public long worst() {
        return worst;
    }

    public int size() {
        return values.length;
    }

    public long value(final int index) {
        return values[index];
    }

    public long samplesAbove(final int index) {
        return samplesAbove[index];
    }

    public boolean isMeaningful(final int index) {
        return samplesAbove[index] >= MIN_SAMPLES_ABOVE;
    }
}
