package io.fastestjvm.matrix;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a fresh matrix runs: every (profile, flag set) under its label times every transport is a unit; each round
 * runs every unit once, in its own seeded random order.
 */
final class MatrixPlan {
    static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    static final String ID_ACCEPTED = "accepted: 1 to 100 of A-Z a-z 0-9 . _ -";

    final List<String> profiles;
    final List<String> flagSets;
    final List<String> transports;
    final int runs;
    final long seed;
    final int timeoutSeconds;
    final List<String> qpSettings;
    /** Label to its profile and flag set, in plan order. */
    final Map<String, String[]> labels = new LinkedHashMap<>();
    final List<String> units = new ArrayList<>();
    /** Each round's order of units, round 1 first. */
    final List<List<String>> rounds;

    MatrixPlan(final List<String> profiles, final List<String> flagSets, final List<String> transports,
               final int runs, final long seed, final int timeoutSeconds, final List<String> qpSettings) {
        this.profiles = profiles;
        this.flagSets = flagSets;
        this.transports = transports;
        this.runs = runs;
        this.seed = seed;
        this.timeoutSeconds = timeoutSeconds;
        this.qpSettings = qpSettings;
        for (final String profile : profiles) {
            for (final String flagSet : flagSets) {
                labels.put(flagSet.equals("default") ? profile : profile + "-" + flagSet,
                        new String[] {profile, flagSet});
            }
        }
        for (final String label : labels.keySet()) {
            for (final String transport : transports) {
                units.add(label + "/" + transport);
            }
        }
        this.rounds = rounds(units, runs, seed);
    }

    int planned() {
        return runs * units.size();
    }

    /**
     * A Fisher-Yates shuffle driven by a 31-bit LCG, written out so a seed gives the same order on any machine and
     * the orders the shell script gave (so sets it began still resume).
     */
    static List<List<String>> rounds(final List<String> units, final int runs, final long seed) {
        final List<List<String>> rounds = new ArrayList<>();
        long state = seed;
        for (int run = 1; run <= runs; run++) {
            final List<String> order = new ArrayList<>(units);
            for (int i = order.size() - 1; i > 0; i--) {
                state = (state * 1103515245L + 12345L) % 2147483648L;
                final int j = (int) ((state >> 16) % (i + 1)); // the high bits: an LCG's low bits have short periods
                Collections.swap(order, i, j);
            }
            rounds.add(Collections.unmodifiableList(order));
        }
        return Collections.unmodifiableList(rounds);
    }

    /** A whole number in [min, max] written with at most {@code digits} digits, or a refusal naming the range. */
    static long bounded(final String option, final String value, final int digits, final long min, final long max,
                        final String unit) throws MatrixRefusal {
        if (value == null || !value.matches("[0-9]{1," + digits + "}") || Long.parseLong(value) < min
                || Long.parseLong(value) > max) {
            throw new MatrixRefusal(option + ": '" + value + "' is not allowed; accepted: " + min + " to " + max
                    + unit);
        }
        return Long.parseLong(value);
    }
}
