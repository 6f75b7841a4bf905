package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.report.verdict.RunSpread;

/**
 * What the JVM did during the measured window, per JVM (summary.json {@code checks.jvmDuringMeasurement}): the
 * median over runs, with min-max, of safepoints, safepoint time, GC pauses, hot-path deoptimisations and JIT
 * compile time. A key a run's summary lacks (older runs, or not measurable on that JVM) is not counted as 0.
 */
final class PausesSection {
    /** summary.json key, column title, unit divisor (to the unit in the title). */
    private static final Object[][] COLUMNS = {
        {"safepoints", "safepoints", 1.0},
        {"safepointMicros", "safepoint time (ms)", 1000.0},
        {"gcCount", "GC pauses", 1.0},
        {"hotPathDeopts", "hot-path deoptimisations", 1.0},
        {"jitCompileMillis", "JIT compile time (ms)", 1.0},
    };

    String render(final Comparison comparison) {
        final List<JvmGroup> groups = comparison.groupsWithFigures();
        if (groups.isEmpty()) {
            return "";
        }
        final StringBuilder out = new StringBuilder("## Pauses and JIT activity during measurement, per JVM\n\n")
                .append("From each passed run's `checks.jvmDuringMeasurement` (the measured window only): median ")
                .append("over runs (min–max); runs that recorded the figure in brackets when not all did.\n\n");
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup group : groups) {
            final List<String> row = new ArrayList<>();
            row.add(group.label());
            row.add(String.valueOf(group.passedFolders().size()));
            for (final Object[] column : COLUMNS) {
                row.add(cell(group.passedFolders(), (String) column[0], (Double) column[2]));
            }
            rows.add(row);
        }
        final List<String> header = new ArrayList<>(Arrays.asList("JVM", "runs"));
        for (final Object[] column : COLUMNS) {
            header.add((String) column[1]);
        }
        Markdown.table(out, header, rows, true);
        return out.toString();
    }

    /** The median over runs (min–max) of one key; "[n of m runs]" when some runs lack it. */
    static RunSpread spread(final List<RunFolder> runs, final String key, final double divisor) {
        final double[] values = new double[runs.size()];
        for (int i = 0; i < values.length; i++) {
            final JsonNode value = RunResults.tree(runs.get(i).results().checks().jvmDuringMeasurement()).path(key);
            values[i] = value.isNumber() ? value.asDouble() / divisor : Double.NaN;
        }
        return new RunSpread(values);
    }

    private static String cell(final List<RunFolder> runs, final String key, final double divisor) {
        final RunSpread spread = spread(runs, key, divisor);
        if (spread.runs() == 0) {
            return Markdown.DASH;
        }
        final String text = number(spread.median()) + (spread.min() < spread.max() ? " (" + number(spread.min()) + "–"
                + number(spread.max()) + ")" : "");
        return spread.runs() < runs.size() ? text + " [" + spread.runs() + " of " + runs.size() + " runs]" : text;
    }

    private static String number(final double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%,.1f", value);
    }
}
