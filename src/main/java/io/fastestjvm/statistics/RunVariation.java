package io.fastestjvm.statistics;

/**
 * JLBH's "% variation" of one percentile across runs: {@code 100 * (max - min) / (max + min / 2)}, exactly as
 * JLBH's {@code PercentileSummary.calculateVariance} computes it (note the precedence: the denominator is
 * max + min/2, not the mean). Unlike JLBH, the first run is not skipped: here the warm-up is a separate phase
 * before run 1, so run 1 is as warm as the others. Undefined (NaN) for fewer than two runs.
 *
 * <p>It keeps JLBH's formula on purpose, odd denominator included, rather than the (max - min) / median of
 * the verdict's Spread: this figure is there to be set beside the article's and JLBH's own "% variation",
 * and only the same formula gives a figure comparable with theirs.
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
