package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.fastestjvm.charts.ChartFiles;
import io.fastestjvm.charts.PairedSlicesChart;
import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.MedianOfBlocks;
import io.fastestjvm.verdict.PairedBlocks;
import io.fastestjvm.verdict.Separation;
import io.fastestjvm.verdict.StartOrderEffect;
import io.fastestjvm.verdict.VarianceComponents;
import org.apache.commons.math3.stat.StatUtils;

/**
 * {@code report.md} of a comparison, all from {@link ComparisonAnalysis}: verdicts first, then what backs them; its
 * charts ({@link #writeCharts}); and the lines a running comparison prints after each block ({@link #progress}).
 */
public final class ComparisonReport {
    /** A block this far off the typical one holds a JVM in the slow state (most agree within 1-2 %). */
    static final double FAR = 1.15;
    /** The report's verdict table heading; results/README.md quotes the table under it. */
    public static final String VERDICT_HEADING = "## Pairwise verdict";
    /** The folder of the charts beside report.md ({@link #writeCharts}). */
    static final String CHARTS = "charts";
    private static final int MOST_CYCLES_SHOWN = 1000;
    private ComparisonReport() {
    }

    static String markdown(final String title, final List<String> header, final ComparisonAnalysis analysis,
                           final int maxVoidPercent) {
        final StringBuilder md = new StringBuilder("# ").append(title).append("\n\n");
        for (final String line : header) {
            md.append(line).append("  \n");
        }
        md.append("\nBlocks counted: ").append(analysis.countedBlocks.size());
        if (!analysis.failedBlocks.isEmpty()) {
            md.append("; failed (never counted): ");
            analysis.failedBlocks.forEach((block, why) -> md.append("block ").append(block).append(" (")
                    .append(why).append(") "));
        }
        final boolean medianPrimary = analysis.medianStop != null;
        md.append(fmt(". The primary figure is each pair's actual-send p50%s. A figure is separable when"
                + " Benjamini-Hochberg at a %d %% false discovery rate accepts it within its family, the primary"
                + " figures (%d) or the secondary ones (%d: the p50's %s, intended-send p50, p99, p99.9), and its"
                + " 95 %% interval excludes 1 (t over blocks, blocks - 1 df, unless the table says otherwise); no"
                + " interval under %d blocks. The median of blocks is the p50 read robustly: the median block value,"
                + " its interval from order statistics and its p from the sign test, distribution-free (no interval"
                + " under %d blocks); a fresh JVM drawn far off the rest moves it by one rank at most, where it moves"
                + " the mean and widens the t interval by its whole distance.",
                medianPrimary ? ", read as the median of blocks (the median stop rule)" : "",
                Math.round(Separation.FALSE_DISCOVERY_RATE * 100), analysis.family(true).size(),
                analysis.family(false).size(), medianPrimary ? "mean of blocks" : "median of blocks",
                PairedBlocks.MIN_BLOCKS, MedianOfBlocks.MIN_BLOCKS));
        if (analysis.stop != null) {
            md.append(fmt(" The comparison ran under Stein's stop rule (pilot %d blocks, target +/-%d %%): once the"
                    + " pilot is complete, each pair's actual-send p50 carries Stein's interval and test (mean of"
                    + " all blocks -/+ t_{n0-1} x s0 / sqrt(n), s0 the pilot's sd), which keep their coverage where a"
                    + " t over all blocks would not.", analysis.stop.pilotBlocks, analysis.stop.targetPercent));
        }
        if (medianPrimary) {
            md.append(fmt(" The comparison ran under the median stop rule (at least %d blocks, target +/-%d %%):"
                    + " from then on it ran one more block at a time until every pair's median-of-blocks interval"
                    + " was within the target on both sides of the median, or the time cap came.",
                    analysis.medianStop.leastBlocks, analysis.medianStop.targetPercent));
        }
        md.append("\n\n");
        md.append(VERDICT_HEADING).append("\n\n| pair | figure | family | ratio | 95 % interval | interval from | p"
                + " | blocks | verdict |\n|---|---|---|---:|---|---|---:|---:|---|\n");
        for (final BlocksPair figure : analysis.figures) {
            final Interval interval = figure.ratioInterval();
            row(md, figure.a + " / " + figure.b, figure.figure, figure.family(), fmt("%.3f", figure.ratio()),
                    interval == null ? "-" : fmt("%.3f - %.3f", interval.lower(), interval.upper()),
                    interval == null ? "-" : figure.method(),
                    Double.isNaN(figure.pValue()) ? "-" : fmt("%.2g", figure.pValue()), figure.blocks.blocks(),
                    figure.separable() ? "**" + figure.verdict() + "**" : figure.verdict());
        }
        md.append("\n## Paired shift of the median (ns, A - B per cycle, median per block)\n\n"
                + "| pair | shift" + (medianPrimary ? " (median of blocks)" : "") + " | 95 % interval | blocks | block"
                + " values |\n|---|---:|---|---:|---|\n");
        for (final Map.Entry<String, PairedBlocks> shift : analysis.shifts.entrySet()) {
            final PairedBlocks blocks = shift.getValue();
            final MedianOfBlocks median = medianPrimary ? new MedianOfBlocks(blocks.blockValues()) : null;
            final Interval interval = median != null ? median.interval() : blocks.interval(Separation.CONFIDENCE);
            row(md, shift.getKey(), fmt("%.1f", median != null ? median.median() : blocks.mean()),
                    interval == null ? "-" : fmt("%.1f - %.1f", interval.lower(), interval.upper()), blocks.blocks(),
                    values(blocks.blockValues(), "%.1f"));
        }
        md.append("\n## Where the variance lives (actual-send p50, log ratio)\n\n"
                + "A block's value is the median of its cycles; its sd over blocks is what the interval uses. Within a"
                + " block, a cycle's sd is estimated robustly (1.4826 x MAD); the median of n cycles then varies by"
                + " about sqrt(pi/2) x that / sqrt(n), and what remains of the block values' variance is between"
                + " blocks: fresh JVMs that differ. The blocks a +/-5 % interval would need come from the block values'"
                + " sd; from a few blocks that sd is itself uncertain, so the 95 % interval of the count is the"
                + " count at either end of the sd's chi-square interval (blocks - 1 df).");
        final double[] cost = analysis.blockCostSeconds();
        if (cost != null) {
            md.append(fmt(" A block took %.0f s besides its cycles (starting, warming up and reading back its JVMs)"
                    + " and %.1f s a cycle (medians over blocks); at those costs the cycles per block that give the"
                    + " narrowest interval for the time are sqrt(fixed x within variance / (per cycle x between"
                    + " variance)) (Kalibera & Jones, ISMM 2013).", cost[0], cost[1]));
        }
        md.append("\n\n| pair | cycle sd within a block | sd of block values | of which between blocks"
                + " | cycles per block | block values (ratio) | blocks for +/-5 % (95 % interval)"
                + " | best cycles per block |\n"
                + "|---|---:|---:|---:|---:|---|---:|---:|\n");
        for (final BlocksPair figure : analysis.family(true)) {
            final PairedBlocks blocks = figure.blocks;
            final double within = blocks.withinSdRobust();
            final double cycles = blocks.meanCyclesPerBlock();
            final double blockSd = blocks.blockSd();
            final double between = Math.sqrt(Math.max(0, blockSd * blockSd - Math.PI / 2 * within * within / cycles));
            final double[] ratios = Arrays.stream(blocks.blockValues()).map(Math::exp).toArray();
            row(md, figure.a + " / " + figure.b, fmt("%.2f %%", 100 * within), fmt("%.2f %%", 100 * blockSd),
                    fmt("%.2f %%", 100 * between), fmt("%.0f", cycles), values(ratios, "%.3f"),
                    blocks.blocks() < 2 ? "-" : blocksNeeded(blocks),
                    bestCycles(cost, Math.PI / 2 * within * within, between * between));
        }
        startOrder(md, analysis);
        farBlocks(md, analysis);
        md.append("\n## Variants\n\n| variant | voided cycles (own slices) | warm-up slices per block | median idle-JVM"
                + " CPU per slice | median parent CPU per slice |\n|---|---:|---|---:|---:|\n");
        for (final String variant : analysis.variants) {
            final int[] voids = analysis.voidsPerVariant.get(variant);
            final String warmups = analysis.blockRows.stream().filter(row -> variant.equals(row.variant))
                    .map(row -> row.warmupSlices + (row.steady ? "" : " (not steady)"))
                    .collect(Collectors.joining(", "));
            final double[] idle = analysis.slices.stream().filter(row -> variant.equals(row.variant))
                    .mapToDouble(row -> row.around[SliceRow.IDLE_CPU]).toArray();
            final double[] parent = analysis.slices.stream().filter(row -> variant.equals(row.variant))
                    .mapToDouble(row -> row.around[SliceRow.PARENT_CPU]).toArray();
            final double percent = analysis.voidPercent(variant);
            row(md, variant, voids[0] + " of " + voids[1] + fmt(" (%.1f %%)", percent)
                    + (percent > maxVoidPercent ? " **FAILED**" : ""), warmups,
                    fmt("%.2f ms", StatUtils.percentile(idle, 50) / 1e6),
                    fmt("%.2f ms", StatUtils.percentile(parent, 50) / 1e6));
        }
        final int[] disturbed = analysis.disturbedCycles();
        md.append("\nCycles voided because processes outside the comparison used more than"
                + " qp.compare.maxOutsideCpuPercent of a CPU during a slice: ").append(disturbed[0]).append(" of ")
                .append(disturbed[1]).append(" (counted against no variant).\n");
        md.append(chartsMarkdown(chartNames(analysis))); // written beside report.md
        return md.toString();
    }

