package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.fastestjvm.environment.EnvironmentInfo;

/** The sets given together; labels add the transport, and "@ host", only where those vary. */
public final class ReportedSets {
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
}
