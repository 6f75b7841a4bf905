package io.fastestjvm.verdict;

import java.util.List;
import java.util.Locale;

/**
 * One figure of one pair in the interleaved design: A / B as block values of ln(A / B), with its interval and test
 * (t over blocks, Stein's, or the median of blocks' sign test), separable or not within its family. The fresh
 * design's twin is {@link RunsPair}.
 */
public final class BlocksPair {
    /** Each pair's primary figure. */
    public static final String P50 = "actual-send p50";
    /** The p50's robust reading: the median block, which one fresh JVM drawn far off moves by one rank at most. */
    public static final String P50_MEDIAN_OF_BLOCKS = "actual-send p50, median of blocks";
    /** Under the median stop rule the median of blocks is primary, and the mean of blocks (t) its secondary twin. */
    public static final String P50_MEAN_OF_BLOCKS = "actual-send p50, mean of blocks";

    public final String a;
    public final String b;
    public final String figure;
    public final PairedBlocks blocks;
    /** The block number of each block value, in order. */
    public final List<Integer> blockNumbers;
    /** Stein's plan whose interval this figure carries; null: Student t over the blocks. */
    public final SteinTwoStage stein;
    /** Non-null: the figure is the median of the block values, its interval and test distribution-free. */
    public final MedianOfBlocks median;
    /** Set once every figure of its family has its p-value ({@link #decide}). */
    private boolean separable;

    public BlocksPair(final String a, final String b, final String figure, final PairedBlocks blocks,
                      final List<Integer> blockNumbers, final SteinTwoStage stein) {
        this(a, b, figure, blocks, blockNumbers, stein, false);
    }

    /** The median of {@code blocks}' values, with the sign test's interval and p-value. */
    public static BlocksPair medianOf(final String a, final String b, final String figure, final PairedBlocks blocks,
                                      final List<Integer> blockNumbers) {
        return new BlocksPair(a, b, figure, blocks, blockNumbers, null, true);
    }

    private BlocksPair(final String a, final String b, final String figure, final PairedBlocks blocks,
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

    /** Decides a family of figures at once ({@link Separation#separable}). */
    public static void decide(final List<BlocksPair> family) {
        final boolean[] separable = Separation.separable(family, BlocksPair::pValue, pair -> {
            final Interval interval = pair.ratioInterval();
            return interval != null && !interval.contains(1.0);
        });
        for (int i = 0; i < separable.length; i++) {
            family.get(i).separable = separable[i];
        }
    }

    public double ratio() {
        return Math.exp(median != null ? median.median() : blocks.mean());
    }

    public int minBlocks() {
        return median != null ? MedianOfBlocks.MIN_BLOCKS : PairedBlocks.MIN_BLOCKS;
    }

    /** The ratio's interval, or null below {@link #minBlocks} blocks. */
    public Interval ratioInterval() {
        if (blocks.blocks() < minBlocks()) {
            return null;
        }
        final Interval log = median != null ? median.interval()
                : stein == null ? blocks.interval(Separation.CONFIDENCE) : stein.interval(blocks.blockValues());
        return new Interval(Math.exp(log.estimate()), Math.exp(log.lower()), Math.exp(log.upper()),
                log.confidence());
    }

    public double pValue() {
        if (blocks.blocks() < minBlocks()) {
            return Double.NaN;
        }
        return median != null ? median.pValue()
                : stein == null ? blocks.pValue() : stein.pValue(blocks.blockValues());
    }

    /** Whether it is its pair's primary figure, the actual-send p50; the others form a family of their own. */
    public boolean primary() {
        return P50.equals(figure);
    }

    /** The Benjamini-Hochberg family it is corrected in, as the report and the console name it. */
    public String family() {
        return primary() ? "primary" : "secondary";
    }

    /** Which interval the figure carries, as the report and the console name it. */
    public String method() {
        if (median != null) {
            return "sign test over blocks";
        }
        return stein == null ? "t over blocks" : String.format(Locale.ROOT, "Stein, pilot %d blocks, s0 = %.1f %%",
                stein.pilotBlocks(), 100 * stein.pilotSd());
    }

    public boolean separable() {
        return separable;
    }

    public String verdict() {
        if (ratioInterval() == null) {
            return "too few blocks (" + blocks.blocks() + " < " + minBlocks() + ")";
        }
        if (!separable()) {
            return "cannot tell apart";
        }
        return ratio() > 1 ? a + " slower" : a + " faster";
    }
}
