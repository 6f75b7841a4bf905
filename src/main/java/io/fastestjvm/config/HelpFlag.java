package io.fastestjvm.config;

import java.util.Arrays;
import java.util.List;

/** The one way every command is asked for its usage: {@code --help} or {@code -h}, alone. */
public final class HelpFlag {
    private HelpFlag() {
    }

    public static boolean asked(final List<String> args) {
        return args.size() == 1 && ("--help".equals(args.get(0)) || "-h".equals(args.get(0)));
    }

    public static boolean asked(final String... args) {
        return asked(Arrays.asList(args));
    }
}
