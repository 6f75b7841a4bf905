package io.fastestjvm.sweep;

import com.fasterxml.jackson.databind.JsonNode;

/** One point of a sweep, as its run's summary.json reported it. Immutable. */
final class SweepPoint {
    /** Below this share of the target rate the producer could not keep up. */
    static final double SUSTAINED_SHARE = 0.95;
    /** A median intended-send latency above this means the producer ran behind schedule for most of the point. */
    static final long BACKLOG_NANOS = 1_000_000;
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

    /** The producer kept to the schedule: it sent at 95% of the rate or better, and did not fall ever further behind. */
    boolean sustained() {
        return ran() && achievedRate() >= SUSTAINED_SHARE * rate && latency("intendedSend", "p50") <= BACKLOG_NANOS;
    }
}
