package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.Separation;

/** One pair's p50 answer from a finished comparison, as its report prints it, for the answer table. */
public final class PairAnswer {
    public final File folder;
    public final String a;
    public final String b;
    /** a / b with its 95 % interval; lower and upper are NaN below the fewest blocks an interval needs. */
    public final Interval ratio;
    /** Which interval: "t over blocks", Stein's, or the sign test's (as the report names it). */
    public final String method;
    public final int blocks;
    public final boolean separable;
    /** Every counted block's start, warm-up, cycles and read-back, all variants, in minutes; NaN if not recorded. */
    public final double minutes;

    public PairAnswer(final File folder, final String a, final String b, final Interval ratio, final String method,
                      final int blocks, final boolean separable, final double minutes) {
        this.folder = folder;
        this.a = a;
        this.b = b;
        this.ratio = ratio;
        this.method = method;
        this.blocks = blocks;
        this.separable = separable;
        this.minutes = minutes;
    }

    /** The same answer read the other way round, b / a. */
    public PairAnswer inverted() {
        return new PairAnswer(folder, b, a, new Interval(1 / ratio.estimate(), 1 / ratio.upper(), 1 / ratio.lower(),
                ratio.confidence()), method, blocks, separable, minutes);
    }

    /** Whether {@code folder} holds a comparison's plan and blocks, what {@link #read} needs. */
    public static boolean isComparison(final File folder) {
        return new File(folder, Comparison.PLAN).isFile() && new File(folder, ComparisonFiles.BLOCKS).isFile();
    }

    public static File report(final File folder) {
        return new File(folder, Comparison.REPORT);
    }

    /** Every pair's answer in a finished comparison's folder (its plan.json, blocks.csv and slices.csv). */
    public static List<PairAnswer> read(final File folder) throws IOException {
        final ComparisonAnalysis analysis = Comparison.analyse(folder, Comparison.planOptions(folder));
        final List<double[]> seconds = analysis.blockSeconds();
        final double minutes = seconds == null ? Double.NaN
                : seconds.stream().mapToDouble(block -> block[0] + block[1]).sum() / 60;
        final List<PairAnswer> answers = new ArrayList<>();
        for (final BlocksPair figure : analysis.family(true)) {
            final Interval interval = figure.ratioInterval();
            answers.add(new PairAnswer(folder, figure.a, figure.b, interval != null ? interval
                    : new Interval(figure.ratio(), Double.NaN, Double.NaN, Separation.CONFIDENCE), figure.method(),
                    figure.blocks.blocks(), figure.separable(), minutes));
        }
        return answers;
    }
}
