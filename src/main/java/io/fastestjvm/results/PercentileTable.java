package io.fastestjvm.results;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.function.Function;

import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.statistics.OrderStatisticConfidence;

/**
 * The end-of-run console tables, in JLBH's shape: one row per percentile, values in ns. A value with fewer than
 * {@link Ladder#MIN_SAMPLES_ABOVE} samples above it is starred: not meaningful.
 */
public final class PercentileTable {
    private static final int CONFIDENCE_WIDTH = 29;
    private static final int RUN_WIDTH = 14;
    public static final String VARIATION_METHOD = "JLBH: 100 * (max - min) / (max + min / 2) over all measured runs"
            + " (no run skipped: the warm-up is a separate phase)";
    private static final String FEWER_ABOVE = "* fewer than " + Ladder.MIN_SAMPLES_ABOVE + " samples above";

    private PercentileTable() {
    }

    /** One column per latency definition. */
    public static String format(final String title, final List<String> columns, final List<Ladder> values) {
        final StringBuilder out = new StringBuilder();
        header(out, "---------- " + title + " ", 30 + 18 * columns.size());
        label(out, "Percentile");
        columns.forEach(column -> out.append(cell(18, column)));
        out.append('\n');
        row(out, "count", values, v -> String.format(Locale.ROOT, "%,d ", v.count()));
        boolean starred = false;
        for (final Percentile percentile : Percentile.values()) {
            row(out, label(percentile), values,
                    v -> starred(value(v, percentile), v.hasEnoughSamplesAbove(percentile)));
            starred |= values.stream().anyMatch(v -> !v.hasEnoughSamplesAbove(percentile));
        }
        out.append(repeat('-', 12 + 18 * columns.size())).append('\n');
        return footnote(out, starred, " this percentile: not meaningful\n");
    }

    /**
     * Each percentile's distribution-free 95% confidence interval from the raw samples, one column per latency;
     * {@code intervals.get(column)[i]} for {@code Percentile.LADDER.get(i)}. An interval whose upper rank lies beyond
     * the samples is starred too.
     */
    public static String confidence(final List<String> columns, final List<Ladder> percentiles,
                                    final List<OrderStatisticConfidence[]> intervals) {
        final StringBuilder out = new StringBuilder();
        label(out, "95% CI (ns)");
        columns.forEach(column -> out.append(cell(CONFIDENCE_WIDTH, column + " ")));
        out.append('\n');
        boolean starred = false;
        for (int i = 0; i < Percentile.LADDER.size(); i++) {
            label(out, label(Percentile.LADDER.get(i)));
            for (int c = 0; c < columns.size(); c++) {
                final OrderStatisticConfidence ci = intervals.get(c)[i];
                final boolean meaningful = isMeaningful(percentiles.get(c), Percentile.LADDER.get(i), ci);
                starred |= !meaningful;
                out.append(cell(CONFIDENCE_WIDTH, String.format(Locale.ROOT, "[%,d, %,d]%s", ci.low, ci.high,
                        meaningful ? " " : "*")));
            }
            out.append('\n');
        }
        out.append("95% CI: ").append(OrderStatisticConfidence.METHOD).append('\n');
        return footnote(out, starred, ", or the upper rank is beyond the samples: not meaningful\n");
    }

    public static boolean isMeaningful(final Ladder ladder, final Percentile percentile,
                                       final OrderStatisticConfidence ci) {
        return ladder.hasEnoughSamplesAbove(percentile) && ci.bounded;
    }

    /** JLBH's end-of-test summary: one column per measured run, and the {@link #variationPercent} of the row. */
    public static String acrossRuns(final String latency, final List<Ladder> runs) {
        final StringBuilder out = new StringBuilder();
        final int width = 12 + RUN_WIDTH * (runs.size() + 1);
        header(out, "---------- " + latency + " (ns) across " + runs.size() + " runs ", width);
        label(out, "Percentile");
        for (int r = 1; r <= runs.size(); r++) {
            out.append(cell(RUN_WIDTH, "run" + r + " "));
        }
        out.append(cell(RUN_WIDTH, "% Variation")).append('\n');
        boolean starred = false;
        for (final Percentile percentile : Percentile.values()) {
            label(out, label(percentile));
            final long[] values = row(runs, percentile);
            for (int r = 0; r < values.length; r++) {
                final boolean meaningful = runs.get(r).hasEnoughSamplesAbove(percentile);
                starred |= !meaningful;
                out.append(cell(RUN_WIDTH, starred(values[r], meaningful)));
            }
            out.append(String.format(Locale.ROOT, "%" + RUN_WIDTH + ".2f", variationPercent(values)))
                    .append('\n');
        }
        out.append(repeat('-', width)).append('\n');
        out.append("% Variation = ").append(VARIATION_METHOD).append('\n');
        return footnote(out, starred, " this percentile in that run: not meaningful\n");
    }

    /**
     * JLBH's "% variation" across runs, as {@code PercentileSummary.calculateVariance} computes it, odd denominator
     * (max + min / 2) included: only the same formula is comparable with theirs. No run is skipped: warm-up is apart.
     */
    public static double variationPercent(final long[] perRun) {
        if (perRun.length < 2) {
            return Double.NaN;
        }
        final LongSummaryStatistics runs = Arrays.stream(perRun).summaryStatistics();
        final double denominator = runs.getMax() + runs.getMin() / 2.0;
        return denominator == 0 ? 0 : 100.0 * (runs.getMax() - runs.getMin()) / denominator;
    }

    /** One percentile's value in each run, for {@link #variationPercent}. */
    public static long[] row(final List<Ladder> runs, final Percentile percentile) {
        return runs.stream().mapToLong(ladder -> value(ladder, percentile)).toArray();
    }

    private static long value(final Ladder ladder, final Percentile percentile) {
        return (long) ladder.value(percentile);
    }

    /** JLBH's row label: the percent as Java prints a double (50.0, 99.999), then "worst". */
    private static String label(final Percentile percentile) {
        return percentile == Percentile.WORST ? "worst" : String.valueOf(percentile.percent());
    }

    private static void row(final StringBuilder out, final String label, final List<Ladder> values,
                            final Function<Ladder, String> cell) {
        label(out, label);
        values.forEach(v -> out.append(cell(18, cell.apply(v))));
        out.append('\n');
    }

    /** A title line ruled out to {@code width} characters, at least four dashes. */
    private static void header(final StringBuilder out, final String title, final int width) {
        out.append(title).append(repeat('-', Math.max(4, width - title.length()))).append('\n');
    }

    private static void label(final StringBuilder out, final String label) {
        out.append(String.format(Locale.ROOT, "%-12s", label));
    }

    private static String cell(final int width, final String text) {
        return String.format(Locale.ROOT, "%" + width + "s", text);
    }

    private static String starred(final long value, final boolean meaningful) {
        return String.format(Locale.ROOT, "%,d%s", value, meaningful ? " " : "*");
    }

    /** The table, with the star's meaning after it when a value was starred. */
    private static String footnote(final StringBuilder out, final boolean starred, final String meaning) {
        return (starred ? out.append(FEWER_ABOVE).append(meaning) : out).toString();
    }

    /** {@code n} copies of {@code c}: the rules of every console table (Java 8 has no String.repeat). */
    public static String repeat(final char c, final int n) {
        return String.join("", Collections.nCopies(n, String.valueOf(c)));
    }
}
