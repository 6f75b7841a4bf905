package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import io.fastestjvm.charts.ChartFiles;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.charts.RatioChart;
import io.fastestjvm.verdict.RunsRatioTest;
import io.fastestjvm.verdict.Separation;

/** Where one JVM ran both Chronicle Queue and the "floor" hand-off: what persistence costs, chronicle / floor. */
final class TransportSection {
    static final String CHRONICLE = "chronicle";
    static final String FLOOR = "floor";

    String render(final ReportedSets reported, final Path folder) throws IOException {
        final List<RatioChart.Series> series = new ArrayList<>();
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup chronicle : reported.groupsWithFigures()) {
            final JvmGroup floor = chronicle.sibling(reported.groupsWithFigures(), chronicle.profile, FLOOR);
            if (!CHRONICLE.equals(chronicle.transport) || floor == null) {
                continue;
            }
            final String name = chronicle.profile + " @ " + chronicle.host;
            final int n = Percentile.values().length;
            final double[] ratio = new double[n];
            final double[] low = new double[n];
            final double[] high = new double[n];
            final List<String> row = new ArrayList<>();
            row.add(name);
            for (final Percentile p : Percentile.values()) {
                final double c = chronicle.spread(Latency.ACTUAL_SEND, p).median();
                final double f = floor.spread(Latency.ACTUAL_SEND, p).median();
                final int i = p.ordinal();
                ratio[i] = f > 0 ? c / f : Double.NaN;
                final double[] interval = interval(chronicle, floor, p);
                low[i] = interval[0];
                high[i] = interval[1];
                row.add(Double.isNaN(ratio[i]) ? Markdown.DASH : VerdictSection.ratio(ratio[i], low[i], high[i]));
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
                .append("![chronicle / floor ratio](").append(ReportCharts.FOLDER).append('/').append(stem)
                .append(".png)\n\n");
        final List<String> header = new ArrayList<>(Arrays.asList("JVM"));
        header.addAll(labels);
        Markdown.table(out, header, rows, true);
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
}
