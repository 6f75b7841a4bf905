package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.fastestjvm.verdict.RunsPair;
import io.fastestjvm.verdict.RunsRatioTest;
import io.fastestjvm.verdict.RunValues;
import io.fastestjvm.verdict.RunsVerdict;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.verdict.Spread;
import io.fastestjvm.verdict.Separation;

/** The verdict leading report.md and closing the console: who cannot be told apart, and by how much the rest differ. */
final class VerdictSection {
    static final String HEADING = "## Verdict";

    private final SetVerdict verdict;

    VerdictSection(final SetVerdict verdict) {
        this.verdict = verdict;
    }

    /** The short verdict: leads report.md. */
    String lead() {
        final StringBuilder out = new StringBuilder(HEADING).append("\n\n");
        final RunsVerdict overall = verdict.overall;
        if (overall.subjects().size() < 2) {
            return out.append("One JVM only: nothing to compare.\n\n").toString();
        }
        out.append("Unit: the run (one fresh JVM); runs per JVM: ").append(runCounts()).append(". A pair is ")
                .append("*separable* when Benjamini-Hochberg accepts it at a false discovery rate of ")
                .append(percent(Separation.FALSE_DISCOVERY_RATE)).append(" over all ").append(overall.pairs().size())
                .append(" comparisons (Welch t-test on log run values) and the ratio's interval excludes 1; ratio = ")
                .append("higher / lower median over runs, with its ").append(percent(Separation.CONFIDENCE))
                .append(" bootstrap interval over runs. ")
                .append("Method: docs/verdict.md.\n\n");
        figures(out, overall, "groups that cannot be told apart (lowest median first)");
        return out.toString();
    }

    /** The details: per-JVM spread, run-to-run variation by placement level, comparisons within a level. */
    String details() {
        final StringBuilder out = new StringBuilder("## Verdict details: every JVM over its runs\n\n")
                .append("Per JVM, one value per run (fresh JVM): the median over runs, the interquartile range ")
                .append("(IQR) and min-max.\n\n");
        for (final Latency latency : Latency.ALL) {
            final List<List<String>> rows = new ArrayList<>();
            for (final RunValues subject : verdict.overall.subjects()) {
                final List<String> row = new ArrayList<>();
                row.add(subject.label());
                row.add(String.valueOf(subject.spread(latency, Percentile.P50).runs()));
                Arrays.stream(RunsVerdict.PERCENTILES).forEach(p -> row.add(spread(subject.spread(latency, p))));
                rows.add(row);
            }
            final List<String> header = new ArrayList<>(Arrays.asList(latency.title() + " (ns)", "runs"));
            Arrays.stream(RunsVerdict.PERCENTILES).forEach(p -> header.add(p.label() + ": median [IQR] (min–max)"));
            Markdown.table(out, header, rows, true);
        }
        variation(out);
        withinLevels(out);
        return out.toString();
    }

