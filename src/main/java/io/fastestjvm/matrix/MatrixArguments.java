package io.fastestjvm.matrix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What {@code run-matrix.sh --design fresh} was given, as typed: the shell hands every argument over unchanged (it
 * only builds, for which it reads {@code --no-build}). Only the syntax is checked here; {@link MatrixPlan} checks the
 * values.
 */
final class MatrixArguments {
    static final String ACCEPTED = "accepted: --profiles, --flags, --runs, --seed, --transports, --timeout, --id,"
            + " --results, --resume, --max-minutes, --no-build, --dry-run, -Dqp.NAME=VALUE";

    /** Null: the profiles.tsv rows with matrix = always. */
    List<String> profiles;
    List<String> flagSets = Arrays.asList("default");
    List<String> transports = Arrays.asList("chronicle");
    String runs = "10";
    /** Null: a random one. */
    String seed;
    String timeout = "900";
    /** Null: a stamp and this host's name. */
    String id;
    /** Null: the project's results/. */
    String results;
    String resume;
    String maxMinutes;
    boolean dryRun;
    final List<String> qpSettings = new ArrayList<>();
    /** The options given that choose the plan, in order (a resumed set keeps its recorded plan and refuses them). */
    final List<String> planOptions = new ArrayList<>();
    /** The arguments as typed, for the record of each session. */
    final String typed;

    private MatrixArguments(final List<String> args) {
        this.typed = String.join(" ", args);
    }

    /**
     * The arguments read; an unknown one or one without its value is refused in one line. {@code allProfiles} is
     * what --profiles accepts, named in that line.
     */
    static MatrixArguments parse(final List<String> args, final String allProfiles) throws MatrixRefusal {
        final MatrixArguments given = new MatrixArguments(args);
        for (int i = 0; i < args.size(); i++) {
            final String arg = args.get(i);
            final String value = i + 1 < args.size() ? args.get(i + 1) : null;
            if (Arrays.asList("--profiles", "--flags", "--transports", "--runs", "--seed", "--timeout", "--id",
                    "--dry-run").contains(arg) || arg.startsWith("-Dqp.")) {
                given.planOptions.add(arg.split("=", 2)[0]);
            }
            switch (arg) {
                case "--profiles":
                    given.profiles = list(value, arg, "a comma-separated list; accepted: " + allProfiles);
                    i++;
                    break;
                case "--flags":
                    given.flagSets = list(value, arg, "a comma-separated list; accepted: default, tuned");
                    i++;
                    break;
                case "--transports":
                    given.transports = list(value, arg, "a comma-separated list, e.g. chronicle,floor");
                    i++;
                    break;
                case "--runs":
                    given.runs = value(value, arg);
                    i++;
                    break;
                case "--seed":
                    given.seed = value(value, arg);
                    i++;
                    break;
                case "--timeout":
                    given.timeout = value(value, arg);
                    i++;
                    break;
                case "--id":
                    given.id = value(value, arg);
                    i++;
                    break;
                case "--results":
                    given.results = value(value, arg);
                    i++;
                    break;
                case "--resume":
                    given.resume = value(value, "--resume needs the id of a set to continue");
                    i++;
                    break;
                case "--max-minutes":
                    given.maxMinutes = value(value, arg);
                    i++;
                    break;
                case "--dry-run":
                    given.dryRun = true;
                    break;
                case "--no-build":
                    break; // the shell's (it builds before handing over)
                default:
                    if (!arg.startsWith("-Dqp.") || !arg.contains("=")) {
                        throw new MatrixRefusal("unknown argument '" + arg + "'; " + ACCEPTED);
                    }
                    given.qpSettings.add(arg);
            }
        }
        return given;
    }

    private static String value(final String value, final String option) throws MatrixRefusal {
        if (value == null) {
            throw new MatrixRefusal(option.startsWith("--") && !option.contains(" ") ? option + " needs a value"
                    : option);
        }
        return value;
    }

    private static List<String> list(final String value, final String option, final String needs)
            throws MatrixRefusal {
        if (value == null) {
            throw new MatrixRefusal(option + " needs " + needs);
        }
        return Arrays.asList(value.split(",", -1));
    }
}
