package io.fastestjvm.timeline;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.math3.stat.StatUtils;

/**
 * Change points in the mean of a series by PELT (Killick, Fearnhead and Eckley 2012, JASA 107:1590-1598), with the
 * Gaussian change-in-mean cost, sigma estimated robustly (so one outlier second does not inflate it) and penalty
 * 3 ln n, the MBIC of Zhang and Siegmund (2007) and R's {@code changepoint} default: more conservative than BIC,
 * which suits per-second percentiles with heavier tails than a Gaussian's.
 */
public final class ChangePoints {
    /** Below this sigma (in the series' units) a perfectly flat stretch would make any step infinitely costly. */
    static final double MIN_SIGMA = 0.01;
    public static final String METHOD = "PELT (Killick, Fearnhead & Eckley 2012), Gaussian change-in-mean cost,"
            + " sigma from the median absolute first difference, penalty 3 ln n (MBIC)";

    private ChangePoints() {
    }

    /** The indices at which a new segment starts, ascending, excluding 0. */
    public static int[] pelt(final double[] series) {
        final int n = series.length;
        if (n < 2) {
            return new int[0];
        }
        final double sigma = Math.max(MIN_SIGMA, robustSigma(series));
        final double penalty = 3 * Math.log(n);
        final double[] sum = new double[n + 1];
        final double[] sumSquares = new double[n + 1];
        for (int i = 0; i < n; i++) {
            final double x = series[i] / sigma;
            sum[i + 1] = sum[i] + x;
            sumSquares[i + 1] = sumSquares[i] + x * x;
        }
        final double[] best = new double[n + 1];
        final int[] lastChange = new int[n + 1];
        best[0] = -penalty;
        List<Integer> candidates = new ArrayList<>();
        candidates.add(0);
        for (int t = 1; t <= n; t++) {
            double min = Double.POSITIVE_INFINITY;
            int argMin = 0;
            final double[] costs = new double[candidates.size()];
            for (int c = 0; c < costs.length; c++) {
                final int s = candidates.get(c);
                costs[c] = best[s] + cost(sum, sumSquares, s, t);
                if (costs[c] + penalty < min) {
                    min = costs[c] + penalty;
                    argMin = s;
                }
            }
            best[t] = min;
            lastChange[t] = argMin;
            final List<Integer> kept = new ArrayList<>();
            for (int c = 0; c < costs.length; c++) {
                if (costs[c] <= best[t]) {
                    kept.add(candidates.get(c));
                }
            }
            kept.add(t);
            candidates = kept;
        }
        final List<Integer> changes = new ArrayList<>();
        for (int t = lastChange[n]; t > 0; t = lastChange[t]) {
            changes.add(0, t);
        }
        return changes.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Sum of squared deviations from the mean of x[s..t), in sigma units. */
    private static double cost(final double[] sum, final double[] sumSquares, final int s, final int t) {
        final double total = sum[t] - sum[s];
        return Math.max(0, sumSquares[t] - sumSquares[s] - total * total / (t - s));
    }

    /** Noise level of a series with steps: the MAD of its first differences, which a few steps barely move. */
    static double robustSigma(final double[] series) {
        if (series.length < 2) {
            return 0;
        }
        final double[] differences = new double[series.length - 1];
        for (int i = 1; i < series.length; i++) {
            differences[i - 1] = series[i] - series[i - 1];
        }
        final double centre = StatUtils.percentile(differences, 50);
        for (int i = 0; i < differences.length; i++) {
            differences[i] = Math.abs(differences[i] - centre);
        }
        return 1.4826 * StatUtils.percentile(differences, 50) / Math.sqrt(2);
    }
}
