package io.fastestjvm.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.MedianOfBlocks;
import io.fastestjvm.verdict.PairedBlocks;
import io.fastestjvm.verdict.StartOrderEffect;
import io.fastestjvm.verdict.VarianceComponents;
import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.Separation;
import org.apache.commons.math3.stat.StatUtils;

/** {@code report.md} of a comparison, all from {@link ComparisonAnalysis}: verdicts first, then what backs them. */
public final class ComparisonReport {
    /** A block this far off the typical one holds a JVM in the slow state (most agree within 1-2 %). */
    static final double FAR = 1.15;
    /** The report's verdict table heading; results/README.md quotes the table under it. */
    public static final String VERDICT_HEADING = "## Pairwise verdict";
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
        md.append("\n\n| pair | cycle sd within a block | sd of block values | of which between blocks | cycles per block"
                + " | block values (ratio) | blocks for +/-5 % (95 % interval) | best cycles per block |\n"
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
        md.append(ComparisonCharts.markdown(ComparisonCharts.names(analysis))); // written beside report.md
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
            final List<Integer> aSlow = new ArrayList<>();
            final List<Integer> bSlow = new ArrayList<>();
            final double[] values = figure.blocks.blockValues();
            final double typical = new MedianOfBlocks(values).median(); // a real difference is not the slow state
            for (int i = 0; i < values.length; i++) {
                if (values[i] - typical >= Math.log(FAR)) {
                    aSlow.add(figure.blockNumbers.get(i));
                } else if (values[i] - typical <= -Math.log(FAR)) {
                    bSlow.add(figure.blockNumbers.get(i));
                }
            }
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
        final int[] range = blocks.blocksNeededRange(Math.log(1.05), Separation.CONFIDENCE);
        return blockCount(blocks.blocksNeeded(Math.log(1.05), Separation.CONFIDENCE)) + " (" + blockCount(range[0])
                + " - " + blockCount(range[1]) + ")";
    }

    private static String blockCount(final int needed) {
        return needed > PairedBlocks.MAX_BLOCKS_NEEDED ? "> " + PairedBlocks.MAX_BLOCKS_NEEDED : String.valueOf(needed);
    }

    private static String values(final double[] values, final String format) {
        return Arrays.stream(values).mapToObj(value -> fmt(format, value)).collect(Collectors.joining(", "));
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