    /** Per pair, how much slower the JVM started second was ({@link StartOrderEffect}), where recorded. */
    private static void startOrder(final StringBuilder md, final ComparisonAnalysis analysis) {
        for (final BlocksPair figure : analysis.family(true)) {
            final StartOrderEffect order = analysis.startOrder(figure);
            if (order == null) {
                continue;
            }
            final Interval effect = order.effect(Separation.CONFIDENCE);
            md.append(fmt("\nStart order, %s / %s: the JVM started second was slower by %+.1f %% (95 %%: %+.1f to"
                    + " %+.1f %%) over %d blocks; without that, the block values would spread by %.2f %% (sd, %d df)"
                    + " against %.2f %%.\n", figure.a, figure.b, 100 * Math.expm1(effect.estimate()),
                    100 * Math.expm1(effect.lower()), 100 * Math.expm1(effect.upper()), order.blocks(),
                    100 * order.residualSd(), order.residualDf(), 100 * figure.blocks.blockSd()));
        }
    }

    /**
     * Per pair, the blocks {@link #FAR}x or more off its median block, where one fresh JVM drew the slow state
     * (docs/findings/memory-draw.md). Off the median, not off 1, so a real difference does not count.
     */
    private static void farBlocks(final StringBuilder md, final ComparisonAnalysis analysis) {
        for (final BlocksPair figure : analysis.family(true)) {
            final double[] values = figure.blocks.blockValues();
            final double typical = new MedianOfBlocks(values).median(); // a real difference is not the slow state
            final double far = Math.log(FAR);
            final List<Integer> aSlow = IntStream.range(0, values.length).filter(i -> values[i] - typical >= far)
                    .mapToObj(figure.blockNumbers::get).collect(Collectors.toList());
            final List<Integer> bSlow = IntStream.range(0, values.length).filter(i -> values[i] - typical <= -far)
                    .mapToObj(figure.blockNumbers::get).collect(Collectors.toList());
            final Interval aShare = Interval.binomialShare(aSlow.size(), values.length, Separation.CONFIDENCE);
            final Interval bShare = Interval.binomialShare(bSlow.size(), values.length, Separation.CONFIDENCE);
            md.append(fmt("\nFar blocks, %s / %s (%.2fx or more off the median block): %s slower in %d of %d"
                    + " blocks%s (95 %%: %.0f-%.0f %%), %s slower in %d%s (%.0f-%.0f %%).\n", figure.a, figure.b, FAR,
                    figure.a, aSlow.size(), values.length, aSlow.isEmpty() ? "" : " " + aSlow,
                    100 * aShare.lower(), 100 * aShare.upper(), figure.b, bSlow.size(),
                    bSlow.isEmpty() ? "" : " " + bSlow, 100 * bShare.lower(), 100 * bShare.upper()));
        }
    }

