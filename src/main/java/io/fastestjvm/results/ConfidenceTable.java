package io.fastestjvm.results;

import java.util.List;
import java.util.Locale;

import io.fastestjvm.recording.LatencyPercentiles;
import io.fastestjvm.statistics.OrderStatisticConfidence;

/**
 * Each percentile's distribution-free 95% confidence interval from the raw samples, one column per latency.
 * An interval whose upper rank lies beyond the samples, or whose percentile has fewer than
 * {@link LatencyPercentiles#MIN_SAMPLES_ABOVE} samples above it, is starred: not meaningful.
 */
public final class ConfidenceTable {
    private static final int WIDTH = 29;

    private ConfidenceTable() {
    }

    /** {@code intervals.get(column)[percentileIndex]}. */
    public static String format(final List<String> columns, final List<LatencyPercentiles> percentiles,
                                final List<OrderStatisticConfidence[]> intervals) {
        final StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-12s", "95% CI (ns)"));
        for (final String column : columns) {
            out.append(String.format(Locale.ROOT, "%" + WIDTH + "s", column + " "));
        }
        out.append('\n');
        boolean starred = false;
        for (int i = 0; i < LatencyPercentiles.LABELS.length; i++) {
            out.append(String.format(Locale.ROOT, "%-12s", LatencyPercentiles.LABELS[i]));
            for (int c = 0; c < columns.size(); c++) {
                final OrderStatisticConfidence ci = intervals.get(c)[i];
                final boolean meaningful = isMeaningful(percentiles.get(c), i, ci);
                starred |= !meaningful;
                out.append(String.format(Locale.ROOT, "%" + WIDTH + "s", String.format(Locale.ROOT,
                        "[%,d, %,d]%s", ci.low(), ci.high(), meaningful ? " " : "*")));
            }
            out.append('\n');
        }
        out.append("95% CI: ").append(OrderStatisticConfidence.METHOD).append('\n');
        if (starred) {
            out.append("* fewer than ").append(LatencyPercentiles.MIN_SAMPLES_ABOVE)
                    .append(" samples above, or the upper rank is beyond the samples: not meaningful\n");
        }
        return out.toString();
    }

    public static boolean isMeaningful(final LatencyPercentiles p, final int index,
                                       final OrderStatisticConfidence ci) {
        return p.isMeaningful(index) && ci.isBounded();
    }
}
