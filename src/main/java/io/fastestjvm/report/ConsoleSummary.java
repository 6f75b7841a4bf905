package io.fastestjvm.report;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.PercentileTable;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.verdict.Spread;

/**
 * The matrix's closing console table, JLBH's shape sideways: a row per percentile, a column per JVM, the median over
 * runs with its variation; starred where a run had fewer than 10 samples above the percentile.
 */
final class ConsoleSummary {
    private static final int LABEL_WIDTH = 12;
    private static final int CELL_WIDTH = 20;

    private ConsoleSummary() {
    }

    static String format(final ReportedSets reported) {
        final List<JvmGroup> groups = reported.groups();
        final StringBuilder out = new StringBuilder();
        for (final Latency latency : Latency.ALL) {
            final String title = "---------- " + latency.fileStem() + " latency (ns): median of runs (variation) ";
            out.append(title).append(PercentileTable.repeat('-',
                    Math.max(4, LABEL_WIDTH + CELL_WIDTH * groups.size() - title.length())))
                    .append('\n');
            row(out, "JVM", groups, group -> group.label);
            row(out, "runs passed", groups, group -> group.measuredRuns().size() + "/" + group.folders.size()
                    + (group.hasFigures() ? " " : "!"));
            boolean starred = false;
            for (final Percentile percentile : Percentile.values()) {
                row(out, percentile.label(), groups, group -> cell(group.spread(latency, percentile))
                        + (starred(group, latency, percentile) ? "*" : " "));
                starred |= groups.stream().anyMatch(group -> starred(group, latency, percentile));
            }
            if (starred) {
                out.append("* fewer than 10 samples above this percentile in at least one run: not meaningful\n");
            }
        }
        for (final JvmGroup group : groups) {
            for (final Failure failure : group.failures) {
                out.append("! ").append(group.label).append(": ").append(failure.reason).append('\n');
            }
        }
        for (final ResultsSet set : reported.sets) {
            for (final Failure ignored : set.ignored) {
                out.append("! ignored ").append(ignored.what).append(": ").append(ignored.reason).append('\n');
            }
        }
        return out.toString();
    }

    /** A label, then a cell per group. */
    private static void row(final StringBuilder out, final String label, final List<JvmGroup> groups,
                            final Function<JvmGroup, String> cell) {
        out.append(pad(label, LABEL_WIDTH, false));
        groups.forEach(group -> out.append(pad(cell.apply(group), CELL_WIDTH, true)));
        out.append('\n');
    }

    /** A figure with runs, some of them resting on fewer than 10 samples above the percentile. */
    private static boolean starred(final JvmGroup group, final Latency latency, final Percentile percentile) {
        return group.notMeaningfulRuns(latency, percentile) > 0 && !group.spread(latency, percentile).isEmpty();
    }

    private static String cell(final Spread spread) {
        if (spread.isEmpty()) {
            return "-";
        }
        final double variation = spread.variationPercent();
        return String.format(Locale.ROOT, "%,.0f", spread.median())
                + (Double.isNaN(variation) || spread.runs() < 2 ? ""
                : String.format(Locale.ROOT, " (%.0f%%)", variation));
    }

    private static String pad(final String text, final int width, final boolean right) {
        final String fitted = text.length() >= width ? text.substring(0, width - 1) : text;
        final String spaces = PercentileTable.repeat(' ', width - fitted.length());
        return right ? spaces + fitted : fitted + spaces;
    }
}
