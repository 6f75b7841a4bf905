package io.fastestjvm.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;

/**
 * jmh-result.json's micro-benchmark scores beside the JVMs' in-context median, the pieces against the whole. Only
 * sample mode's percentiles are over single operations (avgt's are over iteration means), so only they show as p50.
 */
final class JmhSection {
    static final String FILE = "jmh-result.json";
    /** Time-per-operation units, each 1000 times the one before. */
    private static final List<String> TIME_UNITS = Arrays.asList("ns/op", "us/op", "ms/op", "s/op");

    String render(final ReportedSets reported, final Path folder) throws IOException {
        final Path file = folder.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return "";
        }
        final JsonNode results = new ObjectMapper().readTree(file.toFile());
        final StringBuilder out = new StringBuilder("## JMH micro-benchmarks (`").append(FILE).append("`)\n\n")
                .append("Each piece measured alone by JMH, beside the in-context median (the whole hand-off, ")
                .append("actual send) from the tables above. The score is JMH's mean; p50 and p99 are of single ")
                .append("operations, which only sample mode records.\n\n");
        final List<List<String>> rows = new ArrayList<>();
        for (final JsonNode result : results) {
            final JsonNode metric = result.path("primaryMetric");
            final String unit = metric.path("scoreUnit").asText("");
            final double toNanos = nanosPer(unit);
            rows.add(Arrays.asList(shortName(result.path("benchmark").asText("?")) + params(result.path("params")),
                    result.path("mode").asText(Markdown.DASH), result.path("jdkVersion").asText(Markdown.DASH),
                    significant(metric.path("score")) + " ± " + significant(metric.path("scoreError")) + " " + unit,
                    nanos(metric.path("score"), toNanos),
                    sampled(result, "50.0", toNanos), sampled(result, "99.0", toNanos)));
        }
        Markdown.table(out, Arrays.asList("benchmark", "mode", "JDK", "score (mean)", "score (ns/op)", "p50 (ns/op)",
                "p99 (ns/op)"), rows, true);
        final List<List<String>> inContext = new ArrayList<>();
        for (final JvmGroup group : reported.groupsWithFigures()) {
            inContext.add(Arrays.asList(group.label + " (" + group.transport + ")",
                    Markdown.nanos(group.spread(Latency.ACTUAL_SEND, Percentile.P50).median())));
        }
        Markdown.table(out, Arrays.asList("in context: JVM (transport)", "median, actual send (ns)"), inContext,
                true);
        return out.toString();
    }

    private static String nanos(final JsonNode value, final double toNanos) {
        return Double.isNaN(toNanos) || !value.isNumber() ? Markdown.DASH
                : String.format(Locale.ROOT, "%,.1f", value.asDouble() * toNanos);
    }

    /** A percentile of single operations: sample mode's {@code scorePercentiles}, a dash in every other mode. */
    private static String sampled(final JsonNode result, final String percentile, final double toNanos) {
        return "sample".equals(result.path("mode").asText()) ? nanos(result.path("primaryMetric")
                .path("scorePercentiles").path(percentile), toNanos) : Markdown.DASH;
    }

    /** ns per unit of a time-per-operation score unit, NaN for throughput units. */
    static double nanosPer(final String unit) {
        final int power = TIME_UNITS.indexOf(unit);
        return power < 0 ? Double.NaN : Math.pow(1e3, power);
    }

    /** 4 significant digits, as JMH's own table shows roughly: 0.0421, 5123000. */
    private static String significant(final JsonNode value) {
        if (!value.isNumber() || Double.isNaN(value.asDouble())) {
            return Markdown.DASH;
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
