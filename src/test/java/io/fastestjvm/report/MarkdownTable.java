package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses the first markdown table after a heading back into rows keyed by their first cell. */
final class MarkdownTable {
    private MarkdownTable() {
    }

    static Map<String, List<String>> after(final String markdown, final String heading) {
        final int start = markdown.indexOf(heading);
        if (start < 0) {
            throw new AssertionError("no heading '" + heading + "' in the report");
        }
        final Map<String, List<String>> rows = new LinkedHashMap<>();
        boolean inTable = false;
        int line = 0;
        for (final String text : markdown.substring(start).split("\n")) {
            if (text.startsWith("|")) {
                inTable = true;
                if (line++ >= 2) {
                    final List<String> cells = new ArrayList<>();
                    for (final String cell : Arrays.asList(text.substring(1, text.length() - 1).split(" \\| "))) {
                        cells.add(cell.trim());
                    }
                    rows.put(cells.get(0), cells);
                }
            } else if (inTable) {
                break;
            }
        }
        return rows;
    }
}