    /** Within variance as the median of cycles sees it (pi/2 x the robust sd squared). */
    private static String bestCycles(final double[] cost, final double withinVariance, final double betweenVariance) {
        if (cost == null || !(cost[1] > 0) || Double.isNaN(withinVariance) || Double.isNaN(betweenVariance)) {
            return "-";
        }
        final double best = VarianceComponents.bestCyclesPerBlock(withinVariance, betweenVariance, cost[0], cost[1]);
        return best > MOST_CYCLES_SHOWN ? "> " + MOST_CYCLES_SHOWN : fmt("%.0f", Math.max(1, best));
    }

    /** The blocks a +/-5 % interval needs at this block sd, and at the ends of the sd's 95 % interval. */
    static String blocksNeeded(final PairedBlocks blocks) {
        final int[] needed = blocks.blocksNeeded(Math.log(1.05), Separation.CONFIDENCE);
        return blockCount(needed[0]) + " (" + blockCount(needed[1]) + " - " + blockCount(needed[2]) + ")";
    }

    private static String blockCount(final int needed) {
        return needed > PairedBlocks.MAX_BLOCKS_NEEDED ? "> " + PairedBlocks.MAX_BLOCKS_NEEDED : String.valueOf(needed);
    }

    private static String values(final double[] values, final String format) {
        return Arrays.stream(values).mapToObj(value -> fmt(format, value)).collect(Collectors.joining(", "));
    }

