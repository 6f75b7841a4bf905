package io.fastestjvm.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The median of block values: its order-statistic interval and sign test, exactly, and its coverage and width on
 * block values drawn as the default comparison's are (most fresh pairs alike, one JVM in a few 1.4x off).
 */
class MedianOfBlocksTest {
    /** ln(1.4): how far a JVM in the slow state sat from its partner (docs/findings/memory-draw.md). */
    private static final double MODE = Math.log(1.4);

    @Test
    void theIntervalIsTheSortedValuesAtTheBinomialRanks() {
        final double[] values = new double[17];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 7 % 17) - 8; // 17 distinct values, -8 to 8, shuffled
        }
        final MedianOfBlocks median = new MedianOfBlocks(values);
        assertEquals(0, median.median());
        final Interval interval = median.interval();
        assertEquals(-4, interval.lower(), "rank 5 of 17");
        assertEquals(4, interval.upper(), "rank 13 of 17");
        assertEquals(1 - 2 * (1 + 17 + 136 + 680 + 2380) / 131072.0, interval.confidence(), 1e-12,
                "P(5 <= B < 13), B ~ binomial(17, 1/2)");
    }

    @Test
    void sixBlocksAreTheFewestAndTheirIntervalIsTheWholeRange() {
        assertNull(new MedianOfBlocks(new double[] {1, 2, 3, 4, 5}).interval(), "5 blocks cover at 93.75 %");
        final Interval six = new MedianOfBlocks(new double[] {0.3, -0.1, 0.2, 0.05, 0.4, -0.2}).interval();
        assertEquals(-0.2, six.lower());
        assertEquals(0.4, six.upper());
        assertEquals(62.0 / 64, six.confidence(), 1e-12);
        assertEquals(2.5, new MedianOfBlocks(new double[] {4, 1, 3, 2}).median(), 1e-12, "even: the middle two");
    }

    @Test
    void theSignTestIsExact() {
        assertEquals(2.0 / 64, new MedianOfBlocks(new double[] {1, 2, 3, 4, 5, 6}).pValue(), 1e-12, "6 of 6 above");
        assertEquals(2 * 7.0 / 64, new MedianOfBlocks(new double[] {-1, 2, 3, 4, 5, 6}).pValue(), 1e-12);
        assertEquals(1.0, new MedianOfBlocks(new double[] {-1, 1, -2, 2}).pValue(), "balanced");
        assertEquals(2.0 / 8, new MedianOfBlocks(new double[] {0, 0, 1, 2, 3}).pValue(), 1e-12, "zeros dropped");
    }

    /**
     * 4,000 comparisons at each size, block values as the default design drew them: 1.5 % sd between alike pairs,
     * and each JVM in the slow state 13 % of the time (a block off by 1.4x either way). The median's interval covers
     * the true median (0: both sides alike) at least 95 % of the time at every size, where the t interval's width is
     * the outliers'.
     */
    @Test
    void itCoversTheMedianAndStaysNarrowWhereOneJvmInAFewIsFarOff() {
        final SplittableRandom random = new SplittableRandom(33);
        for (final int blocks : new int[] {6, 9, 12, 17, 25}) {
            int covered = 0;
            int runs = 0;
            double medianWidth = 0;
            double tWidth = 0;
            for (int run = 0; run < 4_000; run++) {
                final double[] values = new double[blocks];
                for (int b = 0; b < blocks; b++) {
                    values[b] = 0.015 * gaussian(random) + (random.nextDouble() < 0.13 ? MODE : 0)
                            - (random.nextDouble() < 0.13 ? MODE : 0);
                }
                final Interval interval = new MedianOfBlocks(values).interval();
                covered += interval.contains(0) ? 1 : 0;
                runs++;
                medianWidth += interval.upper() - interval.lower();
                final List<double[]> oneValueABlock = new ArrayList<>();
                for (final double value : values) {
                    oneValueABlock.add(new double[] {value});
                }
                final Interval t = PairedBlocks.of(oneValueABlock).interval(0.95);
                tWidth += t.upper() - t.lower();
            }
            assertTrue(covered >= 0.95 * runs - 2 * Math.sqrt(runs * 0.05 * 0.95),
                    blocks + " blocks: covered " + covered + " of " + runs);
            if (blocks >= 17) { // below about 12 blocks the t interval is as narrow or narrower
                assertTrue(medianWidth < tWidth / 2, blocks + " blocks: median width " + medianWidth / runs
                        + ", t width " + tWidth / runs);
            }
        }
    }

    private static double gaussian(final SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
