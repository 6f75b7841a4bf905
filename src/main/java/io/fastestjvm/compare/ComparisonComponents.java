package io.fastestjvm.compare;

import static io.fastestjvm.compare.ComparisonReport.fmt;
import static io.fastestjvm.compare.ComparisonReport.row;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.apache.commons.math3.stat.StatUtils;

import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.PairedBlocks;
import io.fastestjvm.verdict.StartOrderEffect;
import io.fastestjvm.verdict.VarianceComponents;
import io.fastestjvm.verdict.BlocksPair;

/**
 * {@code --components BASE_FOLDER... -- FOLDER...}: a Markdown table of where finished comparisons' variance lives,
 * to compare designs: per set its first pair's p50 block and cycle sd, and each FOLDER's share of the base sets'
 * pooled block variance its design removed.
 */
final class ComparisonComponents {
    static final String COMMAND = "--components";
    static final String USAGE = "error: " + COMMAND + ": expected BASE_FOLDER [BASE_FOLDER ...] -- FOLDER [FOLDER"
            + " ...], each a finished comparison's folder (plan.json, slices.csv, blocks.csv)";

    /** One set's row: the first pair's p50 and the block costs. */
    static final class Row {
        final String name;
        final String pair;
        final int blocks;
        /** The block variance and its degrees of freedom (0: none, below 2 blocks). */
        final double variance;
        final int df;
        final double withinSd;
        final double[] sliceSeconds;
        final double[] blockSeconds;

        Row(final String name, final String pair, final int blocks, final double variance, final int df,
            final double withinSd, final double[] sliceSeconds, final double[] blockSeconds) {
            this.name = name;
            this.pair = pair;
            this.blocks = blocks;
            this.variance = variance;
            this.df = df;
            this.withinSd = withinSd;
            this.sliceSeconds = sliceSeconds;
            this.blockSeconds = blockSeconds;
        }

        static Row of(final String name, final ComparisonAnalysis analysis) {
            final BlocksPair p50 = analysis.family(true).isEmpty() ? null : analysis.family(true).get(0);
            final List<double[]> costs = analysis.blockSeconds();
            final double[] slice = costs == null ? new double[0]
                    : costs.stream().mapToDouble(c -> c[1] / (c[2] * analysis.variants.size())).toArray();
            final double[] block = costs == null ? new double[0]
                    : costs.stream().mapToDouble(c -> c[0] + c[1]).toArray();
            if (p50 == null) {
                return new Row(name, "-", 0, Double.NaN, 0, Double.NaN, slice, block);
            }
            final PairedBlocks blocks = p50.blocks;
            final int df = Math.max(0, blocks.blocks() - 1);
            return new Row(name, p50.a + " / " + p50.b, blocks.blocks(), df == 0 ? Double.NaN
                    : blocks.blockSd() * blocks.blockSd(), df, blocks.withinSdRobust(), slice, block);
        }

        /** This set's row without the start order's effect ({@link StartOrderEffect}), or null where unknown. */
        static Row withoutStartOrder(final Row row, final ComparisonAnalysis analysis) {
            final List<BlocksPair> primary = analysis.family(true);
            final StartOrderEffect order = primary.isEmpty() ? null : analysis.startOrder(primary.get(0));
            return order == null ? null : new Row(row.name + ", start order taken out", row.pair, row.blocks,
                    order.residualSd() * order.residualSd(), order.residualDf(), row.withinSd, row.sliceSeconds,
                    row.blockSeconds);
        }

        /** The base sets as one: df-weighted block variance, blocks-weighted within variance, every block's costs. */
        static Row pooled(final List<Row> base) {
            final List<Row> usable = base.stream().filter(row -> row.df > 0).collect(Collectors.toList());
            final List<Row> withWithin = base.stream().filter(row -> !Double.isNaN(row.withinSd))
                    .collect(Collectors.toList());
            final int withinBlocks = withWithin.stream().mapToInt(row -> row.blocks).sum();
            final double within = withWithin.stream().mapToDouble(row -> row.blocks * row.withinSd * row.withinSd)
                    .reduce(0, Double::sum);
            final double variance = usable.isEmpty() ? Double.NaN : VarianceComponents.pooledVariance(
                    usable.stream().mapToDouble(r -> r.variance).toArray(),
                    usable.stream().mapToDouble(r -> r.df).toArray());
            return new Row("base, pooled (" + base.size() + (base.size() == 1 ? " set)" : " sets)"), "-",
                    base.stream().mapToInt(row -> row.blocks).sum(), variance,
                    usable.stream().mapToInt(r -> r.df).sum(),
                    withinBlocks == 0 ? Double.NaN : Math.sqrt(within / withinBlocks), concat(base, true),
                    concat(base, false));
        }

