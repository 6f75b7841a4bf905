package io.fastestjvm.config;

import java.util.Locale;

/**
 * docs/settings.md and the {@code -Dqp.help=true} listing, both from {@link Settings#ACCEPTED}, so neither can drift
 * from the checks. Regenerate the page with the commands in docs/architecture.md ("Adding or changing a setting").
 */
public final class SettingsTable {
    private SettingsTable() {
    }

    public static String markdown() {
        final StringBuilder out = new StringBuilder();
        out.append("| setting | default | accepted | what it does |\n");
        out.append("|---|---|---|---|\n");
        for (final Setting setting : Settings.ACCEPTED) {
            out.append("| `").append(setting.name()).append("` | ")
                    .append(setting.documentedDefault().isEmpty() ? "(empty)" : "`" + setting.documentedDefault() + "`")
                    .append(" | ").append(setting.accepted())
                    .append(" | ").append(setting.description()).append(" |\n");
        }
        return out.toString();
    }

    /** The whole of docs/settings.md. */
    public static String document() {
        return "# Settings\n\n"
                + "Every setting is a `qp.*` JVM system property, e.g. `mvn -q compile exec:java@QueuePerformance"
                + " -Dqp.seconds=10`.\n"
                + "A value outside its range stops the run before anything is written, with one line naming the"
                + " setting and what it accepts (exit code 2).\n"
                + "`-Dqp.help=true` prints this list and exits.\n\n"
                + "This page is generated from `config/Settings.java` (`io.fastestjvm.config.SettingsTable`);"
                + " `SettingsTableTest` keeps it equal.\n\n"
                + markdown();
    }

    /** What {@code -Dqp.help=true} prints: one block per setting, plain text for a terminal. */
    public static String help() {
        final StringBuilder out = new StringBuilder(
                "QueuePerformance settings (-D<name>=<value>; see docs/settings.md):\n");
        for (final Setting setting : Settings.ACCEPTED) {
            out.append(String.format(Locale.ROOT, "%n  %s (default: %s)%n      %s%n      accepted: %s%n",
                    setting.name(), setting.documentedDefault().isEmpty() ? "empty" : setting.documentedDefault(),
                    setting.description(), setting.accepted()));
        }
        return out.toString();
    }

    public static void main(final String[] args) {
        System.out.print(document());
    }
}
