package io.fastestjvm.results;

import java.util.List;
import java.util.Locale;

import io.fastestjvm.recording.LatencyPercentiles;
import io.fastestjvm.statistics.RunVariation;

/**
 * JLBH's end-of-test summary: one row per percentile, one column per measured run, and the {@link RunVariation}
 * of the row. A value with fewer than {@link LatencyPercentiles#MIN_SAMPLES_ABOVE} samples above it is starred.
 */
public final class RunVariationTable {
    private static final int WIDTH = 14;

    private RunVariationTable() {
    }

    /** Percentile rows then "worst": the run's values in row order, for {@link RunVariation#percent}. */
    public static long[] row(final List<LatencyPercentiles> runs, final int row) {
        final long[] values = new long[runs.size()];
        for (int r = 0; r < values.length; r++) {
            final LatencyPercentiles p = runs.get(r);
            values[r] = row < p.size() ? p.value(row) : p.worst();
        }
        return values;
    }

    public static int rows() {
        return LatencyPercentiles.PERCENTILES.length + 1;
    }

    public static String label(final int row) {
        return row < LatencyPercentiles.LABELS.length ? LatencyPercentiles.LABELS[row] : "worst";
    }

    public static String format(final String latency, final List<LatencyPercentiles> runs) {
        final StringBuilder out = new StringBuilder();
        final String header = "---------- " + latency + " (ns) across " + runs.size() + " runs ";
        final int width = 12 + WIDTH * (runs.size() + 1);
        out.append(header).append(PercentileTable.repeat('-', Math.max(4, width - header.length()))).append('\n');
        out.append(String.format(Locale.ROOT, "%-12s", "Percentile"));
        for (int r = 1; r <= runs.size(); r++) {
            out.append(String.format(Locale.ROOT, "%" + WIDTH + "s", "run" + r + " "));
        }
        out.append(String.format(Locale.ROOT, "%" + WIDTH + "s", "% Variation")).append('\n');
        boolean starred = false;
        for (int row = 0; row < rows(); row++) {
            out.append(String.format(Locale.ROOT, "%-12s", label(row)));
            final long[] values = row(runs, row);
            for (int r = 0; r < values.length; r++) {
                final boolean meaningful = row >= LatencyPercentiles.LABELS.length || runs.get(r).isMeaningful(row);
                starred |= !meaningful;
                out.append(String.format(Locale.ROOT, "%" + WIDTH + "s",
                        String.format(Locale.ROOT, "%,d%s", values[r], meaningful ? " " : "*")));
            }
            out.append(String.format(Locale.ROOT, "%" + WIDTH + ".2f", RunVariation.percent(values))).append('\n');
        }
        out.append(PercentileTable.repeat('-', width)).append('\n');
        out.append("% Variation = ").append(RunVariation.METHOD).append('\n');
        if (starred) {
            out.append("* fewer than ").append(LatencyPercentiles.MIN_SAMPLES_ABOVE)
                    .append(" samples above this percentile in that run: not meaningful\n");
        }
        return out.toString();
    }
}
