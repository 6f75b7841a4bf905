package io.fastestjvm.report;

import static io.fastestjvm.report.LongCsv.cell;
import static io.fastestjvm.report.LongCsv.number;

import java.io.IOException;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.environment.JitInfo;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.verdict.Spread;

/**
 * matrix.json and matrix.csv of one results set: a row per group with each figure's median, min, max and variation;
 * matrix.json also lists the runs each figure comes from, so every number can be traced.
 */
public final class MatrixFiles {
    static final String JSON = "matrix.json";
    static final String CSV = "matrix.csv";

    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public void write(final ResultsSet set) throws IOException {
        final ObjectNode root = json.createObjectNode();
        root.put("set", set.name());
        root.put("unit", "ns");
        root.put("aggregation", "median over runs of each run's percentile; min and max over runs; "
                + "variationPercent = (max - min) / median * 100");
        final ArrayNode rows = root.putArray("rows");
        final StringBuilder csv = new StringBuilder(csvHeader()).append('\n');
        for (final JvmGroup group : set.groups()) {
            rows.add(row(set, group));
            csv.append(csvRow(group)).append('\n');
        }
        if (!set.ignored().isEmpty()) {
            // run folders no recorded run names: no unit, listed so that their absence from the rows is explained
            final ArrayNode ignored = root.putArray("ignored");
            for (final Failure failure : set.ignored()) {
                ignored.addObject().put("folder", failure.what).put("reason", failure.reason);
            }
        }
        ReportFiles.write(set.folder().resolve(JSON), json.writeValueAsString(root) + "\n");
        ReportFiles.write(set.folder().resolve(CSV), csv.toString());
    }

    private ObjectNode row(final ResultsSet set, final JvmGroup group) {
        final ObjectNode row = json.createObjectNode();
        row.put("profile", group.profile());
        row.put("transport", group.transport());
        row.put("host", group.host());
        row.put("jdkBuild", Facts.environment(group.folders(), EnvironmentInfo.JAVA_RUNTIME_VERSION));
        row.put("vmVersion", Facts.environment(group.folders(), EnvironmentInfo.JAVA_VM_VERSION));
        row.put("vendor", Facts.environment(group.folders(), EnvironmentInfo.JAVA_VENDOR));
        row.put("vmName", Facts.environment(group.folders(), EnvironmentInfo.JAVA_VM_NAME));
        row.put(JitInfo.GRAAL_IN_USE, Facts.jit(group.folders(), JitInfo.GRAAL_IN_USE));
        row.put("runsOk", group.measuredRuns().size());
        row.put("runsFailed", group.failedRuns());
        final ArrayNode sources = row.putArray("sources");
        for (final MeasuredRun run : group.measuredRuns()) {
            sources.addObject()
                    .put("summary", set.folder().relativize(run.folder().folder().resolve(RunFolder.SUMMARY))
                            .toString())
                    .put("run", run.run());
        }
        final ArrayNode failures = row.putArray("failures");
        for (final Failure failure : group.failures()) {
            failures.addObject().put("what", failure.what).put("reason", failure.reason);
        }
        final ObjectNode latencies = row.putObject("latency");
        for (final Latency latency : Latency.ALL) {
            final ObjectNode byPercentile = latencies.putObject(latency.key());
            for (final Percentile percentile : Percentile.values()) {
                final Spread spread = group.spread(latency, percentile);
                if (spread.isEmpty()) {
                    continue;
                }
                final ObjectNode cell = byPercentile.putObject(percentile.key());
                cell.put("median", spread.median());
                cell.put("min", spread.min());
                cell.put("max", spread.max());
                final double variation = round2(spread.variationPercent());
                if (Double.isNaN(variation)) {
                    cell.putNull("variationPercent");
                } else {
                    cell.put("variationPercent", variation);
                }
                final ArrayNode values = cell.putArray("values");
                for (final double value : spread.values()) {
                    values.add(value);
                }
            }
        }
        return row;
    }

    private static String csvHeader() {
        final StringBuilder header = new StringBuilder(
                "profile,transport,host,jdkBuild,vendor,graalInUse,runsOk,runsFailed");
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : Percentile.values()) {
                final String column = latency.key() + "_" + percentile.key();
                header.append(',').append(column).append("_median,").append(column).append("_min,")
                        .append(column).append("_max,").append(column).append("_variationPercent");
            }
        }
        return header.toString();
    }

    private static String csvRow(final JvmGroup group) {
        final StringBuilder row = new StringBuilder();
        row.append(cell(group.profile())).append(',').append(cell(group.transport())).append(',')
                .append(cell(group.host())).append(',')
                .append(cell(Facts.environment(group.folders(), EnvironmentInfo.JAVA_RUNTIME_VERSION))).append(',')
                .append(cell(Facts.environment(group.folders(), EnvironmentInfo.JAVA_VENDOR))).append(',')
                .append(cell(Facts.jit(group.folders(), JitInfo.GRAAL_IN_USE)))
                .append(',');
        row.append(group.measuredRuns().size()).append(',').append(group.failedRuns());
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : Percentile.values()) {
                final Spread spread = group.spread(latency, percentile);
                row.append(',').append(number(spread.median(), 2)).append(',').append(number(spread.min(), 2))
                        .append(',').append(number(spread.max(), 2)).append(',')
                        .append(number(round2(spread.variationPercent()), 2));
            }
        }
        return row.toString();
    }

    private static double round2(final double value) {
        return Double.isNaN(value) ? value : Math.round(value * 100) / 100.0;
    }
}
