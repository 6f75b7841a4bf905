package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.config.Settings;
import io.fastestjvm.control.ControlLink;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.launch.ChildJvm;

/**
 * The JVM arguments every run shared (shown once) and each JVM's beyond them. Per-session values (scratch and queue
 * directories, control port) become placeholders, so a JVM's runs show one list unless their flags differ.
 */
final class SharedFlags {
    private static final Pattern EVENT_LOGS =
            Pattern.compile("[^\\s:=]*/" + ChildJvm.EVENT_LOGS_PREFIX + "[0-9-]+");
    private static final List<String> PER_SESSION = Arrays.asList(Settings.QUEUE_DIR.name(),
            Settings.RESULTS_DIR.name());

    private SharedFlags() {
    }

    /** The arguments of the first run folder that every other one also has. */
    static List<String> shared(final List<RunFolder> all) {
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
            arguments.add(placeholders(argument.asText()));
        }
        return arguments;
    }

    static String placeholders(final String argument) {
        if (argument.startsWith("-D" + ControlLink.PORT_PROPERTY + "=")) {
            return "-D" + ControlLink.PORT_PROPERTY + "=<port>";
        }
        for (final String setting : PER_SESSION) {
            if (argument.startsWith("-D" + setting + "=")) {
                return "-D" + setting + "=<dir>";
            }
        }
        return EVENT_LOGS.matcher(argument).replaceAll("<run's event logs>");
    }
}
