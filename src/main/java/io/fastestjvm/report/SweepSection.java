package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.fastestjvm.charts.ChartFiles;
import io.fastestjvm.charts.SweepChart;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;

/** sweep-rate.json / sweep-size.json of a set as a chart, a table of the points and the sweep's own verdicts. */
final class SweepSection {
    static final String[] FILES = {"sweep-rate.json", "sweep-size.json"};
    private static final Percentile[] SHOWN = {Percentile.P50, Percentile.P99, Percentile.P99_9, Percentile.WORST};

    private final ObjectMapper json = new ObjectMapper();

    /** The markdown for every sweep file in the folder, or "" when there is none. */
    String render(final Path folder, final String machine) throws IOException {
        final StringBuilder out = new StringBuilder();
        for (final String file : FILES) {
            final Path path = folder.resolve(file);
            if (Files.isRegularFile(path)) {
                sweep(out, folder, file, json.readTree(path.toFile()), machine);
            }
        }
        return out.toString();
    }

    private void sweep(final StringBuilder out, final Path folder, final String file, final JsonNode sweep,
                       final String machine) throws IOException {
        final boolean rate = "rate".equals(sweep.path("kind").asText(file.contains("rate") ? "rate" : "size"));
        final String axis = rate ? "rate" : "size";
        final String xTitle = rate ? "offered rate (msg/s)" : "message size (bytes)";
        out.append("## Latency against ").append(rate ? "rate" : "message size").append(" (`").append(file)
                .append("`)\n\n").append("Transport ").append(sweep.path("transport").asText("?")).append(", JVM ")
                .append(sweep.path("jvm").asText("?")).append(".\n\n");
        if (rate) {
            out.append("- maximum sustained rate: ").append(verdict(sweep.path("maxSustainedRate"), "msg/s"))
                    .append('\n').append("- rate where p99 first exceeds 10 µs: ")
                    .append(verdict(sweep.path("rateWhereP99Exceeds10us"), "msg/s")).append("\n\n");
        }
        final List<JsonNode> measured = new ArrayList<>();
        final List<List<String>> rows = new ArrayList<>();
        for (final JsonNode point : sweep.path("points")) {
            final List<String> row = new ArrayList<>(Arrays.asList(number(point.path(axis)),
                    point.path("status").asText(Markdown.DASH), number(point.path("achievedRate"))));
            for (final Latency latency : Latency.ALL) {
                for (final Percentile p : SHOWN) {
                    row.add(number(point.path(latency.key()).path(p.key())));
                }
            }
            rows.add(row);
            final JsonNode median = point.path(Latency.ACTUAL_SEND.key()).path(Percentile.P50.key());
            if (point.path(axis).isNumber() && median.isNumber()) {
                measured.add(point);
            }
        }
        final List<String> header = new ArrayList<>(Arrays.asList(axis, "status", "achieved rate"));
        for (final Latency latency : Latency.ALL) {
            for (final Percentile p : SHOWN) {
                header.add(latency.title() + " " + p.label());
            }
        }
        if (!measured.isEmpty()) {
            final String stem = "sweep-" + axis;
            final double[] x = new double[measured.size()];
            final boolean[] failed = new boolean[x.length];
            final boolean[] unsustained = new boolean[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = measured.get(i).path(axis).asDouble();
                failed[i] = !"passed".equals(measured.get(i).path("status").asText("passed"));
                unsustained[i] = !measured.get(i).path("sustained").asBoolean(true);
            }
            ChartFiles.save(SweepChart.of("latency against " + (rate ? "rate" : "message size") + " (ns), "
                    + sweep.path("jvm").asText("?") + " - " + machine, xTitle, x, series(measured, Latency.ACTUAL_SEND),
                    series(measured, Latency.INTENDED_SEND), failed, unsustained), folder.resolve(ReportCharts.FOLDER),
                    stem);
            out.append("![latency against ").append(axis).append("](").append(ReportCharts.FOLDER).append('/')
                    .append(stem).append(".png)\n\n");
        }
        Markdown.table(out, header, rows, true);
    }

    /** Per shown percentile, its value at each point; NaN where a point lacks it. */
    private static Map<String, double[]> series(final List<JsonNode> points, final Latency latency) {
        final Map<String, double[]> series = new LinkedHashMap<>();
        for (final Percentile p : SHOWN) {
            series.put(p.label(), points.stream().mapToDouble(point -> point.path(latency.key()).path(p.key())
                    .asDouble(Double.NaN)).toArray());
        }
        return series;
    }

    private static String verdict(final JsonNode value, final String unit) {
        return value.isNumber() ? String.format(Locale.ROOT, "%,.0f %s", value.asDouble(), unit)
                : "not reached in this sweep";
    }

    private static String number(final JsonNode value) {
        return value.isNumber() ? Markdown.nanos(value.asDouble()) : Markdown.DASH;
    }
}
