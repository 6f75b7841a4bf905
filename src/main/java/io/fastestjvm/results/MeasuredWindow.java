package io.fastestjvm.results;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.RunResults;

/**
 * One measured window (a run's, or a comparison slice's): its histograms, edges and named counters of JVM activity,
 * allocation and interference (a counter it lacks was unavailable). Its histograms are the recorders' own, not
 * copied, so a window is written out before they record again.
 */
public final class MeasuredWindow {
    private final long startEpochMillis;
    private final long startNanos;
    private final long lengthNanos;
    private final Map<Latency, Histogram> histograms = new LinkedHashMap<>();
    private final Map<String, Long> jvm = new LinkedHashMap<>();
    private final Map<String, Long> allocation = new LinkedHashMap<>();
    private final Map<String, Long> interference = new LinkedHashMap<>();

    private MeasuredWindow(final long startEpochMillis, final long startNanos, final long lengthNanos) {
        this.startEpochMillis = startEpochMillis;
        this.startNanos = startNanos;
        this.lengthNanos = lengthNanos;
    }

    /** Starts a window that began at {@code startEpochMillis} (wall clock) and {@code startNanos} (nanoTime). */
    public static Builder startingAt(final long startEpochMillis, final long startNanos, final long lengthNanos) {
        return new Builder(new MeasuredWindow(startEpochMillis, startNanos, lengthNanos));
    }

    public long startEpochMillis() {
        return startEpochMillis;
    }

    /** The end on the wall clock, whole milliseconds as the start. */
    public long endEpochMillis() {
        return startEpochMillis + lengthNanos / 1_000_000;
    }

    public long startNanos() {
        return startNanos;
    }

    public long lengthNanos() {
        return lengthNanos;
    }

    /** The window's histogram of one latency, or null when it recorded none. */
    public Histogram histogram(final Latency latency) {
        return histograms.get(latency);
    }

    /** The histograms by file stem, each dated with this window (epoch ms), as histograms.hlog holds them. */
    public Map<String, Histogram> datedHistograms() {
        final Map<String, Histogram> dated = new LinkedHashMap<>();
        for (final Map.Entry<Latency, Histogram> latency : histograms.entrySet()) {
            final Histogram copy = latency.getValue().copy();
            copy.setStartTimeStamp(startEpochMillis);
            copy.setEndTimeStamp(endEpochMillis());
            dated.put(latency.getKey().fileStem(), copy);
        }
        return dated;
    }

    /** Every counter: JVM activity, then allocation, then interference. */
    public Map<String, Long> counters() {
        final Map<String, Long> all = new LinkedHashMap<>(jvm);
        all.putAll(allocation);
        all.putAll(interference);
        return all;
    }

    /** A counter of any of the three groups by name; -1 when this window lacks it (unavailable). */
    public long counter(final String name) {
        return Stream.of(jvm, allocation, interference).filter(group -> group.containsKey(name)).findFirst()
                .map(group -> group.get(name)).orElse(-1L);
    }

    /** This window as one entry of summary.json's {@code windows} list. */
    public RunResults.Window toSummary() {
        final RunResults.Window entry = new RunResults.Window();
        entry.startEpochMillis = startEpochMillis;
        entry.endEpochMillis = endEpochMillis();
        entry.startNanos = startNanos;
        entry.lengthNanos = lengthNanos;
        entry.latency = new RunResults.Latencies();
        histograms.forEach((latency, histogram) -> entry.latency.put(latency, Ladder.of(histogram)));
        entry.jvmActivity = new LinkedHashMap<>(jvm);
        entry.allocation = new LinkedHashMap<>(allocation);
        entry.interference = new LinkedHashMap<>(interference);
        return entry;
    }

    /** Collects one window's figures; a negative counter is unavailable and left out. Builds once. */
    public static final class Builder {
        private MeasuredWindow window;

        private Builder(final MeasuredWindow window) {
            this.window = window;
        }

        public Builder histogram(final Latency latency, final Histogram histogram) {
            unbuilt().histograms.put(latency, histogram);
            return this;
        }

        public Builder jvm(final String name, final long value) {
            return put(unbuilt().jvm, name, value);
        }

        public Builder allocation(final String name, final long value) {
            return put(unbuilt().allocation, name, value);
        }

        public Builder interference(final String name, final long value) {
            return put(unbuilt().interference, name, value);
        }

        private Builder put(final Map<String, Long> group, final String name, final long value) {
            if (value >= 0) {
                group.put(name, value);
            }
            return this;
        }

        /** The window; afterwards this builder refuses every call, so a built window never changes. */
        public MeasuredWindow build() {
            final MeasuredWindow built = unbuilt();
            window = null;
            return built;
        }

        private MeasuredWindow unbuilt() {
            if (window == null) {
                throw new IllegalStateException("this window is already built");
            }
            return window;
        }
    }
}
