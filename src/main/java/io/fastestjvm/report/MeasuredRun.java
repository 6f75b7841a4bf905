package io.fastestjvm.report;

import com.fasterxml.jackson.databind.JsonNode;

/** The figures of one measured run inside a run folder: {@code runs[i]} of its summary.json. Immutable. */
public final class MeasuredRun {
    private final RunFolder folder;
    private final int run;
    private final JsonNode figures;

    MeasuredRun(final RunFolder folder, final int run, final JsonNode figures) {
        this.folder = folder;
        this.run = run;
        this.figures = figures;
    }

    public RunFolder folder() {
        return folder;
    }

    public int run() {
        return run;
    }

    /** The value in ns, or NaN when the summary does not hold it. */
    public double value(final Latency latency, final Percentile percentile) {
        final JsonNode value = figures.path(latency.key()).path(percentile.key());
        return value.isNumber() ? value.asDouble() : Double.NaN;
    }

    /** True when summary.json marks this percentile as having fewer than 10 samples above it. */
    public boolean notMeaningful(final Latency latency, final Percentile percentile) {
        for (final JsonNode key : figures.path(latency.key()).path("notMeaningful")) {
            if (percentile.key().equals(key.asText())) {
                return true;
            }
        }
        return false;
    }
}
