package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.config.FlagSets;
import io.fastestjvm.placement.PlacementProbe;
import io.fastestjvm.verdict.RunsPair;
import io.fastestjvm.verdict.RunsRatioTest;
import io.fastestjvm.verdict.RunValues;
import io.fastestjvm.verdict.RunsVerdict;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.verdict.Spread;
import io.fastestjvm.verdict.Separation;

/**
 * One report's {@link RunsVerdict}, over all groups' passed runs and once more within each placement level, as the
 * verdict leading report.md and closing the console: who cannot be told apart, and by how much the rest differ.
 * Placement levels sort runs by the probe's core-to-core round trip before and after the window: on a VM the vCPUs'
 * placement moves every figure between levels (docs/level-shifts-and-tails.md). Sorted round trips are cut where one
 * exceeds {@link #GAP_FACTOR} times the one before; a run whose probes differ in level belongs to none.
 */
final class VerdictSection {
    static final String HEADING = "## Verdict";
    static final double GAP_FACTOR = 1.5;
    /** {@link #levelOf}: the run has no probe. */
    static final int NO_PROBE = -1;
    /** {@link #levelOf}: the probes before and after the window fall in different levels. */
    static final int CHANGED_DURING_WINDOW = -2;

    final List<JvmGroup> groups;
    final RunsVerdict overall;
    /** Each placement level's lowest and highest round trip (inclusive), ascending. */
    private final List<double[]> levels = new ArrayList<>();
    /** Verdicts within one placement level, for levels holding at least two runs of at least two JVMs. */
    final Map<Integer, RunsVerdict> perLevel = new LinkedHashMap<>();

    VerdictSection(final List<JvmGroup> groups) {
        this.groups = groups;
        this.overall = RunsVerdict.of(groups.stream().map(group -> group.subject(run -> true))
                .collect(Collectors.toList()));
        final double[] trips = groups.stream().flatMap(group -> group.passedFolders().stream())
                .flatMapToDouble(folder -> DoubleStream.of(roundTrip(folder.results, PlacementProbe.BEFORE_KEY),
                        roundTrip(folder.results, PlacementProbe.AFTER_KEY)))
                .filter(v -> !Double.isNaN(v)).sorted().toArray();
        for (final double trip : trips) {
            if (levels.isEmpty() || trip > levels.get(levels.size() - 1)[1] * GAP_FACTOR) {
                levels.add(new double[] {trip, trip});
            }
            levels.get(levels.size() - 1)[1] = trip;
        }
        if (levels.size() > 1) {
            for (int level = 0; level < levels.size(); level++) {
                final int wanted = level;
                final List<RunValues> within = groups.stream()
                        .map(group -> group.subject(run -> levelOf(run.results) == wanted))
                        .filter(subject -> subject.values(Latency.ACTUAL_SEND, Percentile.P50).length
                                >= RunsRatioTest.MIN_RUNS).collect(Collectors.toList());
                if (within.size() > 1) {
                    perLevel.put(level, RunsVerdict.of(within));
                }
            }
        }
    }

    /** The probe's median round trip at {@code position} (before or after the window), ns; NaN when none. */
    static double roundTrip(final RunResults run, final String position) {
        final JsonNode value = run.section(PlacementProbe.SECTION).path(position)
                .path(PlacementProbe.MEDIAN_ROUND_TRIP_KEY);
        return value.isNumber() && value.asDouble() > 0 ? value.asDouble() : Double.NaN;
    }

    /** 0 = shortest round trip, by the probe before; {@link #CHANGED_DURING_WINDOW}, or {@link #NO_PROBE}. */
    int levelOf(final RunResults run) {
        final double before = roundTrip(run, PlacementProbe.BEFORE_KEY);
        if (Double.isNaN(before)) {
            return NO_PROBE;
        }
        final double after = roundTrip(run, PlacementProbe.AFTER_KEY);
        final int level = levelOf(before);
        return Double.isNaN(after) || levelOf(after) == level ? level : CHANGED_DURING_WINDOW;
    }

