package io.fastestjvm.report;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.fastestjvm.config.FlagSets;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.placement.PlacementProbe;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.verdict.RunsPair;
import io.fastestjvm.verdict.RunsVerdict;
import io.fastestjvm.verdict.Spread;

/**
 * matrix.json and matrix.csv of one results set: a row per group with each figure's median, min, max and variation;
 * matrix.json also lists the runs each figure comes from, so every number can be traced. matrix-long.csv has the
 * passed runs' figures in long ("tidy") form, so pandas and R load it as it is. pairs.csv: every comparison of the
 * verdict with both intervals, the bootstrap of the median ratio and the Welch interval of the test, so a reader can
 * quote the interval that matches the test.
 */
public final class MatrixFiles {
    static final String JSON = "matrix.json";
    static final String CSV = "matrix.csv";
    static final String LONG_CSV = "matrix-long.csv";
    static final String LONG_HEADER = "profile,jvm,flags,transport,host,runFolder,run,latency,percentile,valueNs,"
            + "placementRoundTripNs";
    static final String PAIRS_CSV = "pairs.csv";
    static final String PAIRS_HEADER = "a,b,latency,percentile,runsA,runsB,medianRatio,bootstrapLow,bootstrapHigh,"
            + "geometricMeanRatio,welchLow,welchHigh,welchP,separable";
    /** matrix.csv's first columns: these fields of the group's matrix.json row. */
    private static final List<String> CSV_FACTS = Arrays.asList("profile", "transport", "host", "jdkBuild", "vendor",
            EnvironmentInfo.GRAAL_IN_USE, "runsOk", "runsFailed");

    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public void write(final ResultsSet set, final RunsVerdict verdict) throws IOException {
        final ObjectNode root = json.createObjectNode();
        root.put("set", set.name());
        root.put("unit", "ns");
        root.put("aggregation", "median over runs of each run's percentile; min and max over runs; "
                + "variationPercent = (max - min) / median * 100");
        final ArrayNode rows = root.putArray("rows");
        final StringBuilder csv = new StringBuilder(csvHeader()).append('\n');
        for (final JvmGroup group : set.groups) {
            final ObjectNode row = row(set, group);
            rows.add(row);
            csv.append(csvRow(group, row)).append('\n');
        }
        if (!set.ignored.isEmpty()) {
            // run folders no recorded run names: no unit, listed so that their absence from the rows is explained
            final ArrayNode ignored = root.putArray("ignored");
            for (final Failure failure : set.ignored) {
                ignored.addObject().put("folder", failure.what).put("reason", failure.reason);
            }
        }
        Report.write(set.folder.resolve(JSON), json.writeValueAsString(root) + "\n");
        Report.write(set.folder.resolve(CSV), csv.toString());
        Report.write(set.folder.resolve(LONG_CSV), longCsv(set));
        Report.write(set.folder.resolve(PAIRS_CSV), pairsCsv(verdict));
    }

    private static String pairsCsv(final RunsVerdict verdict) {
        final StringBuilder csv = new StringBuilder(PAIRS_HEADER).append('\n');
        for (final RunsPair pair : verdict.pairs()) {
            final double[] welch = pair.welch();
            csv.append(String.join(",", cell(pair.a), cell(pair.b), pair.latency.fileStem(), pair.percentile.key(),
                    String.valueOf(pair.runsA), String.valueOf(pair.runsB), fixed(pair.ratio), fixed(pair.low),
                    fixed(pair.high), fixed(welch[0]), fixed(welch[1]), fixed(welch[2]),
                    Double.isNaN(pair.pValue) ? "" : String.format(Locale.ROOT, "%.4g", pair.pValue),
                    String.valueOf(pair.separable))).append('\n');
        }
        return csv.toString();
    }

