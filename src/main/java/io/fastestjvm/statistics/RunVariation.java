package io.fastestjvm.statistics;

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
        long max = Long.MIN_VALUE;
        long min = Long.MAX_VALUE;
        for (final long value : perRun) {
            max = Math.max(max, value);
            min = Math.min(min, value);
        }
        final double denominator = max + min / 2.0;
        return denominator == 0 ? 0 : 100.0 * (max - min) / denominator;
    }
}
