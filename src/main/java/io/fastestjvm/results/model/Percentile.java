package io.fastestjvm.results.model;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The percentile ladder every run records ({@link Ladder}), with the key summary.json stores it under and the label
 * the report shows; {@link #WORST} is the maximum.
 */
public enum Percentile {
    P50("p50", "median", 50),
    P90("p90", "90%", 90),
    P99("p99", "99%", 99),
    P99_9("p99_9", "99.9%", 99.9),
    P99_99("p99_99", "99.99%", 99.99),
    P99_999("p99_999", "99.999%", 99.999),
    WORST("worst", "worst", 100);

    /** The ladder without the maximum: the percentiles that carry samples-above counts. */
    public static final List<Percentile> LADDER = Collections.unmodifiableList(Arrays.asList(
            Arrays.copyOf(values(), values().length - 1)));

    private final String key;
    private final String label;
    private final double percent;

    Percentile(final String key, final String label, final double percent) {
        this.key = key;
        this.label = label;
        this.percent = percent;
    }

    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    public double percent() {
        return percent;
    }

    /** The percentile stored under {@code key}, or null. */
    public static Percentile ofKey(final String key) {
        return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst().orElse(null);
    }
}
