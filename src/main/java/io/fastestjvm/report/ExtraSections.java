package io.fastestjvm.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.fastestjvm.charts.ChartFiles;
import io.fastestjvm.charts.RatioChart;
import io.fastestjvm.charts.SweepChart;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.transport.Transports;
import io.fastestjvm.verdict.RunsRatioTest;
import io.fastestjvm.verdict.Separation;

/** The sections only some sets have, each "" when it has nothing to show: transports, sweeps, JMH results. */
final class ExtraSections {
    private static final String FLOOR = "floor";
    private static final String[] SWEEP_FILES = {"sweep-rate.json", "sweep-size.json"};
    private static final String JMH_FILE = "jmh-result.json";
    private static final Percentile[] SHOWN = {Percentile.P50, Percentile.P99, Percentile.P99_9, Percentile.WORST};
    /** Time-per-operation units, each 1000 times the one before. */
    private static final List<String> TIME_UNITS = Arrays.asList("ns/op", "us/op", "ms/op", "s/op");
    private static final ObjectMapper JSON = new ObjectMapper();

    private ExtraSections() {
    }

    /** Those of the set in {@code folder} that have something to show, in report order. */
    static List<String> render(final ReportedSets reported, final Path folder) throws IOException {
        final List<String> sections = new ArrayList<>(Arrays.asList(transports(reported, folder),
                sweeps(folder, reported.machine()), jmh(reported, folder)));
        sections.removeIf(String::isEmpty);
        return sections;
    }

