package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.environment.EnvironmentInfo;

/** The JVM arguments every run of every JVM shared (shown once in report.md), and each JVM's arguments beyond them. */
final class SharedFlags {
    private SharedFlags() {
    }

    /** The arguments of the first run of the first group that every run folder of every group also has. */
    static List<String> shared(final List<JvmGroup> groups) {
        final List<RunFolder> all = new ArrayList<>();
        for (final JvmGroup group : groups) {
            all.addAll(group.folders());
        }
        if (all.isEmpty()) {
            return new ArrayList<>();
        }
        final List<String> shared = new ArrayList<>(arguments(all.get(0)));
        for (final RunFolder folder : all) {
            shared.retainAll(arguments(folder));
        }
        return shared;
    }

    /** The distinct argument lists of the folders with the shared ones taken out, " / " between different lists. */
    static String without(final List<RunFolder> folders, final List<String> shared) {
        final Set<String> distinct = new LinkedHashSet<>();
        for (final RunFolder folder : folders) {
            final List<String> rest = arguments(folder);
            rest.removeAll(shared);
            distinct.add(String.join(" ", rest));
        }
        return String.join(" / ", distinct);
    }

    private static List<String> arguments(final RunFolder folder) {
        final List<String> arguments = new ArrayList<>();
        for (final JsonNode argument : folder.environment().path(EnvironmentInfo.JVM_ARGUMENTS)) {
            arguments.add(argument.asText());
        }
        return arguments;
    }
}
