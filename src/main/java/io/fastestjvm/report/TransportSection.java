package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.fastestjvm.charts.ChartFiles;
import io.fastestjvm.charts.GroupedBarChart;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;

/**
 * When the same JVM on the same machine ran with both the Chronicle Queue transport and the "floor" transport (the
 * cheapest possible hand-off), the ratio chronicle / floor per percentile: what persistence through the queue costs
 * on top of the bare thread hand-off.
 */
final class TransportSection {
    static final String CHRONICLE = "chronicle";
    static final String FLOOR = "floor";

    String render(final Comparison comparison, final Path folder) throws IOException {
        final Map<String, List<Double>> ratios = new LinkedHashMap<>();
        final Map<String, String> profiles = new LinkedHashMap<>();
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup chronicle : comparison.groupsWithFigures()) {
            final JvmGroup floor = floorOf(comparison, chronicle);
            if (!CHRONICLE.equals(chronicle.transport()) || floor == null) {
                continue;
            }
            final String name = chronicle.profile() + " @ " + chronicle.host();
            final List<Double> perPercentile = new ArrayList<>();
            final List<String> row = new ArrayList<>();
            row.add(name);
            for (final Percentile p : Percentile.values()) {
                final double c = new GroupFigures(chronicle).spread(Latency.ACTUAL_SEND, p).median();
                final double f = new GroupFigures(floor).spread(Latency.ACTUAL_SEND, p).median();
                final double ratio = f > 0 ? c / f : Double.NaN;
                perPercentile.add(Double.isNaN(ratio) ? null : ratio);
                row.add(Double.isNaN(ratio) ? Markdown.DASH : String.format(Locale.ROOT, "%.2f", ratio));
            }
            ratios.put(name, perPercentile);
            profiles.put(name, chronicle.profile());
            rows.add(row);
        }
        if (rows.isEmpty()) {
            return "";
        }
        final List<String> labels = new ArrayList<>();
        for (final Percentile p : Percentile.values()) {
            labels.add(p.label());
        }
        final String stem = "ratio-chronicle-floor";
        ChartFiles.save(GroupedBarChart.of("chronicle / floor latency ratio per percentile, actual send - "
                + comparison.machine(), "percentile (median over runs of each transport)",
                "chronicle latency / floor latency", labels, profiles, ratios), folder.resolve(ReportCharts.FOLDER),
                stem);
        final StringBuilder out = new StringBuilder("## Chronicle Queue against the floor transport\n\n")
                .append("Ratio of the chronicle transport's latency to the floor transport's, same JVM and machine, ")
                .append("actual send, per percentile (each side the median over its runs): what persisting through ")
                .append("the queue costs over the bare hand-off.\n\n")
                .append("![chronicle / floor ratio](").append(ReportCharts.FOLDER).append('/').append(stem)
                .append(".png) ([SVG](").append(ReportCharts.FOLDER).append('/').append(stem).append(".svg))\n\n");
        final List<String> header = new ArrayList<>(Arrays.asList("JVM"));
        header.addAll(labels);
        Markdown.table(out, header, rows, true);
        return out.toString();
    }

    private static JvmGroup floorOf(final Comparison comparison, final JvmGroup chronicle) {
        for (final JvmGroup group : comparison.groupsWithFigures()) {
            if (FLOOR.equals(group.transport()) && group.profile().equals(chronicle.profile())
                    && group.host().equals(chronicle.host()) && group.setName().equals(chronicle.setName())) {
                return group;
            }
        }
        return null;
    }
}
