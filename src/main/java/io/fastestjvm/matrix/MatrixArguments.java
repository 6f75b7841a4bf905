package io.fastestjvm.matrix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What {@code run-matrix.sh --design fresh} was given, as typed; only the syntax is checked here. */
final class MatrixArguments {
    static final String ACCEPTED = "accepted: --profiles, --flags, --runs, --seed, --transports, --timeout, --id,"
            + " --results, --resume, --max-minutes, --no-build, --dry-run, -Dqp.NAME=VALUE";

    private static final List<String> VALUED = Arrays.asList("--runs", "--seed", "--timeout", "--id", "--results",
            "--resume", "--max-minutes");

    /** Null: the profiles.tsv rows with matrix = always. */
    List<String> profiles;
    List<String> flagSets = Arrays.asList("default");
    List<String> transports = Arrays.asList("chronicle");
    /** The {@link #VALUED} options given; unset --seed is a random one, --id a stamp, --results the project's. */
    private final Map<String, String> values = new HashMap<>();
    boolean dryRun;
    final List<String> qpSettings = new ArrayList<>();
    /** The options given that choose the plan, in order (a resumed set keeps its recorded plan and refuses them). */
    final List<String> planOptions = new ArrayList<>();
    /** The arguments as typed, for the record of each session. */
    final String typed;

    private MatrixArguments(final List<String> args) {
        this.typed = String.join(" ", args);
        values.put("--runs", "10");
        values.put("--timeout", "900");
    }

    /** The value of one of the {@link #VALUED} options, or null. */
    String value(final String option) {
        return values.get(option);
    }

    /** An unknown argument, or one without its value, is refused naming {@code allProfiles} for --profiles. */
    static MatrixArguments parse(final List<String> args, final String allProfiles) throws MatrixRefusal {
        final MatrixArguments given = new MatrixArguments(args);
        for (int i = 0; i < args.size(); i++) {
            final String arg = args.get(i);
            if (Arrays.asList("--profiles", "--flags", "--transports", "--runs", "--seed", "--timeout", "--id",
                    "--dry-run").contains(arg) || arg.startsWith("-Dqp.")) {
                given.planOptions.add(arg.split("=", 2)[0]);
            }
            if ("--dry-run".equals(arg)) {
                given.dryRun = true;
            } else if (arg.startsWith("-Dqp.") && arg.contains("=")) {
                given.qpSettings.add(arg);
            } else if (!"--no-build".equals(arg)) { // --no-build is the shell's (it builds before handing over)
                given.set(arg, i + 1 < args.size() ? args.get(i + 1) : null, allProfiles);
                i++;
            }
        }
        return given;
    }

    /** An option that takes a value. */
    private void set(final String option, final String value, final String allProfiles) throws MatrixRefusal {
        if ("--profiles".equals(option)) {
            profiles = list(value, option, "a comma-separated list; accepted: " + allProfiles);
        } else if ("--flags".equals(option)) {
            flagSets = list(value, option, "a comma-separated list; accepted: default, tuned");
        } else if ("--transports".equals(option)) {
            transports = list(value, option, "a comma-separated list, e.g. chronicle,floor");
        } else if (VALUED.contains(option)) {
            values.put(option, given(value, "--resume".equals(option) ? "--resume needs the id of a set to continue"
                    : option + " needs a value"));
        } else {
            throw new MatrixRefusal("unknown argument '" + option + "'; " + ACCEPTED);
        }
    }

    private static String given(final String value, final String refusal) throws MatrixRefusal {
        if (value == null) {
            throw new MatrixRefusal(refusal);
        }
        return value;
    }

    private static List<String> list(final String value, final String option, final String needs)
            throws MatrixRefusal {
        return Arrays.asList(given(value, option + " needs " + needs).split(",", -1));
    }
}
