package io.fastestjvm.config;

/** Prints the settings table of docs/settings.md from {@link Settings#ALL}, so the documentation cannot drift. */
public final class SettingsTable {
    private SettingsTable() {
    }

    public static String markdown() {
        final StringBuilder out = new StringBuilder();
        out.append("| setting | default | accepted | what it does |\n");
        out.append("|---|---|---|---|\n");
        for (final Setting setting : Settings.ALL) {
            out.append("| `").append(setting.name()).append("` | ")
                    .append(setting.documentedDefault().isEmpty() ? "(empty)" : "`" + setting.documentedDefault() + "`")
                    .append(" | ").append(setting.accepted())
                    .append(" | ").append(setting.description()).append(" |\n");
        }
        return out.toString();
    }

    public static void main(final String[] args) {
        System.out.print(markdown());
    }
}