    private ObjectNode row(final ResultsSet set, final JvmGroup group) {
        final ObjectNode row = json.createObjectNode();
        row.put("profile", group.profile);
        row.put("transport", group.transport);
        row.put("host", group.host);
        row.put("jdkBuild", RunFolder.environment(group.folders, EnvironmentInfo.JAVA_RUNTIME_VERSION));
        row.put("vmVersion", RunFolder.environment(group.folders, EnvironmentInfo.JAVA_VM_VERSION));
        row.put("vendor", RunFolder.environment(group.folders, EnvironmentInfo.JAVA_VENDOR));
        row.put("vmName", RunFolder.environment(group.folders, EnvironmentInfo.JAVA_VM_NAME));
        row.put(EnvironmentInfo.GRAAL_IN_USE, RunFolder.jit(group.folders, EnvironmentInfo.GRAAL_IN_USE));
        row.put("runsOk", group.measuredRuns().size());
        row.put("runsFailed", group.failedRuns);
        final ArrayNode sources = row.putArray("sources");
        for (final RunFolder folder : group.passedFolders()) {
            final String summary = set.folder.relativize(folder.folder.resolve(RunFolder.SUMMARY)).toString();
            folder.measuredRuns.forEach(run -> sources.addObject().put("summary", summary).put("run", run.run));
        }
        final ArrayNode failures = row.putArray("failures");
        for (final Failure failure : group.failures) {
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
                cell.put("variationPercent", Double.isNaN(variation) ? null : variation);
                Arrays.stream(spread.values()).forEach(cell.putArray("values")::add);
            }
        }
        return row;
    }

    private static String csvHeader() {
        final StringBuilder header = new StringBuilder(String.join(",", CSV_FACTS));
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : Percentile.values()) {
                final String column = latency.key() + "_" + percentile.key();
                header.append(',').append(column).append("_median,").append(column).append("_min,")
                        .append(column).append("_max,").append(column).append("_variationPercent");
            }
        }
        return header.toString();
    }

    private static String csvRow(final JvmGroup group, final ObjectNode json) {
        final StringBuilder row = new StringBuilder(CSV_FACTS.stream().map(fact -> cell(json.get(fact).asText()))
                .collect(Collectors.joining(",")));
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

    private static String longCsv(final ResultsSet set) {
        final StringBuilder csv = new StringBuilder(LONG_HEADER).append('\n');
        for (final JvmGroup group : set.groups) {
            for (final RunFolder folder : group.passedFolders()) {
                final String columns = String.join(",", cell(group.profile), cell(FlagSets.jvm(group.profile)),
                        FlagSets.tuned(group.profile) ? "tuned" : "default", cell(group.transport), cell(group.host),
                        cell(set.folder.relativize(folder.folder).toString())) + ",";
                final double trip = VerdictSection.roundTrip(folder.results, PlacementProbe.BEFORE_KEY);
                for (final RunResults.RunFigures run : folder.measuredRuns) {
                    for (final Latency latency : Latency.ALL) {
                        for (final Percentile percentile : Percentile.values()) {
                            final double value = RunFolder.value(run, latency, percentile);
                            if (!Double.isNaN(value)) {
                                csv.append(columns).append(run.run).append(',').append(latency.fileStem()).append(',')
                                        .append(percentile.key()).append(',').append(number(value, 1)).append(',')
                                        .append(number(trip, 1)).append('\n');
                            }
                        }
                    }
                }
            }
        }
        return csv.toString();
    }

    /** A whole value plain, else with {@code decimals}; NaN as an empty cell. */
    private static String number(final double value, final int decimals) {
        if (Double.isNaN(value)) {
            return "";
        }
        return value == Math.rint(value) ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** Four decimals; NaN as an empty cell. */
    private static String fixed(final double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.4f", value);
    }

    private static String cell(final String text) {
        return text.contains(",") || text.contains("\"") ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }

    private static double round2(final double value) {
        return Double.isNaN(value) ? value : Math.round(value * 100) / 100.0;
    }
}
