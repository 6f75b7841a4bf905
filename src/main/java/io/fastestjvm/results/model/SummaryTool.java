package io.fastestjvm.results.model;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.HelpFlag;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;

/**
 * The results model for scripts, so they neither parse JSON with sed nor build it by hand:
 * <pre>
 * field SUMMARY POINTER...              values of a summary.json, read through {@link RunResults}, one line
 *                                       each (POINTER as RFC 6901: /status, /environment/jit/graalInUse)
 * get FILE POINTER...                   values of any JSON file, one line each ({@link JsonLines})
 * list FILE POINTER [FIELD...]          the array at POINTER, one line per element: a value, an array's values
 *                                       TAB-separated, or the element's FIELDs (pointers) TAB-separated
 * write-json [--merge] FILE ARG...      writes FILE atomically, a JSON object built from ARGs:
 *     a.b=TEXT     a string (dots nest objects)     a.b:=JSON   any JSON value (numbers, true, null...)
 *     a[]=TEXT     appends a string to an array     a[]:=JSON   appends a JSON value
 *     a@=FILE      the JSON in FILE                  a[]@=FILE   appends the JSON in FILE
 *     a[][]=TEXT   appends a string to the last array in array a (a[]:=[] starts one), and so on for :=, @=
 *     a[-1].b=TEXT sets b in the last object in array a (a[]:={} starts one), and so on for :=, @=, b[]
 *     --merge starts from FILE's current object instead of an empty one
 * keep-queue [-Dqp.NAME=VALUE...]       true or false: whether a run given these arguments keeps its queue, as the
 *                                       benchmark's own qp.keepQueue parsing decides (any case, spaces trimmed; the
 *                                       last one given wins); a value it refuses is exit 2 with its error
 * </pre>
 * Exit status: 0 done; 1 a field is absent (its line is empty), or list's array (nothing printed); 2 bad arguments
 * or unreadable input.
 */
public final class SummaryTool {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String LAST_ELEMENT = "[-1]";

    private SummaryTool() {
    }

    public static void main(final String[] args) {
        System.exit(run(Arrays.asList(args), System.out, System.err));
    }

    static final String USAGE = "usage: SummaryTool field SUMMARY POINTER... | get FILE POINTER... | list FILE POINTER"
            + " [FIELD...] | write-json [--merge] FILE KEY=TEXT|KEY:=JSON|KEY@=FILE|KEY[]=TEXT|KEY[]:=JSON"
            + "|KEY[]@=FILE|KEY[][]=TEXT|KEY[-1].KEY=TEXT... | keep-queue [-Dqp.NAME=VALUE...]";

    static int run(final List<String> args, final PrintStream out, final PrintStream err) {
        if (HelpFlag.asked(args)) {
            out.println(USAGE);
            return 0;
        }
        try {
            if (args.size() >= 3 && args.get(0).equals("field")) {
                return field(Paths.get(args.get(1)), args.subList(2, args.size()), out);
            }
            if (args.size() >= 3 && args.get(0).equals("get")) {
                return JsonLines.get(Paths.get(args.get(1)), args.subList(2, args.size()), out);
            }
            if (args.size() >= 3 && args.get(0).equals("list")) {
                return JsonLines.list(Paths.get(args.get(1)), args.get(2), args.subList(3, args.size()), out);
            }
            if (!args.isEmpty() && args.get(0).equals("keep-queue")) {
                out.println(keepsQueue(args.subList(1, args.size())));
                return 0;
            }
            if (args.size() >= 2 && args.get(0).equals("write-json")) {
                final boolean merge = args.get(1).equals("--merge");
                final int file = merge ? 2 : 1;
                if (args.size() > file) {
                    writeJson(Paths.get(args.get(file)), merge, args.subList(file + 1, args.size()));
                    return 0;
                }
            }
            err.println(USAGE);
            return 2;
        } catch (final IOException | IllegalArgumentException | ClassCastException | InvalidSettingException e) {
            err.println("SummaryTool: " + e.getMessage());
            return 2;
        }
    }

