package io.fastestjvm.verdict;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;

/** One pair of the fresh design's verdict on one latency and percentile; the interleaved twin is {@link BlocksPair}. */
public final class RunsPair {
    public final String a;
    public final String b;
    public final Latency latency;
    public final Percentile percentile;
    public final int runsA;
    public final int runsB;
    /** Median of a's runs / median of b's, with its bootstrap interval low to high. */
    public final double ratio;
    public final double low;
    public final double high;
    /** Welch's p on log run values; NaN when a side has too few runs to test. */
    public final double pValue;
    private final double[] welch;
    /** Benjamini-Hochberg accepts the difference and the interval excludes 1. */
    public final boolean separable;

    RunsPair(final String a, final String b, final Latency latency, final Percentile percentile, final int runsA,
             final int runsB, final double ratio, final double[] interval, final double pValue,
             final double[] welch, final boolean separable) {
        this.a = a;
        this.b = b;
        this.latency = latency;
        this.percentile = percentile;
        this.runsA = runsA;
        this.runsB = runsB;
        this.ratio = ratio;
        this.low = interval[0];
        this.high = interval[1];
        this.pValue = pValue;
        this.welch = welch.clone();
        this.separable = separable;
    }

    RunsPair decided(final boolean isSeparable) {
        return new RunsPair(a, b, latency, percentile, runsA, runsB, ratio, new double[] {low, high}, pValue,
                welch, isSeparable);
    }

    /** The Welch interval of the test: geometric-mean ratio a / b, low, high (NaNs when a side has too few runs). */
    public double[] welch() {
        return welch.clone();
    }

    /** The ratio's interval lies wholly on one side of 1: the bootstrap agrees which JVM is lower. */
    boolean intervalExcludesOne() {
        return low > 1 || high < 1;
    }

    /** The label of the JVM with the lower latency (by the medians). */
    public String lower() {
        return ratio <= 1 ? a : b;
    }

    public String higher() {
        return ratio <= 1 ? b : a;
    }

    /** The ratio and interval oriented {@code numerator} / the other label: {ratio, low, high}. */
    public double[] over(final String numerator) {
        return numerator.equals(a) ? new double[] {ratio, low, high} : new double[] {1 / ratio, 1 / high, 1 / low};
    }
}
