package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.verdict.Spread;
import io.fastestjvm.timeline.EvidenceColumns;

/**
 * What each JVM did during the measured window ({@code checks.jvmDuringMeasurement}), median and min-max over runs.
 * A key a summary lacks (older run, not measurable there) is not counted as 0.
 */
final class PausesSection {
    /** One figure of {@code checks.jvmDuringMeasurement}: its column title, and its value in the title's unit. */
    static final class Column {
        final String title;
        final ToDoubleFunction<RunResults.JvmActivity> value;

        Column(final String title, final ToDoubleFunction<RunResults.JvmActivity> value) {
            this.title = title;
            this.value = value;
        }

        /** A timeline total by its key; NaN when the run lacks it. */
        static Column total(final String title, final String key, final double divisor) {
            return new Column(title, activity -> {
                final JsonNode total = activity.total(key);
                return total != null && total.isNumber() ? total.asDouble() / divisor : Double.NaN;
            });
        }
    }

    /** The key reads as its own title. */
    static final Column SAFEPOINTS = Column.total(EvidenceColumns.SAFEPOINTS, EvidenceColumns.SAFEPOINTS, 1.0);
    static final Column HOT_PATH_DEOPTS = Column.total("hot-path deoptimisations", EvidenceColumns.HOT_PATH_DEOPTS,
            1.0);
    private static final List<Column> COLUMNS = Arrays.asList(
            SAFEPOINTS,
            Column.total("safepoint time (ms)", EvidenceColumns.SAFEPOINT_MICROS, 1000.0),
            new Column("GC pauses", activity -> activity.gcCount),
            HOT_PATH_DEOPTS,
            new Column("JIT compile time (ms)", activity -> activity.jitCompileMillis));

    String render(final ReportedSets reported) {
        final List<JvmGroup> groups = reported.groupsWithFigures();
        if (groups.isEmpty()) {
            return "";
        }
        final StringBuilder out = new StringBuilder("## Pauses and JIT activity during measurement, per JVM\n\n")
                .append("From each passed run's `checks.jvmDuringMeasurement` (the measured window only): median ")
                .append("over runs (min–max); runs that recorded the figure in brackets when not all did.\n\n");
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup group : groups) {
            final List<String> row = new ArrayList<>();
            row.add(group.label);
            row.add(String.valueOf(group.passedFolders().size()));
            COLUMNS.forEach(column -> row.add(cell(group.passedFolders(), column)));
            rows.add(row);
        }
        final List<String> header = new ArrayList<>(Arrays.asList("JVM", "runs"));
        COLUMNS.forEach(column -> header.add(column.title));
        Markdown.table(out, header, rows, true);
        return out.toString();
    }

    /** One column's values over runs; a run that lacks the figure is NaN, not 0. */
    static Spread spread(final List<RunFolder> runs, final Column column) {
        return Spread.of(runs.stream().mapToDouble(run -> column.value.applyAsDouble(run.results.checks()
                .jvmDuringMeasurement())).toArray());
    }

    /** The median over runs (min–max) of one column; "[n of m runs]" when some runs lack it. */
    private static String cell(final List<RunFolder> runs, final Column column) {
        final Spread spread = spread(runs, column);
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