    /**
     * What a running comparison says after {@code block}, aiming at {@code target}, one line per pair: its p50 so far
     * and the blocks left; {@code capSeconds} left before no block may start.
     */
    static List<String> progress(final ComparisonAnalysis analysis, final int block, final int target,
                              final double[] blockSeconds, final double capSeconds) {
        final List<String> lines = new ArrayList<>();
        final String rest = blocksLeft(analysis, block, target, blockSeconds, capSeconds);
        for (final String[] pair : analysis.pairs()) {
            final BlocksPair p50 = analysis.figure(pair[0], pair[1], BlocksPair.P50);
            lines.add("[qp] after block " + block + " of " + target + ": " + pair[0] + " / " + pair[1] + " "
                    + (p50 == null ? "no counted block yet" : sofar(p50)) + "; " + rest);
        }
        return lines;
    }

    private static String sofar(final BlocksPair p50) {
        final Interval interval = p50.ratioInterval();
        if (interval == null) {
            return fmt("p50 %.3f, interval from %d blocks", p50.ratio(), p50.minBlocks());
        }
        return fmt("p50 %.3f (%.3f-%.3f), ", p50.ratio(), interval.lower(), interval.upper())
                + (p50.separable() ? p50.verdict() + " so far" : p50.verdict() + " yet");
    }

