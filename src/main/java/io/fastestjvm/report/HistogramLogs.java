package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import io.fastestjvm.results.IntervalLog;
import io.fastestjvm.verdict.Interval;

/**
 * Reads the .hlog interval logs a run writes: one histogram a second, measured intervals untagged, warm-up
 * intervals tagged {@value IntervalLog#WARMUP_TAG}.
 */
public final class HistogramLogs {
    private HistogramLogs() {
    }

    /** One interval of a log, its start in seconds from the first interval, and whether it was warm-up. */
    public static final class Interval {
        private final double startSeconds;
        private final boolean warmup;
        private final Histogram histogram;

        Interval(final double startSeconds, final boolean warmup, final Histogram histogram) {
            this.startSeconds = startSeconds;
            this.warmup = warmup;
            this.histogram = histogram;
        }

        public double startSeconds() {
            return startSeconds;
        }

        public boolean warmup() {
            return warmup;
        }

        public Histogram histogram() {
            return histogram;
        }
    }

    /** Every interval of one log, in order. */
    public static List<Interval> intervals(final Path hlog) throws IOException {
        final List<Interval> intervals = new ArrayList<>();
        final HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            double firstStart = Double.NaN;
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (!(next instanceof Histogram)) {
                    continue;
                }
                final double start = next.getStartTimeStamp() / 1000.0;
                if (Double.isNaN(firstStart)) {
                    firstStart = start;
                }
                intervals.add(new Interval(start - firstStart, IntervalLog.WARMUP_TAG.equals(next.getTag()),
                        (Histogram) next));
            }
        } finally {
            reader.close();
        }
        return intervals;
    }

    /**
     * The sum of the measured (untagged) intervals of the given logs: several runs of one JVM as one histogram, dated
     * from its first interval's start to its last one's end (unset when there is none).
     */
    public static Histogram measured(final Collection<Path> hlogs) throws IOException {
        final Histogram sum = new Histogram(3);
        long start = Long.MAX_VALUE;
        long end = 0;
        for (final Path hlog : hlogs) {
            if (!Files.isRegularFile(hlog)) {
                continue;
            }
            for (final Interval interval : intervals(hlog)) {
                // Untagged only: warm-up (and any other tagged interval) is not the measurement.
                if (interval.histogram().getTag() == null) {
                    sum.add(interval.histogram());
                    start = Math.min(start, interval.histogram().getStartTimeStamp());
                    end = Math.max(end, interval.histogram().getEndTimeStamp());
                }
            }
        }
        sum.setStartTimeStamp(start);
        sum.setEndTimeStamp(end);
        return sum;
    }
}
