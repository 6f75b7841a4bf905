package io.fastestjvm.sweep;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;

/** One point of a sweep, as its run's summary.json reported it. Immutable. */
final class SweepPoint {
    /** Below this share of the target rate the producer could not keep up. */
    static final double SUSTAINED_SHARE = 0.95;
    static final List<Percentile> PERCENTILES = Collections.unmodifiableList(Arrays.asList(
            Percentile.P50, Percentile.P90, Percentile.P99, Percentile.P99_9, Percentile.WORST));

    final long rate;
    final int size;
    /** passed | failed (a check failed; figures still recorded) | rejected (the settings were refused: no run). */
    final String status;
    final String resultsFolder;
    final RunResults summary;
    final String problem;

    SweepPoint(final long rate, final int size, final String status, final String resultsFolder,
               final RunResults summary, final String problem) {
        this.rate = rate;
        this.size = size;
        this.status = status;
        this.resultsFolder = resultsFolder;
        this.summary = summary;
        this.problem = problem;
    }

    boolean ran() {
        return summary != null;
    }

    boolean failed() {
        return !RunResults.PASSED.equals(status);
    }

    long achievedRate() {
        return ran() && summary.messages != null && summary.messages.achievedSendRate != null
                ? summary.messages.achievedSendRate : 0;
    }

    /** The overall figure in ns; 0 when the run did not record it. */
    long latency(final Latency latency, final Percentile percentile) {
        final Ladder ladder = summary.latency(latency);
        final double value = ladder == null ? Double.NaN : ladder.value(percentile);
        return Double.isNaN(value) ? 0 : (long) value;
    }

    /** The producer kept to the schedule; a consumer that falls behind shows in the latencies instead. */
    boolean sustained() {
        return ran() && achievedRate() >= SUSTAINED_SHARE * rate;
    }
}
