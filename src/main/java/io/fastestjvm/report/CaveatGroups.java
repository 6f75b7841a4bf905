package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Folds {@link Caveats}' lines into one line per kind: one per-JVM caveat of several JVMs lists them, and one audit
 * check's warnings show their varying numbers as ranges ("load average 1.91-2.34 ... (18 run folders)").
 */
final class CaveatGroups {
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");
    private static final Pattern IN_RUNS = Pattern.compile(" in (\\d+ of \\d+) run folders");
    private static final String AUDIT = "Environment audit: ";
    /** How {@link Caveats} counts a warning: " (in 3 of 27 run folders)." at the end. */
    private static final Pattern COUNTED = Pattern.compile(" \\(in (\\d+) of (\\d+) run folders\\)\\.$");
    private static final ObjectMapper JSON = new ObjectMapper();

    private CaveatGroups() {
    }

    static List<String> group(final List<String> caveats, final List<String> labels) {
        final Map<String, List<String[]>> perJvm = new LinkedHashMap<>();
        final Map<String, List<String[]>> audits = new LinkedHashMap<>();
        final List<Object> order = new ArrayList<>();
        for (final String caveat : caveats) {
            final String label = labelOf(caveat, labels);
            if (label != null) {
                final String rest = caveat.substring(label.length() + 2);
                final Matcher details = Pattern.compile("^([^(]*?) \\(([^)]*)\\)(.*)$").matcher(rest);
                final String kind;
                final String detail;
                if (details.matches()) {
                    final Matcher runs = IN_RUNS.matcher(details.group(3));
                    kind = details.group(1) + IN_RUNS.matcher(details.group(3)).replaceFirst("");
                    detail = details.group(2) + (runs.find() ? "; " + runs.group(1) : "");
                } else {
                    kind = rest;
                    detail = "";
                }
                add(perJvm, order, "jvm\u0000" + kind, new String[] {label, detail, caveat});
            } else if (caveat.startsWith(AUDIT + "{") && COUNTED.matcher(caveat).find()) {
                final Matcher counted = COUNTED.matcher(caveat);
                counted.find();
                final JsonNode warning = parse(caveat.substring(AUDIT.length(), counted.start()));
                if (warning == null) {
                    order.add(caveat);
                    continue;
                }
                // One line per check and wording: a check can warn twice about one folder in different words
                // (load average, and other processes' busy time), and adding those would count that folder twice.
                final String problem = warning.path("problem").asText();
                add(audits, order, "audit\u0000" + warning.path("check").asText() + '\u0000' + shape(problem),
                        new String[] {problem, warning.path("fix").asText(), counted.group(1), counted.group(2)});
            } else {
                order.add(caveat);
            }
        }
        final List<String> grouped = new ArrayList<>();
        for (final Object item : order) {
            if (item instanceof String && perJvm.containsKey(item)) {
                grouped.add(jvmLine(((String) item).substring(4), perJvm.get(item)));
            } else if (item instanceof String && audits.containsKey(item)) {
                grouped.add(auditLine(((String) item).split("\u0000")[1], audits.get(item)));
            } else {
                grouped.add((String) item);
            }
        }
        return grouped;
    }

    private static void add(final Map<String, List<String[]>> groups, final List<Object> order, final String key,
                            final String[] entry) {
        if (!groups.containsKey(key)) {
            groups.put(key, new ArrayList<>());
            order.add(key);
        }
        groups.get(key).add(entry);
    }

    private static String jvmLine(final String kind, final List<String[]> entries) {
        if (entries.size() == 1) {
            return entries.get(0)[2];
        }
        final List<String> each = new ArrayList<>();
        for (final String[] entry : entries) {
            each.add(entry[0] + (entry[1].isEmpty() ? "" : " (" + entry[1] + ")"));
        }
        return entries.size() + " JVMs: " + String.join(", ", each) + ": " + kind;
    }

    private static String auditLine(final String check, final List<String[]> entries) {
        int count = 0;
        for (final String[] entry : entries) {
            count += Integer.parseInt(entry[2]);
        }
        return "Environment audit, " + check + " (in " + count + " of " + entries.get(0)[3] + " run folders): "
                + ranges(entries) + (entries.get(0)[1].isEmpty() ? "" : "; fix: " + entries.get(0)[1]);
    }

    /** The wording without its numbers: "load average # on # CPUs: ...". */
    private static String shape(final String problem) {
        return NUMBER.matcher(problem).replaceAll("#");
    }

    /** The problem text (one shape); where the numbers differ between run folders, each becomes its range. */
    private static String ranges(final List<String[]> entries) {
        final String first = entries.get(0)[0];
        final List<double[]> bounds = new ArrayList<>();
        for (final String[] entry : entries) {
            final Matcher numbers = NUMBER.matcher(entry[0]);
            for (int i = 0; numbers.find(); i++) {
                final double value = Double.parseDouble(numbers.group());
                if (bounds.size() <= i) {
                    bounds.add(new double[] {value, value, numbers.group().length()});
                }
                bounds.get(i)[0] = Math.min(bounds.get(i)[0], value);
                bounds.get(i)[1] = Math.max(bounds.get(i)[1], value);
            }
        }
        final Matcher numbers = NUMBER.matcher(first);
        final StringBuffer out = new StringBuffer();
        for (int i = 0; numbers.find(); i++) {
            final double[] b = bounds.get(i);
            numbers.appendReplacement(out, b[0] == b[1] ? numbers.group() : plain(b[0]) + "–" + plain(b[1]));
        }
        numbers.appendTail(out);
        return out.toString();
    }

    private static String plain(final double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static String labelOf(final String caveat, final List<String> labels) {
        String found = null;
        for (final String label : labels) {
            if (caveat.startsWith(label + ": ") && (found == null || label.length() > found.length())) {
                found = label;
            }
        }
        return found;
    }

    private static JsonNode parse(final String text) {
        try {
            return JSON.readTree(text);
        } catch (final java.io.IOException e) {
            return null;
        }
    }
}
