package io.fastestjvm.results.model;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * SummaryTool's {@code get} and {@code list}: values of any JSON file the scripts wrote (matrix-run.json,
 * profile.json) as lines a script splits without parsing JSON; run-matrix.sh --resume reads a set's plan and
 * recorded runs back this way. A value that would not stay one field of one line (a line break or a TAB in it, or
 * an object where a value is expected) is refused rather than printed ambiguously.
 */
final class JsonLines {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SEPARATOR = "\t";

    private JsonLines() {
    }

    /** One line per pointer: the value, or an empty line (and status 1) when it is absent. */
    static int get(final Path file, final List<String> pointers, final PrintStream out) throws IOException {
        final JsonNode tree = read(file);
        final List<String> lines = new ArrayList<>();
        int status = 0;
        for (final String pointer : pointers) {
            final JsonNode value = tree.at(pointer);
            if (value.isMissingNode()) {
                status = 1;
                lines.add("");
            } else {
                lines.add(text(value, pointer));
            }
        }
        lines.forEach(out::println); // all or nothing: a refused value prints no partial answer
        return status;
    }

    /**
     * One line per element of the array at pointer: a value; an array of values, TAB-separated; or, with fields
     * (pointers into each element), those fields TAB-separated, empty where absent. Status 1, no lines, when there
     * is no such array.
     */
    static int list(final Path file, final String pointer, final List<String> fields, final PrintStream out)
            throws IOException {
        final JsonNode array = read(file).at(pointer);
        if (array.isMissingNode()) {
            return 1;
        }
        if (!array.isArray()) {
            throw new IllegalArgumentException(pointer + " is not an array");
        }
        final List<String> lines = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            final JsonNode element = array.get(i);
            final String where = pointer + "/" + i;
            final List<String> columns = new ArrayList<>();
            if (!fields.isEmpty()) {
                for (final String field : fields) {
                    final JsonNode value = element.at(field);
                    columns.add(value.isMissingNode() ? "" : text(value, where + field));
                }
            } else if (element.isArray()) {
                for (int j = 0; j < element.size(); j++) {
                    columns.add(text(element.get(j), where + "/" + j));
                }
            } else {
                columns.add(text(element, where));
            }
            lines.add(String.join(SEPARATOR, columns));
        }
        lines.forEach(out::println);
        return 0;
    }

    private static JsonNode read(final Path file) throws IOException {
        final JsonNode tree = JSON.readTree(file.toFile());
        if (tree == null || tree.isMissingNode()) {
            throw new IOException(file + ": no JSON in it");
        }
        return tree;
    }

    private static String text(final JsonNode value, final String where) {
        if (!value.isValueNode()) {
            throw new IllegalArgumentException(where + " is not a single value");
        }
        final String text = value.asText();
        if (text.contains("\n") || text.contains("\r") || text.contains(SEPARATOR)) {
            throw new IllegalArgumentException(where + " holds a line break or a TAB, so it cannot be one field"
                    + " of a line");
        }
        return text;
    }
}
