package io.fastestjvm.report;

import java.util.List;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.verdict.Spread;

/** The figures of one {@link JvmGroup}: for each latency and percentile, the {@link Spread} over its runs. */
public final class GroupFigures {
    private final List<MeasuredRun> runs;

    public GroupFigures(final JvmGroup group) {
        this.runs = group.measuredRuns();
    }

    public Spread spread(final Latency latency, final Percentile percentile) {
        return spread(runs, latency, percentile);
    }

    static Spread spread(final List<MeasuredRun> runs, final Latency latency, final Percentile percentile) {
        final double[] values = new double[runs.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = runs.get(i).value(latency, percentile);
        }
        return Spread.of(values);
    }

    /** How many runs mark this percentile as resting on fewer than 10 samples. */
    public int notMeaningfulRuns(final Latency latency, final Percentile percentile) {
        int count = 0;
        for (final MeasuredRun run : runs) {
            if (run.notMeaningful(latency, percentile)) {
                count++;
            }
        }
        return count;
    }

    public List<MeasuredRun> runs() {
        return runs;
    }
}