        private static double[] concat(final List<Row> rows, final boolean slices) {
            return rows.stream().flatMapToDouble(r -> Arrays.stream(slices ? r.sliceSeconds : r.blockSeconds))
                    .toArray();
        }
    }

    private ComparisonComponents() {
    }

    /** Prints the table; 2 with one line for arguments that are not base folders, "--" and folders. */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws IOException {
        final int separator = Arrays.asList(args).indexOf("--");
        if (separator < 1 || separator == args.length - 1) {
            err.println(USAGE);
            return 2;
        }
        for (final String arg : args) {
            final File folder = new File(arg);
            if (!"--".equals(arg)
                    && !(PairAnswer.isComparison(folder) && new File(folder, ComparisonFiles.SLICES).isFile())) {
                err.println(USAGE + "; " + arg + " is not one");
                return 2;
            }
        }
        final List<Row> base = new ArrayList<>();
        final List<Row> compared = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (i == separator) {
                continue;
            }
            final File folder = new File(args[i]);
            final ComparisonAnalysis analysis = Comparison.analyse(folder, Comparison.planOptions(folder));
            final Row row = Row.of(folder.getName(), analysis);
            (i < separator ? base : compared).add(row);
            final Row withoutOrder = i < separator ? null : Row.withoutStartOrder(row, analysis);
            if (withoutOrder != null) {
                compared.add(withoutOrder);
            }
        }
        out.print(markdown(base, compared));
        return 0;
    }

    static String markdown(final List<Row> base, final List<Row> compared) {
        final Row pooled = Row.pooled(base);
        final StringBuilder md = new StringBuilder("| set | pair | blocks | sd of block values (95 %) | cycle sd"
                + " within a block | s per slice | s per block | phi (95 %) |\n"
                + "|---|---|---:|---|---:|---:|---:|---|\n");
        for (final Row row : base) {
            line(md, "base: " + row.name, row, null);
        }
        line(md, pooled.name, pooled, null);
        for (final Row row : compared) {
            line(md, row.name, row, pooled);
        }
        return md.append("\nThe first pair's actual-send p50 log ratio; sd in % of it. phi = 1 - variance / pooled"
                + " base variance (base: df-weighted mean of the base sets'), 95 % interval from F(df, base df);"
                + " sd interval from chi-square(df).\n").toString();
    }

    private static void line(final StringBuilder md, final String name, final Row row, final Row base) {
        String sd = "-";
        if (row.df > 0 && !Double.isNaN(row.variance)) {
            final Interval interval = VarianceComponents.sdInterval(Math.sqrt(row.variance), row.df, 0.95);
            sd = fmt("%.2f %% (%.2f - %.2f %%)", 100 * interval.estimate(), 100 * interval.lower(),
                    100 * interval.upper());
        }
        String phi = "-";
        if (base != null && row.df > 0 && base.df > 0 && base.variance > 0) {
            final Interval reduction = VarianceComponents.varianceReduction(row.variance, row.df, base.variance,
                    base.df, 0.95);
            phi = fmt("%.2f (%.2f - %.2f)", reduction.estimate(), reduction.lower(), reduction.upper());
        }
        row(md, name, row.pair, row.blocks, sd, Double.isNaN(row.withinSd) ? "-" : fmt("%.2f %%", 100 * row.withinSd),
                median(row.sliceSeconds, "%.2f"), median(row.blockSeconds, "%.0f"), phi);
    }

    private static String median(final double[] values, final String format) {
        return values.length == 0 ? "-" : fmt(format, StatUtils.percentile(values, 50));
    }
}
