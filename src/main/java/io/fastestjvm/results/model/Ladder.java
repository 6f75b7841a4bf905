package io.fastestjvm.results.model;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.HdrHistogram.Histogram;

import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.recording.LatencyRecorders;

/**
 * One latency's JLBH percentile ladder, with the samples above each: as recorded, as the console prints it and as
 * summary.json holds it (its JSON keys are spelled here and in {@link Percentile} only).
 */
public final class Ladder {
    /** With fewer samples above it, a percentile is a few outliers, not a property of the system. */
    public static final long MIN_SAMPLES_ABOVE = 10;
    private static final String COUNT = "count";
    private static final String MEAN = "mean";
    private static final String MIN = "min";
    private static final String SAMPLES_ABOVE = "samplesAbove";
    private static final String NOT_MEANINGFUL = "notMeaningful";
    private static final String CLAMPED = "clampedSamples";

    private final long count;
    private final double mean;
    private final long min;
    private final Map<Percentile, Long> values = new EnumMap<>(Percentile.class);
    private final Map<Percentile, Long> samplesAbove = new EnumMap<>(Percentile.class);
    private final List<Percentile> notMeaningful = new ArrayList<>();
    private Long clampedSamples;
    private final Map<String, JsonNode> details = new LinkedHashMap<>();

    private Ladder(final long count, final double mean, final long min) {
        this.count = count;
        this.mean = mean;
        this.min = min;
    }

    /** The ladder of a histogram's percentiles, mean rounded to 0.1 ns as summary.json stores it; all 0 if empty. */
    public static Ladder of(final Histogram histogram) {
        final long count = histogram.getTotalCount();
        final boolean empty = count == 0;
        final Ladder ladder = new Ladder(count, empty ? 0 : Math.round(histogram.getMean() * 10) / 10.0,
                empty ? 0 : histogram.getMinValue());
        for (final Percentile percentile : Percentile.LADDER) {
            final long value = empty ? 0 : histogram.getValueAtPercentile(percentile.percent());
            ladder.values.put(percentile, value);
            ladder.samplesAbove.put(percentile, empty ? 0 : count - histogram.getCountBetweenValues(0, value));
            if (!ladder.hasEnoughSamplesAbove(percentile)) {
                ladder.notMeaningful.add(percentile);
            }
        }
        ladder.values.put(Percentile.WORST, empty ? 0 : histogram.getMaxValue());
        return ladder;
    }

    /** Each latency's ladder per measured run, in {@link io.fastestjvm.recording.Latency#ALL}'s order. */
    public static List<List<Ladder>> perRun(final LatencyRecorders recorders) {
        final List<List<Ladder>> all = new ArrayList<>();
        for (final LatencyRecorder recorder : recorders.all()) {
            final List<Ladder> runs = new ArrayList<>();
            for (int run = 0; run < recorder.runs(); run++) {
                runs.add(of(recorder.runHistogram(run)));
            }
            all.add(runs);
        }
        return all;
    }

    public long count() {
        return count;
    }

    /** The value in ns, or NaN when the file does not hold it. */
    public double value(final Percentile percentile) {
        final Long value = values.get(percentile);
        return value == null ? Double.NaN : value;
    }

    /**
     * At least {@link #MIN_SAMPLES_ABOVE} samples above it (the maximum, and a file that does not say, count as
     * enough): what the console's star shows, whatever a later check marked {@link #notMeaningful}.
     */
    public boolean hasEnoughSamplesAbove(final Percentile percentile) {
        final Long above = samplesAbove.get(percentile);
        return above == null || above >= MIN_SAMPLES_ABOVE;
    }

    /** True when fewer than 10 samples lie above this percentile (or a later check marked it so). */
    public boolean notMeaningful(final Percentile percentile) {
        return notMeaningful.contains(percentile);
    }

    /** Marks a percentile not meaningful, once. */
    public void markNotMeaningful(final Percentile percentile) {
        if (!notMeaningful.contains(percentile)) {
            notMeaningful.add(percentile);
        }
    }

    /** Latency values clamped to the histogram's range; 0 when the file does not say (per-run ladders). */
    public long clampedSamples() {
        return clampedSamples == null ? 0 : clampedSamples;
    }

    public void clampedSamples(final long clamped) {
        this.clampedSamples = clamped;
    }

    /** An extra key after the ladder, e.g. {@code confidence95}. */
    public void detail(final String key, final JsonNode value) {
        details.put(key, value);
    }

    @JsonValue
    Map<String, Object> json() {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put(COUNT, count);
        json.put(MEAN, mean);
        json.put(MIN, min);
        values.forEach((p, v) -> json.put(p.key(), v));
        final Map<String, Long> above = new LinkedHashMap<>();
        samplesAbove.forEach((p, v) -> above.put(p.key(), v));
        json.put(SAMPLES_ABOVE, above);
        json.put(NOT_MEANINGFUL, notMeaningful.stream().map(Percentile::key).collect(Collectors.toList()));
        if (clampedSamples != null) {
            json.put(CLAMPED, clampedSamples);
        }
        json.putAll(details);
        return json;
    }

    @JsonCreator
    static Ladder fromJson(final Map<String, JsonNode> json) {
        final Map<String, JsonNode> rest = new LinkedHashMap<>(json); // what is left after the ladder: its details
        final Ladder ladder = new Ladder(number(rest.remove(COUNT)).asLong(), number(rest.remove(MEAN)).asDouble(),
                number(rest.remove(MIN)).asLong());
        final JsonNode samplesAbove = rest.remove(SAMPLES_ABOVE);
        for (final Percentile p : Percentile.values()) {
            final JsonNode value = rest.remove(p.key());
            if (value != null && value.isNumber()) {
                ladder.values.put(p, value.asLong());
            }
            final JsonNode above = samplesAbove == null ? null : samplesAbove.get(p.key());
            if (above != null && above.isNumber()) {
                ladder.samplesAbove.put(p, above.asLong());
            }
        }
        final JsonNode notMeaningful = rest.remove(NOT_MEANINGFUL);
        if (notMeaningful != null) {
            for (final JsonNode key : notMeaningful) {
                final Percentile p = Percentile.ofKey(key.asText());
                if (p != null) {
                    ladder.notMeaningful.add(p);
                }
            }
        }
        final JsonNode clamped = rest.remove(CLAMPED);
        if (clamped != null) {
            ladder.clampedSamples = clamped.asLong();
        }
        ladder.details.putAll(rest);
        return ladder;
    }

    private static JsonNode number(final JsonNode node) {
        return node == null ? JsonNodeFactory.instance.numberNode(0) : node;
    }
}
