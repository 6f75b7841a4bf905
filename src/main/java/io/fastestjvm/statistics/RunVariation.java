package io.fastestjvm.statistics;

import java.util.Arrays;
import java.util.LongSummaryStatistics;

/**
 * JLBH's "% variation" across runs, as {@code PercentileSummary.calculateVariance} computes it, odd denominator
 * (max + min / 2) included: only the same formula is comparable with theirs. No run is skipped: warm-up is apart.
 */
public final class RunVariation {
    public static final String METHOD = "JLBH: 100 * (max - min) / (max + min / 2) over all measured runs"
            + " (no run skipped: the warm-up is a separate phase)";

    private RunVariation() {
    }

    public static double percent(final long[] perRun) {
        if (perRun.length < 2) {
            return Double.NaN;
        }
        final LongSummaryStatistics runs = Arrays.stream(perRun).summaryStatistics();
        final double denominator = runs.getMax() + runs.getMin() / 2.0;
        return denominator == 0 ? 0 : 100.0 * (runs.getMax() - runs.getMin()) / denominator;
    }
}
