package io.fastestjvm.results.model;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.config.HelpFlag;

/**
 * The results model for scripts, so they never parse summary.json with sed:
 * <pre>
 * field SUMMARY POINTER...   values of a summary.json, read through {@link RunResults}, one line each (POINTER as
 *                            RFC 6901: /status, /environment/jit/graalInUse)
 * </pre>
 * Exit status: 0 done; 1 a field is absent (its line is empty); 2 bad arguments or unreadable input.
 */
public final class SummaryTool {
    private SummaryTool() {
    }

    public static void main(final String[] args) {
        System.exit(run(Arrays.asList(args), System.out, System.err));
    }

    static final String USAGE = "usage: SummaryTool field SUMMARY POINTER...";

    static int run(final List<String> args, final PrintStream out, final PrintStream err) {
        if (HelpFlag.asked(args)) {
            out.println(USAGE);
            return 0;
        }
        if (args.size() < 3 || !args.get(0).equals("field")) {
            err.println(USAGE);
            return 2;
        }
        try {
            return field(Paths.get(args.get(1)), args.subList(2, args.size()), out);
        } catch (final IOException | IllegalArgumentException e) {
            err.println("SummaryTool: " + e.getMessage());
            return 2;
        }
    }

    private static int field(final Path summary, final List<String> pointers, final PrintStream out)
            throws IOException {
        final JsonNode tree = RunResults.read(summary).tree();
        int status = 0;
        for (final String pointer : pointers) {
            final JsonNode value = tree.at(pointer);
            if (value.isMissingNode()) {
                status = 1;
                out.println();
            } else {
                out.println(value.isValueNode() ? value.asText() : value.toString());
            }
        }
        return status;
    }
}
