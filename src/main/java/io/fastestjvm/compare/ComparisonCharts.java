package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.fastestjvm.charts.ChartFiles;
import io.fastestjvm.charts.PairedSlicesChart;
import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.BlocksPair;

/**
 * {@code charts/<A>-vs-<B>.png} beside {@code report.md} for each pair with a p50 figure: its slices' p50s and
 * ratios over the counted cycles ({@link PairedSlicesChart}), drawn as the analysis counts them.
 */
final class ComparisonCharts {
    static final String FOLDER = "charts";

    private ComparisonCharts() {
    }

    /** The chart file names, relative to the comparison folder, that {@link #write} writes for this analysis. */
    static List<String> names(final ComparisonAnalysis analysis) {
        return analysis.family(true).stream().map(figure -> FOLDER + "/" + fileName(figure.a, figure.b) + ".png")
                .collect(Collectors.toList());
    }

    /** {@code <A>-vs-<B>}, each name as {@link VariantLaunch#fileName} writes it. */
    static String fileName(final String a, final String b) {
        return VariantLaunch.fileName(a) + "-vs-" + VariantLaunch.fileName(b);
    }

    /** Writes every pair's chart; one that cannot be drawn is said on stderr, left out. */
    static void write(final File folder, final ComparisonAnalysis analysis) {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        for (final BlocksPair figure : analysis.family(true)) {
            final String name = fileName(figure.a, figure.b);
            try {
                ChartFiles.save(chart(analysis, figure).render(), new File(folder, FOLDER).toPath(), name);
            } catch (final IOException | RuntimeException e) {
                System.err.println("[qp] warning: chart " + name + ".png not written: " + e);
            }
        }
    }

    /** The report's "## Charts" section linking these names, or nothing when there are none. */
    static String markdown(final List<String> names) {
        if (names.isEmpty()) {
            return "";
        }
        final StringBuilder md = new StringBuilder("\n## Charts\n\nPer pair: each variant's per-slice actual-send"
                + " p50 by cycle (top), and the per-cycle ratio with the block values and the overall ratio"
                + " (bottom).\n\n");
        for (final String name : names) {
            md.append("- [").append(name.substring(FOLDER.length() + 1, name.length() - ".png".length()))
                    .append("](").append(name).append(")\n");
        }
        return md.toString();
    }

    /** The profile a variant runs, whose colour it takes: its name before any '#' (jdk17#2 is a copy of jdk17). */
    static String profile(final String variant) {
        final int hash = variant.indexOf('#');
        return hash > 0 ? variant.substring(0, hash) : variant;
    }

    static PairedSlicesChart chart(final ComparisonAnalysis analysis, final BlocksPair figure) {
        final String a = figure.a;
        final String b = figure.b;
        final Map<Integer, Integer> cycleCount = new TreeMap<>();
        analysis.blockRows.stream().filter(row -> row.ok() && analysis.countedBlocks.contains(row.block))
                .forEach(row -> cycleCount.merge(row.block, row.cycles, Math::max));
        analysis.slices.stream().filter(row -> analysis.countedBlocks.contains(row.block))
                .forEach(row -> cycleCount.merge(row.block, row.cycle + 1, Math::max));
        final String failed = analysis.failedBlocks.isEmpty() ? "" : (analysis.failedBlocks.size() == 1 ? "; block "
                : "; blocks ") + analysis.failedBlocks.keySet().toString().replaceAll("[\\[\\]]", "")
                + " failed, not shown";
        final PairedSlicesChart chart = new PairedSlicesChart(a + " vs " + b + ": per-slice p50, paired by cycle ("
                + analysis.countedBlocks.size() + (analysis.countedBlocks.size() == 1 ? " block" : " blocks") + failed
                + ")", a, b, profile(a), profile(b));
        final double[] blockValues = figure.blocks.blockValues(); // one per figure.blockNumbers, in its order
        int offset = 0;
        for (final int block : analysis.countedBlocks) {
            final int count = Math.max(1, cycleCount.getOrDefault(block, 0));
            for (final Map.Entry<Integer, Map<String, SliceRow>> cycle : analysis.countedCycles.getOrDefault(block,
                    Collections.<Integer, Map<String, SliceRow>>emptyMap()).entrySet()) {
                final SliceRow ra = cycle.getValue().get(a);
                final SliceRow rb = cycle.getValue().get(b);
                if (ra != null && rb != null) {
                    chart.cycle(block, offset + cycle.getKey() + 1, ra.actualP50(), rb.actualP50());
                }
            }
            final int index = figure.blockNumbers.indexOf(block);
            chart.block(block, offset + 1, offset + count, index >= 0 ? Math.exp(blockValues[index]) : Double.NaN);
            offset += count;
        }
        final Interval interval = figure.ratioInterval();
        chart.overall(figure.ratio(), interval == null ? Double.NaN : interval.lower(),
                interval == null ? Double.NaN : interval.upper());
        return chart;
    }
}