    /** Where one JVM ran both Chronicle Queue and the "floor" hand-off: what persistence costs, chronicle / floor. */
    private static String transports(final ReportedSets reported, final Path folder) throws IOException {
        final List<RatioChart.Series> series = new ArrayList<>();
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup chronicle : reported.groupsWithFigures()) {
            final JvmGroup floor = chronicle.sibling(reported.groupsWithFigures(), chronicle.profile, FLOOR);
            if (!Transports.CHRONICLE.equals(chronicle.transport) || floor == null) {
                continue;
            }
            final String name = chronicle.profile + " @ " + chronicle.host;
            final int n = Percentile.values().length;
            final double[] ratio = new double[n];
            final double[] low = new double[n];
            final double[] high = new double[n];
            final List<String> row = new ArrayList<>(Arrays.asList(name));
            for (final Percentile p : Percentile.values()) {
                final int i = p.ordinal();
                final double f = floor.spread(Latency.ACTUAL_SEND, p).median();
                ratio[i] = f > 0 ? chronicle.spread(Latency.ACTUAL_SEND, p).median() / f : Double.NaN;
                final double[] interval = interval(chronicle, floor, p);
                low[i] = interval[0];
                high[i] = interval[1];
                row.add(Double.isNaN(ratio[i]) ? ReportMarkdown.DASH : VerdictSection.ratio(ratio[i], low[i], high[i]));
            }
            series.add(new RatioChart.Series(name, chronicle.profile, ratio, low, high));
            rows.add(row);
        }
        if (rows.isEmpty()) {
            return "";
        }
        final List<String> labels = Arrays.stream(Percentile.values()).map(Percentile::label)
                .collect(Collectors.toList());
        final String stem = "ratio-chronicle-floor";
        ChartFiles.save(RatioChart.of("chronicle / floor latency ratio per percentile, actual send - "
                + reported.machine(), "percentile (dot: median over runs of each transport, whisker: "
                + Math.round(Separation.CONFIDENCE * 100) + "% bootstrap interval over runs)",
                "chronicle latency / floor latency, log scale", labels, series), folder.resolve(ReportCharts.FOLDER),
                stem);
        final StringBuilder out = new StringBuilder("## Chronicle Queue against the floor transport\n\n")
                .append("Ratio of the chronicle transport's latency to the floor transport's, same JVM and machine, ")
                .append("actual send, per percentile (each side the median over its runs; in brackets the ")
                .append(Math.round(Separation.CONFIDENCE * 100)).append("% bootstrap interval over runs): what ")
                .append("persisting through the queue costs over the bare hand-off.\n\n")
                .append(new ReportCharts.Chart(stem, "chronicle / floor ratio").image());
        final List<String> header = new ArrayList<>(Arrays.asList("JVM"));
        header.addAll(labels);
        ReportMarkdown.table(out, header, rows, true);
        return out.toString();
    }

    /** The bootstrap interval of chronicle / floor over the two groups' runs; NaN without runs on a side. */
    private static double[] interval(final JvmGroup chronicle, final JvmGroup floor, final Percentile p) {
        final double[] c = chronicle.values(Latency.ACTUAL_SEND, p, run -> true);
        final double[] f = floor.values(Latency.ACTUAL_SEND, p, run -> true);
        if (c.length == 0 || f.length == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return RunsRatioTest.interval(c, f, (chronicle.label + "|floor|" + p.key()).hashCode());
    }

    /**
     * sweep-rate.json / sweep-size.json of a set as a chart, a table of the points and the sweep's own verdicts; ""
     * when the folder has neither.
     */
    private static String sweeps(final Path folder, final String machine) throws IOException {
        final StringBuilder out = new StringBuilder();
        for (final String file : SWEEP_FILES) {
            final Path path = folder.resolve(file);
            if (Files.isRegularFile(path)) {
                sweep(out, folder, file, JSON.readTree(path.toFile()), machine);
            }
        }
        return out.toString();
    }

    private static void sweep(final StringBuilder out, final Path folder, final String file, final JsonNode sweep,
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
                    point.path("status").asText(ReportMarkdown.DASH), number(point.path("achievedRate"))));
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
            out.append(new ReportCharts.Chart(stem, "latency against " + axis).image());
        }
        ReportMarkdown.table(out, header, rows, true);
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
        return value.isNumber() ? ReportMarkdown.nanos(value.asDouble()) : ReportMarkdown.DASH;
    }

    /**
     * jmh-result.json's micro-benchmark scores beside the JVMs' in-context median, the pieces against the whole. Only
     * sample mode's percentiles are over single operations (avgt's are over iteration means), so only they show as
     * p50; "" without the file.
     */
    private static String jmh(final ReportedSets reported, final Path folder) throws IOException {
        final Path file = folder.resolve(JMH_FILE);
        if (!Files.isRegularFile(file)) {
            return "";
        }
        final JsonNode results = JSON.readTree(file.toFile());
        final StringBuilder out = new StringBuilder("## JMH micro-benchmarks (`").append(JMH_FILE).append("`)\n\n")
                .append("Each piece measured alone by JMH, beside the in-context median (the whole hand-off, ")
                .append("actual send) from the tables above. The score is JMH's mean; p50 and p99 are of single ")
                .append("operations, which only sample mode records.\n\n");
        final List<List<String>> rows = new ArrayList<>();
        for (final JsonNode result : results) {
            final JsonNode metric = result.path("primaryMetric");
            final String unit = metric.path("scoreUnit").asText("");
            final double toNanos = nanosPer(unit);
            rows.add(Arrays.asList(shortName(result.path("benchmark").asText("?")) + params(result.path("params")),
                    result.path("mode").asText(ReportMarkdown.DASH),
                    result.path("jdkVersion").asText(ReportMarkdown.DASH),
                    significant(metric.path("score")) + " ± " + significant(metric.path("scoreError")) + " " + unit,
                    nanos(metric.path("score"), toNanos),
                    sampled(result, "50.0", toNanos), sampled(result, "99.0", toNanos)));
        }
        ReportMarkdown.table(out, Arrays.asList("benchmark", "mode", "JDK", "score (mean)", "score (ns/op)",
                "p50 (ns/op)", "p99 (ns/op)"), rows, true);
        ReportMarkdown.table(out, Arrays.asList("in context: JVM (transport)", "median, actual send (ns)"),
                reported.groupsWithFigures().stream().map(group -> Arrays.asList(group.label + " (" + group.transport
                        + ")", ReportMarkdown.nanos(group.spread(Latency.ACTUAL_SEND, Percentile.P50).median())))
                        .collect(Collectors.toList()), true);
        return out.toString();
    }

    private static String nanos(final JsonNode value, final double toNanos) {
        return Double.isNaN(toNanos) || !value.isNumber() ? ReportMarkdown.DASH
                : String.format(Locale.ROOT, "%,.1f", value.asDouble() * toNanos);
    }

    /** A percentile of single operations: sample mode's {@code scorePercentiles}, a dash in every other mode. */
    private static String sampled(final JsonNode result, final String percentile, final double toNanos) {
        return "sample".equals(result.path("mode").asText()) ? nanos(result.path("primaryMetric")
                .path("scorePercentiles").path(percentile), toNanos) : ReportMarkdown.DASH;
    }

    /** ns per unit of a time-per-operation score unit, NaN for throughput units. */
    static double nanosPer(final String unit) {
        final int power = TIME_UNITS.indexOf(unit);
        return power < 0 ? Double.NaN : Math.pow(1e3, power);
    }

    /** 4 significant digits, as JMH's own table shows roughly: 0.0421, 5123000. */
    private static String significant(final JsonNode value) {
        if (!value.isNumber() || Double.isNaN(value.asDouble())) {
            return ReportMarkdown.DASH;
        }
        return new BigDecimal(value.asDouble()).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static String shortName(final String benchmark) {
        final int method = benchmark.lastIndexOf('.');
        final int type = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(type + 1);
    }

    private static String params(final JsonNode params) {
        if (!params.isObject() || params.size() == 0) {
            return "";
        }
        final List<String> pairs = new ArrayList<>();
        params.fields().forEachRemaining(e -> pairs.add(e.getKey() + "=" + e.getValue().asText()));
        return " (" + String.join(", ", pairs) + ")";
    }
}