    private int levelOf(final double trip) {
        int level = 0;
        while (level < levels.size() - 1 && trip > levels.get(level)[1]) {
            level++;
        }
        return level;
    }

    /** E.g. "level 1 (round trip 160-200 ns)". */
    String levelName(final int level) {
        return String.format(Locale.ROOT, "level %d (round trip %.0f-%.0f ns)", level + 1, levels.get(level)[0],
                levels.get(level)[1]);
    }

    /** The short verdict: leads report.md. */
    String lead() {
        final StringBuilder out = new StringBuilder(HEADING).append("\n\n");
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

    /**
     * Per JVM that ran both flag sets: tuned against default on each verdict figure (from the report's one family of
     * comparisons), with the safepoints and deoptimisations of each.
     */
    String defaultVsTuned() {
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup tuned : groups) {
            final JvmGroup base = FlagSets.tuned(tuned.profile)
                    ? tuned.sibling(groups, FlagSets.jvm(tuned.profile), tuned.transport) : null;
            if (base == null) {
                continue;
            }
            for (final Latency latency : Latency.ALL) {
                for (final Percentile percentile : RunsVerdict.PERCENTILES) {
                    final RunsPair pair = overall.pair(tuned.label, base.label, latency, percentile);
                    if (pair == null) {
                        continue;
                    }
                    final double[] ratio = pair.over(tuned.label);
                    rows.add(Arrays.asList(FlagSets.jvm(tuned.label), latency.title() + ", " + percentile.label(),
                            ReportMarkdown.nanos(median(base, latency, percentile)),
                            ReportMarkdown.nanos(median(tuned, latency, percentile)),
                            ratio(ratio),
                            pair.separable ? (ratio[0] < 1 ? "tuned lower" : "tuned higher") : "cannot tell apart",
                            pauses(base, ReportMarkdown.SAFEPOINTS) + " / " + pauses(tuned, ReportMarkdown.SAFEPOINTS),
                            pauses(base, ReportMarkdown.HOT_PATH_DEOPTS) + " / "
                                    + pauses(tuned, ReportMarkdown.HOT_PATH_DEOPTS)));
                }
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        final StringBuilder out = new StringBuilder("## Default vs tuned flags, per JVM\n\n")
                .append("`default` is exactly the flags the profile sets; `tuned` adds the profile's documented ")
                .append("low-latency set (jvm-profiles/). Ratio = tuned / default median over runs, with its ")
                .append("bootstrap interval; the verdict is the report's (Benjamini-Hochberg over all comparisons). ")
                .append("Safepoints and hot-path deoptimisations during measurement: median over runs, default / ")
                .append("tuned.\n\n");
        ReportMarkdown.table(out, Arrays.asList("JVM", "figure", "default (ns)", "tuned (ns)", "tuned / default",
                "verdict", ReportMarkdown.SAFEPOINTS.title, "hot-path deopts"), rows, true);
        return out.toString();
    }

    private static double median(final JvmGroup group, final Latency latency, final Percentile percentile) {
        return Spread.of(group.values(latency, percentile, run -> true)).median();
    }

    private static String pauses(final JvmGroup group, final ReportMarkdown.Column column) {
        return ReportMarkdown.nanos(ReportMarkdown.spread(group.passedFolders(), column).median());
    }

    /** The details: per-JVM spread, run-to-run variation by placement level, comparisons within a level. */
    String details() {
        final StringBuilder out = new StringBuilder("## Verdict details: every JVM over its runs\n\n")
                .append("Per JVM, one value per run (fresh JVM): the median over runs, the interquartile range ")
                .append("(IQR) and min-max.\n\n");
        for (final Latency latency : Latency.ALL) {
            final List<List<String>> rows = new ArrayList<>();
            for (final RunValues subject : overall.subjects()) {
                final List<String> row = new ArrayList<>(Arrays.asList(subject.label(),
                        String.valueOf(subject.spread(latency, Percentile.P50).runs())));
                Arrays.stream(RunsVerdict.PERCENTILES).forEach(p -> row.add(spread(subject.spread(latency, p))));
                rows.add(row);
            }
            final List<String> header = new ArrayList<>(Arrays.asList(latency.title() + " (ns)", "runs"));
            Arrays.stream(RunsVerdict.PERCENTILES).forEach(p -> header.add(p.label() + ": median [IQR] (min–max)"));
            ReportMarkdown.table(out, header, rows, true);
        }
        variation(out);
        withinLevels(out);
        return out.toString();
    }

    String console() {
        final StringBuilder out = new StringBuilder("---------- verdict (runs as units; docs/verdict.md) ----------\n");
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
        out.append("### Run-to-run variation of the median (actual send)\n\n")
                .append("(max - min) / median of the runs' medians, over all runs and within each placement ")
                .append("level (the core-to-core round trip the placement probe measured before and after the ")
                .append("window; levels are cut where one round trip is more than ")
                .append(String.format(Locale.ROOT, "%.1f", GAP_FACTOR))
                .append("x the next lower). A run whose two probes fall in different levels changed placement ")
                .append("during its window: it counts in all runs and in no level.");
        if (levels.size() == 0) {
            out.append(" These runs have no placement probe (older summaries): no levels.");
        }
        out.append("\n\n");
        final List<String> header = new ArrayList<>(Arrays.asList("JVM", "all runs"));
        for (int level = 0; level < levels.size(); level++) {
            header.add(levelName(level));
        }
        if (levels.size() > 0) {
            header.add("changed level during the window");
        }
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup group : groups) {
            final List<String> row = new ArrayList<>(Arrays.asList(group.label,
                    variation(Spread.of(group.values(Latency.ACTUAL_SEND, Percentile.P50, run -> true)))));
            for (int level = 0; level < levels.size(); level++) {
                row.add(variation(Spread.of(medians(group, level))));
            }
            if (levels.size() > 0) {
                row.add(medians(group, CHANGED_DURING_WINDOW).length + " runs");
            }
            rows.add(row);
        }
        ReportMarkdown.table(out, header, rows, true);
    }

    /** The actual-send p50 of each of the group's runs on {@code level}. */
    private double[] medians(final JvmGroup group, final int level) {
        return group.values(Latency.ACTUAL_SEND, Percentile.P50, run -> levelOf(run.results) == level);
    }

    private void withinLevels(final StringBuilder out) {
        for (final Map.Entry<Integer, RunsVerdict> level : perLevel.entrySet()) {
            final RunsVerdict within = level.getValue();
            out.append("### Within ").append(levelName(level.getKey())).append("\n\n")
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
        ReportMarkdown.table(out, Arrays.asList("figure", groupsHeader, "separable pairs: higher / lower (interval)"),
                rows, false);
    }

    private String runCounts() {
        return overall.subjects().stream().map(subject -> subject.label() + " "
                + subject.spread(Latency.ACTUAL_SEND, Percentile.P50).runs()).collect(Collectors.joining(", "));
    }

    static String groups(final RunsVerdict verdict, final Latency latency, final Percentile percentile) {
        return verdict.groups(latency, percentile).stream().map(group -> "{" + String.join(", ", group) + "}")
                .collect(Collectors.joining(" "));
    }

    static String separable(final RunsVerdict verdict, final Latency latency, final Percentile percentile) {
        final List<RunsPair> pairs = verdict.separablePairs(latency, percentile);
        return pairs.isEmpty() ? "none" : pairs.stream().map(pair -> pair.higher() + " / " + pair.lower() + " = "
                + ratio(pair.over(pair.higher()))).collect(Collectors.joining("; "));
    }

    /** The ratio and its interval {ratio, low, high} as "1.85 (1.40–2.31)". */
    static String ratio(final double... r) {
        return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r[0], r[1], r[2]);
    }

    private static String spread(final Spread spread) {
        if (spread.runs() == 0) {
            return ReportMarkdown.DASH;
        }
        return ReportMarkdown.nanos(spread.median()) + " [" + ReportMarkdown.nanos(spread.q1()) + "–"
                + ReportMarkdown.nanos(spread.q3()) + "] (" + ReportMarkdown.nanos(spread.min()) + "–"
                + ReportMarkdown.nanos(spread.max()) + ")";
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
