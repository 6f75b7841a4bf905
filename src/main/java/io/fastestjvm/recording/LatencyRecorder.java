package io.fastestjvm.recording;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Records one latency definition, allocation-free. Warm-up runs the same branch-free {@link #record} into scratch
 * targets (as JLBH does; the cursor steps by 0), so the JIT compiles what the measured runs execute.
 */
public final class LatencyRecorder {
    /** Every design's histogram range: a sample above a minute means a broken run, so it is clamped and counted. */
    public static final long HIGHEST_TRACKABLE_NANOS = 60_000_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    private final String name;
    private final long[] samples;
    private final long[] warmupSlot = new long[1];
    private long[] activeSamples;
    private int step;
    private final Histogram[] runHistograms;
    private final Histogram warmupHistogram = newHistogram();
    private final SingleWriterRecorder warmupInterval;
    private final SingleWriterRecorder measuredInterval;
    private Histogram activeHistogram;
    private SingleWriterRecorder activeInterval;
    private int cursor;
    private long measuredCount;
    private long clampedSamples;

    public LatencyRecorder(final String name, final int runs, final int samplesPerRun) {
        this.name = name;
        this.samples = new long[Math.multiplyExact(runs, samplesPerRun)];
        this.runHistograms = new Histogram[runs];
        for (int i = 0; i < runs; i++) {
            runHistograms[i] = newHistogram();
        }
        this.warmupInterval = new SingleWriterRecorder(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
        this.measuredInterval = new SingleWriterRecorder(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
        beginWarmup();
    }

    public static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }

    public String name() {
        return name;
    }

    /** Samples from now on are warm-up: they reach the warm-up interval log and no figure. */
    public void beginWarmup() {
        activeHistogram = warmupHistogram;
        activeInterval = warmupInterval;
        activeSamples = warmupSlot;
        step = 0;
        cursor = 0;
    }

    /** Samples from now on belong to measured run {@code run} (0-based); runs must begin in order. */
    public void beginRun(final int run) {
        if (run == 0) {
            cursor = 0;
            measuredCount = 0;
            clampedSamples = 0;
        }
        activeHistogram = runHistograms[run];
        activeInterval = measuredInterval;
        activeSamples = samples;
        step = 1;
    }

    /** Called once per message by the consumer thread; allocation-free. */
    public void record(final long nanos) {
        final long value = clamp(nanos);
        activeSamples[cursor] = value;
        cursor += step;
        measuredCount++;
        activeHistogram.recordValue(value);
        activeInterval.recordValue(value);
    }

    private long clamp(final long nanos) {
        final long value = inRange(nanos);
        if (value != nanos) {
            clampedSamples++;
        }
        return value;
    }

    /** {@code nanos} within the histograms' range: below zero (clock skew between CPUs) is 0, above a minute 60 s. */
    public static long inRange(final long nanos) {
        return Math.max(0, Math.min(HIGHEST_TRACKABLE_NANOS, nanos));
    }

    /** Measured samples in arrival order; only valid once the consumer has stopped. */
    public long[] samples() {
        return samples;
    }

    /** Samples recorded since the first run began. */
    public long measuredCount() {
        return measuredCount;
    }

    /** Measured samples below zero (clock skew between CPUs) or above a minute, clamped to the range. */
    public long clampedSamples() {
        return clampedSamples;
    }

    public Histogram runHistogram(final int run) {
        return runHistograms[run];
    }

    public int runs() {
        return runHistograms.length;
    }

    public Histogram allRuns() {
        final Histogram all = newHistogram();
        for (final Histogram run : runHistograms) {
            all.add(run);
        }
        return all;
    }

    public SingleWriterRecorder warmupInterval() {
        return warmupInterval;
    }

    public SingleWriterRecorder measuredInterval() {
        return measuredInterval;
    }
}
