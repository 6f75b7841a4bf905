package io.fastestjvm.compare;

import java.util.List;
import java.util.Locale;

import io.fastestjvm.statistics.Interval;
import io.fastestjvm.statistics.MedianOfBlocks;
import io.fastestjvm.statistics.PairedBlocks;
import io.fastestjvm.statistics.SteinTwoStage;

/**
 * One figure of one pair: A / B at a percentile, as block values of ln(A / B) (the median of the block's per-cycle
 * log ratios for the paired median; the log ratio of the block's pooled percentiles for the tail), with its
 * interval over blocks and its test: Student t over the blocks, or, for the p50 of a comparison run under Stein's
 * stop rule, Stein's interval and statistic (the pilot's sd and df), or, for the robust reading of the p50, the median
 * of the block values with its order-statistic interval and the sign test ({@link MedianOfBlocks}). Whether it is
 * separable is decided within its family, the primary figures (each pair's actual-send p50) or the others
 * ({@link ComparisonAnalysis}: Benjamini-Hochberg, then the interval must exclude 1).
 */
final class PairFigure {
    static final double CONFIDENCE = 0.95;

    final String a;
    final String b;
    final String figure;
    final PairedBlocks blocks;
    /** The block number of each block value, in order. */
    final List<Integer> blockNumbers;
    /** Stein's plan whose interval this figure carries; null: Student t over the blocks. */
    final SteinTwoStage stein;
    /** Non-null: the figure is the median of the block values, its interval and test distribution-free. */
    final MedianOfBlocks median;
    /** Set by the analysis once every figure's p-value is known. */
    boolean discovery;

    PairFigure(final String a, final String b, final String figure, final PairedBlocks blocks,
               final List<Integer> blockNumbers, final SteinTwoStage stein) {
        this(a, b, figure, blocks, blockNumbers, stein, false);
    }

    /** The median of {@code blocks}' values, with the sign test's interval and p-value. */
    static PairFigure medianOf(final String a, final String b, final String figure, final PairedBlocks blocks,
                               final List<Integer> blockNumbers) {
        return new PairFigure(a, b, figure, blocks, blockNumbers, null, true);
    }

    private PairFigure(final String a, final String b, final String figure, final PairedBlocks blocks,
                       final List<Integer> blockNumbers, final SteinTwoStage stein, final boolean median) {
        if (blockNumbers.size() != blocks.blocks()) {
            throw new IllegalArgumentException(blockNumbers.size() + " block numbers for " + blocks.blocks()
                    + " block values");
        }
        this.a = a;
        this.b = b;
        this.figure = figure;
        this.blocks = blocks;
        this.blockNumbers = blockNumbers;
        this.stein = stein;
        this.median = median ? new MedianOfBlocks(blocks.blockValues()) : null;
    }

    double ratio() {
        return Math.exp(median != null ? median.median() : blocks.mean());
    }

    /** The fewest blocks its interval needs. */
    int minBlocks() {
        return median != null ? MedianOfBlocks.MIN_BLOCKS : PairedBlocks.MIN_BLOCKS;
    }

    /** The ratio's interval, or null below {@link #minBlocks} blocks. */
    Interval ratioInterval() {
        if (blocks.blocks() < minBlocks()) {
            return null;
        }
        final Interval log = median != null ? median.interval()
                : stein == null ? blocks.interval(CONFIDENCE) : stein.interval(blocks.blockValues());
        return new Interval(Math.exp(log.estimate()), Math.exp(log.lower()), Math.exp(log.upper()),
                log.confidence());
    }

    double pValue() {
        if (blocks.blocks() < minBlocks()) {
            return Double.NaN;
        }
        if (median != null) {
            return median.pValue();
        }
        return stein == null ? blocks.pValue() : stein.pValue(blocks.blockValues());
    }

    /** Whether it is its pair's primary figure, the actual-send p50; the others form a family of their own. */
    boolean primary() {
        return ComparisonAnalysis.P50.equals(figure);
    }

    /** The Benjamini-Hochberg family it is corrected in, as the report and the console name it. */
    String family() {
        return primary() ? "primary" : "secondary";
    }

    /** Which interval the figure carries, as the report and the console name it. */
    String method() {
        if (median != null) {
            return "sign test over blocks";
        }
        return stein == null ? "t over blocks" : String.format(Locale.ROOT, "Stein, pilot %d blocks, s0 = %.1f %%",
                stein.pilotBlocks(), 100 * stein.pilotSd());
    }

    boolean separable() {
        final Interval interval = ratioInterval();
        return discovery && interval != null && !interval.contains(1.0);
    }

    String verdict() {
        final Interval interval = ratioInterval();
        if (interval == null) {
            return "too few blocks (" + blocks.blocks() + " < " + minBlocks() + ")";
        }
        if (!separable()) {
            return "cannot tell apart";
        }
        return ratio() > 1 ? a + " slower" : a + " faster";
    }
}
