package io.fastestjvm.verdict;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * One JVM against another on one figure, the run as the unit: the ratio of medians, its seeded bootstrap interval,
 * and Welch's t-test on log run values (docs/verdict.md says why not a rank test).
 */
public final class RunsRatioTest {
    public static final int RESAMPLES = 10_000;
    /** The fewest runs per side the test is made with (Welch needs a variance on each side). */
    public static final int MIN_RUNS = 2;

    private RunsRatioTest() {
    }

    /** The p-value of "the two sides have the same mean log value"; NaN with fewer than {@link #MIN_RUNS}. */
    public static double pValue(final double[] a, final double[] b) {
        if (a.length < MIN_RUNS || b.length < MIN_RUNS) {
            return Double.NaN;
        }
        final double[] logA = logs(a);
        final double[] logB = logs(b);
        if (sumOfSquares(logA) == 0 && sumOfSquares(logB) == 0) {
            // Welch's statistic is undefined; identical constants are the same, different constants apart.
            return logA[0] == logB[0] ? 1 : 0;
        }
        return new TTest().tTest(logA, logB);
    }

    /** Welch's {ratio, low, high} of geometric means: from 3 runs a side a bootstrap comes out far too narrow. */
    public static double[] welchInterval(final double[] a, final double[] b) {
        if (a.length < MIN_RUNS || b.length < MIN_RUNS) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        final double[] logA = logs(a);
        final double[] logB = logs(b);
        final double difference = mean(logA) - mean(logB);
        final double va = sumOfSquares(logA) / (a.length - 1) / a.length;
        final double vb = sumOfSquares(logB) / (b.length - 1) / b.length;
        if (va + vb == 0) {
            return new double[] {Math.exp(difference), Math.exp(difference), Math.exp(difference)};
        }
        final double df = (va + vb) * (va + vb)
                / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        final double half = new TDistribution(df)
                .inverseCumulativeProbability(1 - (1 - Separation.CONFIDENCE) / 2)
                * Math.sqrt(va + vb);
        return new double[] {Math.exp(difference), Math.exp(difference - half), Math.exp(difference + half)};
    }

    public static double ratio(final double[] a, final double[] b) {
        return StatUtils.percentile(a, 50) / StatUtils.percentile(b, 50);
    }

    /** The {@link Separation#CONFIDENCE} percentile-bootstrap interval of {@link #ratio}: {low, high}. */
    public static double[] interval(final double[] a, final double[] b, final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] ratios = new double[RESAMPLES];
        final double[] sampleA = new double[a.length];
        final double[] sampleB = new double[b.length];
        for (int i = 0; i < RESAMPLES; i++) {
            resample(a, sampleA, random);
            resample(b, sampleB, random);
            ratios[i] = StatUtils.percentile(sampleA, 50) / StatUtils.percentile(sampleB, 50);
        }
        Arrays.sort(ratios);
        final double tail = (1 - Separation.CONFIDENCE) / 2;
        return new double[] {ratios[(int) Math.floor(tail * (RESAMPLES - 1))],
            ratios[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))]};
    }

    private static void resample(final double[] from, final double[] into, final SplittableRandom random) {
        Arrays.setAll(into, i -> from[random.nextInt(from.length)]);
    }

    private static double[] logs(final double[] values) {
        return Arrays.stream(values).map(Math::log).toArray();
    }

    /** The sum of squared deviations from the mean. */
    private static double sumOfSquares(final double[] values) {
        final double mean = mean(values);
        return Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
    }

    private static double mean(final double[] values) {
        return Arrays.stream(values).average().orElse(0);
    }
}