    private static String blocksLeft(final ComparisonAnalysis analysis, final int block, final int target,
                               final double[] blockSeconds, final double capSeconds) {
        final int toGo = Math.max(0, target - block);
        final List<BlocksPair> p50s = analysis.family(true); // each carries Stein's plan once the pilot is over
        final boolean pilot = analysis.stop != null
                && (p50s.isEmpty() || p50s.stream().anyMatch(p50 -> p50.stein == null));
        if (toGo == 0) {
            return "done";
        }
        final double perBlock = StatUtils.percentile(blockSeconds, 50); // the median
        final double beforeCap = Math.ceil(Math.max(0, capSeconds) / perBlock); // blocks that can still start
        final int startable = (int) Math.min(toGo, beforeCap);
        if (startable == 0) {
            return "the time cap is reached: done";
        }
        if (analysis.medianStop != null && block >= analysis.medianStop.leastBlocks) {
            final int most = analysis.medianStop.mostBlocks - block;
            return "one more block (the median rule, +/-" + analysis.medianStop.targetPercent + " % not reached yet)"
                    + (beforeCap < most ? fmt(", at most %.0f more before the time cap", beforeCap)
                    : ", at most " + most + " more");
        }
        final String blocks = toGo + (toGo == 1 ? " block" : " blocks") + (pilot ? " of the pilot, then Stein's rule"
                : "") + (startable < toGo ? ", " + startable + " before the time cap" : "");
        final double minutes = startable * perBlock / 60;
        return blocks + (minutes < 1 ? ", under a minute" : fmt(", about %.0f min", minutes))
                + (pilot ? " to the pilot's end" : " to go");
    }

    /**
     * {@code charts/<A>-vs-<B>.png} beside {@code report.md}, the file names relative to the comparison folder, for
     * each pair with a p50 figure: its slices' p50s and ratios over the counted cycles ({@link PairedSlicesChart}),
     * drawn as the analysis counts them.
     */
    static List<String> chartNames(final ComparisonAnalysis analysis) {
        return analysis.family(true).stream().map(figure -> CHARTS + "/" + chartName(figure.a, figure.b) + ".png")
                .collect(Collectors.toList());
    }

    /** {@code <A>-vs-<B>}, each name as {@link VariantLaunch#fileName} writes it. */
    static String chartName(final String a, final String b) {
        return VariantLaunch.fileName(a) + "-vs-" + VariantLaunch.fileName(b);
    }

    /** Writes every pair's chart; one that cannot be drawn is said on stderr, left out. */
    static void writeCharts(final File folder, final ComparisonAnalysis analysis) {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        for (final BlocksPair figure : analysis.family(true)) {
            final String name = chartName(figure.a, figure.b);
            try {
                ChartFiles.save(chart(analysis, figure).render(), new File(folder, CHARTS).toPath(), name);
            } catch (final IOException | RuntimeException e) {
                System.err.println("[qp] warning: chart " + name + ".png not written: " + e);
            }
        }
    }

    /** The report's "## Charts" section linking these names, or nothing when there are none. */
    static String chartsMarkdown(final List<String> names) {
        if (names.isEmpty()) {
            return "";
        }
        final StringBuilder md = new StringBuilder("\n## Charts\n\nPer pair: each variant's per-slice actual-send"
                + " p50 by cycle (top), and the per-cycle ratio with the block values and the overall ratio"
                + " (bottom).\n\n");
        for (final String name : names) {
            md.append("- [").append(name.substring(CHARTS.length() + 1, name.length() - ".png".length()))
                    .append("](").append(name).append(")\n");
        }
        return md.toString();
    }

    /** The profile a variant runs, whose colour it takes: its name before any '#' (jdk17#2 is a copy of jdk17). */
    private static String profile(final String variant) {
        final int hash = variant.indexOf('#');
        return hash > 0 ? variant.substring(0, hash) : variant;
    }

    private static PairedSlicesChart chart(final ComparisonAnalysis analysis, final BlocksPair figure) {
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

    static void row(final StringBuilder md, final Object... cells) {
        md.append('|');
        for (final Object cell : cells) {
            md.append(' ').append(cell).append(" |");
        }
        md.append('\n');
    }

    static String fmt(final String format, final Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
