package io.fastestjvm.results;

import java.util.Collections;
import java.util.List;
import java.util.Locale;

import io.fastestjvm.recording.LatencyPercentiles;

/**
 * The end-of-run table, in JLBH's shape: one row per percentile, one column per latency definition, values in ns.
 * A value with fewer than {@link LatencyPercentiles#MIN_SAMPLES_ABOVE} samples above it is starred.
 */
public final class PercentileTable {
    private PercentileTable() {
    }

    public static String format(final String title, final List<String> columns,
                                final List<LatencyPercentiles> values) {
        final StringBuilder out = new StringBuilder();
        final String header = "---------- " + title + " ";
        out.append(header).append(repeat('-', Math.max(4, 30 + 18 * columns.size() - header.length()))).append('\n');
        out.append(String.format(Locale.ROOT, "%-12s", "Percentile"));
        for (final String column : columns) {
            out.append(String.format(Locale.ROOT, "%18s", column));
        }
        out.append('\n');
        row(out, "count", values, v -> String.format(Locale.ROOT, "%,d ", v.count()));
        boolean starred = false;
        for (int i = 0; i < LatencyPercentiles.PERCENTILES.length; i++) {
            final int index = i;
            row(out, LatencyPercentiles.LABELS[i], values, v -> String.format(Locale.ROOT, "%,d%s",
                    v.value(index), v.isMeaningful(index) ? " " : "*"));
            for (final LatencyPercentiles v : values) {
                starred |= !v.isMeaningful(index);
            }
        }
        row(out, "worst", values, v -> String.format(Locale.ROOT, "%,d ", v.worst()));
        out.append(repeat('-', 12 + 18 * columns.size())).append('\n');
        if (starred) {
            out.append("* fewer than ").append(LatencyPercentiles.MIN_SAMPLES_ABOVE)
                    .append(" samples above this percentile: not meaningful\n");
        }
        return out.toString();
    }

    private static void row(final StringBuilder out, final String label, final List<LatencyPercentiles> values,
                            final java.util.function.Function<LatencyPercentiles, String> cell) {
        out.append(String.format(Locale.ROOT, "%-12s", label));
        for (final LatencyPercentiles v : values) {
            out.append(String.format(Locale.ROOT, "%18s", cell.apply(v)));
        }
        out.append('\n');
    }

    /** {@code n} copies of {@code c}: the rules of every console table (Java 8 has no String.repeat). */
    public static String repeat(final char c, final int n) {
        return String.join("", Collections.nCopies(n, String.valueOf(c)));
    }
}