    /**
     * Whether a run given these {@code -Dqp.NAME=VALUE} arguments keeps its queue: {@code qp.keepQueue} read by
     * {@link BenchmarkOptions} itself, so a script decides exactly as the run will (TRUE, " true " and true alike).
     * Only that setting is read; the last one given wins, as on a java command line.
     *
     * @throws InvalidSettingException for a value the benchmark would refuse
     */
    public static boolean keepsQueue(final List<String> qpArgs) {
        final String prefix = "-D" + Settings.KEEP_QUEUE.name() + "=";
        final Properties properties = new Properties();
        for (final String arg : qpArgs) {
            if (arg.startsWith(prefix)) {
                properties.setProperty(Settings.KEEP_QUEUE.name(), arg.substring(prefix.length()));
            }
        }
        return BenchmarkOptions.fromProperties(properties).keepQueue();
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
                out.println(value.isValueNode() ? value.asText() : JSON.writeValueAsString(value));
            }
        }
        return status;
    }

    private static void writeJson(final Path file, final boolean merge, final List<String> assignments)
            throws IOException {
        final ObjectNode root = merge && Files.exists(file) ? (ObjectNode) JSON.readTree(file.toFile())
                : JsonNodeFactory.instance.objectNode();
        for (final String assignment : assignments) {
            assign(root, assignment);
        }
        final Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
        JSON.writeValue(temporary.toFile(), root);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The object under name in parent, made if absent; {@code a[-1]} is the last element of array a, which must be an
     * object (so a script can keep adding to the entry it appended, such as the matrix's current session).
     */
    private static ObjectNode child(final ObjectNode parent, final String name) {
        if (!name.endsWith(LAST_ELEMENT)) {
            return parent.has(name) ? (ObjectNode) parent.get(name) : parent.putObject(name);
        }
        final String array = name.substring(0, name.length() - LAST_ELEMENT.length());
        final JsonNode elements = parent.path(array);
        final JsonNode last = elements.size() == 0 ? null : elements.get(elements.size() - 1);
        if (!elements.isArray() || last == null || !last.isObject()) {
            throw new IllegalArgumentException(name + ": " + array + " is not an array ending with an object; append"
                    + " one with " + array + "[]:={}");
        }
        return (ObjectNode) last;
    }

    private static void assign(final ObjectNode root, final String assignment) throws IOException {
        final int equals = assignment.indexOf('=');
        if (equals <= 0) {
            throw new IllegalArgumentException("not KEY=VALUE: " + assignment);
        }
        String key = assignment.substring(0, equals);
        final String text = assignment.substring(equals + 1);
        final JsonNode value;
        if (key.endsWith(":")) {
            key = key.substring(0, key.length() - 1);
            value = JSON.readTree(text);
            if (value == null || value.isMissingNode()) {
                throw new IllegalArgumentException("no JSON value after " + key + ":=");
            }
        } else if (key.endsWith("@")) {
            key = key.substring(0, key.length() - 1);
            value = JSON.readTree(Paths.get(text).toFile());
        } else {
            value = JsonNodeFactory.instance.textNode(text);
        }
        final boolean intoLast = key.endsWith("[][]");
        final boolean append = intoLast || key.endsWith("[]");
        if (append) {
            key = key.substring(0, key.length() - (intoLast ? 4 : 2));
        }
        final String[] path = key.split("\\.");
        ObjectNode parent = root;
        for (int i = 0; i < path.length - 1; i++) {
            parent = child(parent, path[i]);
        }
        final String last = path[path.length - 1];
        if (last.endsWith(LAST_ELEMENT)) {
            throw new IllegalArgumentException(key + ": " + LAST_ELEMENT + " only leads to a key in that element");
        }
        if (append) {
            ArrayNode array = parent.has(last) ? (ArrayNode) parent.get(last) : parent.putArray(last);
            if (intoLast) {
                final JsonNode inner = array.size() == 0 ? null : array.get(array.size() - 1);
                if (inner == null || !inner.isArray()) {
                    throw new IllegalArgumentException(key + "[][]: the last element of " + key
                            + " is not an array; start one with " + key + "[]:=[]");
                }
                array = (ArrayNode) inner;
            }
            array.add(value);
        } else {
            parent.set(last, value);
        }
    }
}
