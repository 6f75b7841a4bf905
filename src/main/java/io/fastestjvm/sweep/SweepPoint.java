package io.fastestjvm.sweep;

import com.fasterxml.jackson.databind.JsonNode;

/** One point of a sweep, as its run's summary.json reported it. Immutable. */
final class SweepPoint {
    /** Below this share of the target rate the producer could not keep up. */
    static final double SUSTAINED_SHARE = 0.95;
    static final String[] PERCENTILES = {"p50", "p90", "p99", "p99_9", "worst"};

    final long rate;
    final int size;
    /** passed | failed (a check failed; figures still recorded) | rejected (the settings were refused: no run). */
    final String status;
    final String resultsFolder;
    final JsonNode summary;
    final String problem;

    SweepPoint(final long rate, final int size, final String status, final String resultsFolder,
               final JsonNode summary, final String problem) {
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

    long achievedRate() {
        return ran() ? summary.at("/messages/achievedSendRate").asLong() : 0;
    }

    long latency(final String latency, final String percentile) {
        return summary.at("/latency/" + latency + "/" + percentile).asLong();
    }

    /**
     * The producer kept to the schedule: measured messages over its own measured time reached 95% of the rate. A
     * producer whose lag behind the schedule (so the intended-send latency) grows without bound fails this too; a
     * consumer that falls behind does not, as its lag shows in both latencies instead.
     */
    boolean sustained() {
        return ran() && achievedRate() >= SUSTAINED_SHARE * rate;
    }
}
