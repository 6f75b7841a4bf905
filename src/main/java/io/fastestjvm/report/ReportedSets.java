package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.PercentileTable;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.verdict.Spread;

/** The sets given together, and their console table; labels add the transport, and "@ host", only where those vary. */
public final class ReportedSets {
    private static final int LABEL_WIDTH = 12;
    private static final int CELL_WIDTH = 20;

    final List<ResultsSet> sets;

    public ReportedSets(final List<ResultsSet> sets) {
        this.sets = Collections.unmodifiableList(new ArrayList<>(sets));
        final long transports = distinct(groups(), group -> group.transport);
        final long hosts = distinct(groups(), group -> group.host);
        final boolean hostsClash = hosts < sets.size();
        for (final ResultsSet set : sets) {
            for (final JvmGroup group : set.groups) {
                String label = group.profile;
                if (transports > 1) {
                    label += " · " + group.transport;
                }
                if (sets.size() > 1 || hosts > 1) {
                    label += " @ " + group.host + (hostsClash ? " (" + set.name() + ")" : "");
                }
                group.label = label;
            }
        }
    }

    /** How many different values {@code fact} takes over the groups. */
    static long distinct(final List<JvmGroup> groups, final Function<JvmGroup, String> fact) {
        return groups.stream().map(fact).distinct().count();
    }

    public List<JvmGroup> groups() {
        return sets.stream().flatMap(set -> set.groups.stream()).collect(Collectors.toList());
    }

    /** The groups that have figures, i.e. what the charts can draw. */
    public List<JvmGroup> groupsWithFigures() {
        return groups().stream().filter(JvmGroup::hasFigures).collect(Collectors.toList());
    }

    /** Which machine a set is: 0 for the first set given. */
    public int machineIndex(final JvmGroup group) {
        return IntStream.range(0, sets.size()).filter(i -> sets.get(i).groups.contains(group)).findFirst().orElse(0);
    }

    public List<RunFolder> folders() {
        return sets.stream().flatMap(set -> set.folders().stream()).collect(Collectors.toList());
    }

    /** For chart titles: "AMD EPYC, 2 CPUs, host vm" or "2 machines". */
    public String machine() {
        final List<RunFolder> folders = folders();
        final String hosts = RunFolder.environment(folders, EnvironmentInfo.HOSTNAME);
        if (hosts.contains(" / ")) {
            return hosts.split(" / ").length + " machines (" + hosts + ")";
        }
        return RunFolder.environment(folders, EnvironmentInfo.CPU_MODEL) + ", "
                + RunFolder.environment(folders, EnvironmentInfo.CPU_COUNT) + " CPUs, host " + hosts;
    }

    /**
     * The matrix's closing console table, JLBH's shape sideways: a row per percentile, a column per JVM, the median
     * over runs with its variation; starred where a run had fewer than 10 samples above the percentile.
     */
    String console() {
        final List<JvmGroup> groups = groups();
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
        for (final ResultsSet set : sets) {
            for (final Failure ignored : set.ignored) {
                out.append("! ignored ").append(ignored.what).append(": ").append(ignored.reason).append('\n');
            }
        }
        return out.toString();
    }

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

    /** Cut to {@code width - 1} characters so a space always separates the columns, then padded to {@code width}. */
    private static String pad(final String text, final int width, final boolean right) {
        return String.format(Locale.ROOT, "%" + (right ? "" : "-") + width + "." + (width - 1) + "s", text);
    }
}