    String console() {
        final StringBuilder out = new StringBuilder("---------- verdict (runs as units; docs/verdict.md) ----------\n");
        final RunsVerdict overall = verdict.overall;
        if (overall.subjects().size() < 2) {
            return out.append("one JVM only: nothing to compare\n").toString();
        }
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : RunsVerdict.PERCENTILES) {
                out.append(latency.title()).append(", ").append(percentile.label()).append(": ")
                        .append(groups(overall, latency, percentile)).append("; separable: ")
                        .append(separable(overall, latency, percentile)).append('\n');
            }
        }
        return out.toString();
    }

    private void variation(final StringBuilder out) {
        final PlacementLevels levels = verdict.levels;
        out.append("### Run-to-run variation of the median (actual send)\n\n")
                .append("(max - min) / median of the runs' medians, over all runs and within each placement ")
                .append("level (the core-to-core round trip the placement probe measured before and after the ")
                .append("window; levels are cut where one round trip is more than ")
                .append(String.format(Locale.ROOT, "%.1f", PlacementLevels.GAP_FACTOR))
                .append("x the next lower). A run whose two probes fall in different levels changed placement ")
                .append("during its window: it counts in all runs and in no level.");
        if (levels.count() == 0) {
            out.append(" These runs have no placement probe (older summaries): no levels.");
        }
        out.append("\n\n");
        final List<String> header = new ArrayList<>(Arrays.asList("JVM", "all runs"));
        for (int level = 0; level < levels.count(); level++) {
            header.add(levels.name(level));
        }
        if (levels.count() > 0) {
            header.add("changed level during the window");
        }
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup group : verdict.groups) {
            final List<String> row = new ArrayList<>();
            row.add(group.label());
            row.add(variation(Spread.of(group.values(Latency.ACTUAL_SEND, Percentile.P50, run -> true))));
            for (int level = 0; level < levels.count(); level++) {
                row.add(variation(Spread.of(medians(group, levels, level))));
            }
            if (levels.count() > 0) {
                row.add(medians(group, levels, PlacementLevels.CHANGED_DURING_WINDOW).length + " runs");
            }
            rows.add(row);
        }
        Markdown.table(out, header, rows, true);
    }

    /** The actual-send p50 of each of the group's runs on {@code level}. */
    private static double[] medians(final JvmGroup group, final PlacementLevels levels, final int level) {
        return group.values(Latency.ACTUAL_SEND, Percentile.P50, run -> levels.levelOf(run.results()) == level);
    }

    private void withinLevels(final StringBuilder out) {
        for (final Map.Entry<Integer, RunsVerdict> level : verdict.perLevel.entrySet()) {
            final RunsVerdict within = level.getValue();
            out.append("### Within ").append(verdict.levels.name(level.getKey())).append("\n\n")
                    .append("Only the runs on this level (JVMs with at least ").append(RunsRatioTest.MIN_RUNS)
                    .append(" of them); Benjamini-Hochberg over this level's ").append(within.pairs().size())
                    .append(" comparisons.\n\n");
            figures(out, within, "groups that cannot be told apart");
        }
    }

    /** One row a figure: its groups and its separable pairs. */
    private static void figures(final StringBuilder out, final RunsVerdict verdict, final String groupsHeader) {
        final List<List<String>> rows = new ArrayList<>();
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : RunsVerdict.PERCENTILES) {
                rows.add(Arrays.asList(latency.title() + ", " + percentile.label(),
                        groups(verdict, latency, percentile), separable(verdict, latency, percentile)));
            }
        }
        Markdown.table(out, Arrays.asList("figure", groupsHeader, "separable pairs: higher / lower (interval)"), rows,
                false);
    }

    private String runCounts() {
        return verdict.overall.subjects().stream().map(subject -> subject.label() + " "
                + subject.spread(Latency.ACTUAL_SEND, Percentile.P50).runs()).collect(Collectors.joining(", "));
    }

    static String groups(final RunsVerdict verdict, final Latency latency, final Percentile percentile) {
        return verdict.groups(latency, percentile).stream().map(group -> "{" + String.join(", ", group) + "}")
                .collect(Collectors.joining(" "));
    }

    static String separable(final RunsVerdict verdict, final Latency latency, final Percentile percentile) {
        final List<RunsPair> pairs = verdict.separablePairs(latency, percentile);
        return pairs.isEmpty() ? "none" : pairs.stream().map(pair -> pair.higher() + " / " + pair.lower() + " = "
                + ratio(pair)).collect(Collectors.joining("; "));
    }

    /** "1.85 (1.40–2.31)", oriented higher / lower. */
    static String ratio(final RunsPair pair) {
        final double[] r = pair.higherOverLower();
        return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r[0], r[1], r[2]);
    }

    private static String spread(final Spread spread) {
        if (spread.runs() == 0) {
            return Markdown.DASH;
        }
        return Markdown.nanos(spread.median()) + " [" + Markdown.nanos(spread.q1()) + "–"
                + Markdown.nanos(spread.q3()) + "] (" + Markdown.nanos(spread.min()) + "–"
                + Markdown.nanos(spread.max()) + ")";
    }

    private static String variation(final Spread spread) {
        final double percent = spread.variationPercent();
        return spread.runs() + " runs" + (Double.isNaN(percent) ? "" : String.format(Locale.ROOT, ": %.0f%%",
                percent));
    }

    private static String percent(final double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
    }
}
