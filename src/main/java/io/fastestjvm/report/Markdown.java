package io.fastestjvm.report;

import java.util.List;
import java.util.Locale;

/** Small markdown helpers: tables, ns figures with separators, cell escaping. */
final class Markdown {
    static final String DASH = "–";

    private Markdown() {
    }

    static void table(final StringBuilder out, final List<String> header, final List<List<String>> rows,
                      final boolean numericFromSecond) {
        out.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int i = 0; i < header.size(); i++) {
            out.append(numericFromSecond && i > 0 ? "---:|" : "---|");
        }
        out.append('\n');
        for (final List<String> row : rows) {
            out.append("| ");
            for (int i = 0; i < row.size(); i++) {
                out.append(i == 0 ? "" : " | ").append(cell(row.get(i)));
            }
            out.append(" |\n");
        }
        out.append('\n');
    }

    /** A whole ns figure: 1234.5 -> "1,235" (half up), NaN -> the dash. */
    static String nanos(final double value) {
        return Double.isNaN(value) ? DASH : String.format(Locale.ROOT, "%,.0f", value);
    }

    static String cell(final String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    static String code(final String text) {
        return text.isEmpty() ? DASH : "`" + text.replace("`", "'") + "`";
    }
}
