package io.fastestjvm.verdict;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Paired comparison of two variants with the block (one set of fresh JVMs) as the unit: its cycles share their JVMs'
 * luck, so a t-test over cycles would be pseudo-replication; each block becomes one value and t uses B - 1 df
 * (Kalibera and Jones, "Rigorous Benchmarking in Reasonable Time", ISMM 2013).
 */
public final class PairedBlocks {
    /** With 2 blocks t has 1 df (12.71 at 95 %) and the sd is one difference: an interval too wide to use. */
    public static final int MIN_BLOCKS = 3;
    /** {@link #blocksNeeded} searches no further than this many blocks. */
    public static final int MAX_BLOCKS_NEEDED = 10_000;
    /** The median absolute deviation of normal data times this is its standard deviation. */
    private static final double MAD_TO_SD = 1.4826;

    private final List<double[]> cycles;
    private final double[] blockValues;

    private PairedBlocks(final List<double[]> cycleValuesPerBlock, final boolean median) {
        final List<double[]> copies = new ArrayList<>(cycleValuesPerBlock.size());
        this.blockValues = new double[cycleValuesPerBlock.size()];
        for (int i = 0; i < blockValues.length; i++) {
            final double[] block = cycleValuesPerBlock.get(i);
            if (block == null || block.length == 0) {
                throw new IllegalArgumentException("block " + i + " has no cycles");
            }
            copies.add(block.clone());
            blockValues[i] = median ? StatUtils.percentile(block, 50) : StatUtils.mean(block);
        }
        this.cycles = Collections.unmodifiableList(copies);
    }

    /** One array per block of its cycles' paired values (voided cycles removed); a block without any is refused. */
    public static PairedBlocks of(final List<double[]> cycleValuesPerBlock) {
        return new PairedBlocks(cycleValuesPerBlock, false);
    }

    /** As {@link #of} with each block's median: one slice the host stalled moves a block's mean, not its median. */
    public static PairedBlocks ofMedians(final List<double[]> cycleValuesPerBlock) {
        return new PairedBlocks(cycleValuesPerBlock, true);
    }

    public int blocks() {
        return blockValues.length;
    }

    /** Each block's value, the mean (or median) of its cycles (a copy). */
    public double[] blockValues() {
        return blockValues.clone();
    }

    /** The mean of the block values (each block weighs the same, however many cycles it kept); NaN if no blocks. */
    public double mean() {
        return blockValues.length == 0 ? Double.NaN : StatUtils.mean(blockValues);
    }

    /** The sd of a cycle within its block from its MAD, robust to the odd stalled slice; RMS over blocks. */
    public double withinSdRobust() {
        double sum = 0;
        int counted = 0;
        for (final double[] block : cycles) {
            if (block.length < 2) {
                continue;
            }
            final double median = StatUtils.percentile(block, 50);
            final double[] deviations = Arrays.stream(block).map(value -> Math.abs(value - median)).toArray();
            final double sd = MAD_TO_SD * StatUtils.percentile(deviations, 50);
            sum += sd * sd;
            counted++;
        }
        return counted == 0 ? Double.NaN : Math.sqrt(sum / counted);
    }

    /** The sample standard deviation (n - 1) of the block values; NaN below 2 blocks, where it is undefined. */
    public double blockSd() {
        return blockValues.length < 2 ? Double.NaN : Math.sqrt(StatUtils.variance(blockValues));
    }

    /** {@code mean -/+ t_{B-1} * blockSd / sqrt(B)}, or null below {@link #MIN_BLOCKS} blocks. */
    public Interval interval(final double confidence) {
        if (blocks() < MIN_BLOCKS) {
            return null;
        }
        return Interval.around(mean(), halfWidthFor(blocks(), blockSd(), confidence), confidence);
    }

    /** The t-test's two-sided p against 0; NaN below 2 blocks or when all are 0, 0 when all are equal and not 0. */
    public double pValue() {
        if (blocks() < 2) {
            return Double.NaN;
        }
        if (StatUtils.variance(blockValues) == 0) {
            return mean() == 0 ? Double.NaN : 0;
        }
        return new TTest().tTest(0.0, blockValues);
    }

    /** The mean number of cycles a block kept; NaN without blocks. */
    public double meanCyclesPerBlock() {
        return cycles.stream().mapToInt(block -> block.length).average().orElse(Double.NaN);
    }

    /**
     * The fewest blocks for an interval of {@code halfWidth} ({@code MAX_BLOCKS_NEEDED + 1}: more): {at this block
     * sd, at the lower end of its chi-square interval, at the upper end}.
     */
    public int[] blocksNeeded(final double halfWidth, final double confidence) {
        if (blocks() < 2) {
            throw new IllegalStateException("no block sd below 2 blocks: " + blocks());
        }
        final Interval sd = VarianceComponents.sdInterval(blockSd(), blocks() - 1, confidence);
        return new int[] {blocksNeeded(sd.estimate(), halfWidth, confidence),
            blocksNeeded(sd.lower(), halfWidth, confidence), blocksNeeded(sd.upper(), halfWidth, confidence)};
    }

    /** {@link #blocksNeeded(double, double)} for a given block sd. */
    public static int blocksNeeded(final double blockSd, final double halfWidth, final double confidence) {
        if (!(halfWidth > 0)) {
            throw new IllegalArgumentException("half-width must be positive: " + halfWidth);
        }
        if (!(blockSd >= 0)) {
            throw new IllegalArgumentException("block sd must be a non-negative number: " + blockSd);
        }
        // t_{B-1} / sqrt(B) falls strictly as B grows, so the smallest B that is narrow enough can be bisected
        if (halfWidthFor(MAX_BLOCKS_NEEDED, blockSd, confidence) > halfWidth) {
            return MAX_BLOCKS_NEEDED + 1;
        }
        int tooFew = 1;
        int enough = MAX_BLOCKS_NEEDED;
        while (enough - tooFew > 1) {
            final int middle = (tooFew + enough) >>> 1;
            if (halfWidthFor(middle, blockSd, confidence) <= halfWidth) {
                enough = middle;
            } else {
                tooFew = middle;
            }
        }
        return enough;
    }

    private static double halfWidthFor(final int blocks, final double blockSd, final double confidence) {
        return criticalT(blocks - 1, confidence) * blockSd / Math.sqrt(blocks);
    }

    /** The two-sided Student t critical value: the {@code (1 + confidence) / 2} quantile with {@code df} df. */
    static double criticalT(final int df, final double confidence) {
        return new TDistribution(null, df).inverseCumulativeProbability((1 + confidence) / 2); // null: no sampler
    }
}
