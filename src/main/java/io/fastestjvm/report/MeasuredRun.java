package io.fastestjvm.report;

import java.util.List;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.verdict.Spread;

/** The figures of one measured run inside a run folder: {@code runs[i]} of its summary.json. Immutable. */
public final class MeasuredRun {
    final RunFolder folder;
    final int run;
    private final RunResults.RunFigures figures;

    MeasuredRun(final RunFolder folder, final int run, final RunResults.RunFigures figures) {
        this.folder = folder;
        this.run = run;
        this.figures = figures;
    }

    /** The value in ns, or NaN when the summary does not hold it. */
    public double value(final Latency latency, final Percentile percentile) {
        final Ladder ladder = figures.get(latency);
        return ladder == null ? Double.NaN : ladder.value(percentile);
    }

    /** True when summary.json marks this percentile as having fewer than 10 samples above it. */
    public boolean notMeaningful(final Latency latency, final Percentile percentile) {
        final Ladder ladder = figures.get(latency);
        return ladder != null && ladder.notMeaningful(percentile);
    }

    static Spread spread(final List<MeasuredRun> runs, final Latency latency, final Percentile percentile) {
        return Spread.of(runs.stream().mapToDouble(run -> run.value(latency, percentile)).toArray());
    }
}
