package io.fastestjvm.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.apache.commons.math3.stat.StatUtils;

/**
 * Level shifts in the per-second actual-send p50: {@link #pelt} proposes segments on the log of the p50 (a rise and
 * a fall of one ratio weigh the same); a segment shorter than {@value #MIN_SECONDS} s then merges into its closer
 * neighbour, and neighbours within {@value #MIN_CHANGE_PERCENT}% merge. Each boundary left is a shift.
 * <p>
 * The change points are PELT's (Killick, Fearnhead and Eckley 2012, JASA 107:1590-1598), with the Gaussian
 * change-in-mean cost, sigma estimated robustly (so one outlier second does not inflate it) and penalty 3 ln n, the
 * MBIC of Zhang and Siegmund (2007) and R's {@code changepoint} default: more conservative than BIC, which suits
 * per-second percentiles with heavier tails than a Gaussian's.
 */
public final class LevelShifts {
    public static final int MIN_SECONDS = 5;
    public static final int MIN_CHANGE_PERCENT = 25;
    public static final String RULE = "a change of more than " + MIN_CHANGE_PERCENT + "% between segment medians,"
            + " each segment lasting " + MIN_SECONDS + " s or more";
    /** Below this sigma (in the series' units) a perfectly flat stretch would make any step infinitely costly. */
    static final double MIN_SIGMA = 0.01;
    public static final String METHOD = "PELT (Killick, Fearnhead & Eckley 2012), Gaussian change-in-mean cost,"
            + " sigma from the median absolute first difference, penalty 3 ln n (MBIC)";

    private LevelShifts() {
    }

    /**
     * The level changes from {@code fromNanos} to {@code toNanos} at index {@code at}; the segments span
     * [{@code beforeStart}, {@code at}) and [{@code at}, {@code afterEnd}), to compare other series over them.
     */
    public static final class Shift {
        public final int beforeStart;
        public final int at;
        public final int afterEnd;
        public final long fromNanos;
        public final long toNanos;

        Shift(final int[] before, final int[] after, final long fromNanos, final long toNanos) {
            this.beforeStart = before[0];
            this.at = after[0];
            this.afterEnd = after[1];
            this.fromNanos = fromNanos;
            this.toNanos = toNanos;
        }

        public long medianBefore(final long[] series) {
            return median(series, new int[] {beforeStart, at});
        }

        public long medianAfter(final long[] series) {
            return median(series, new int[] {at, afterEnd});
        }

        public double changePercent() {
            return 100.0 * (toNanos - fromNanos) / fromNanos;
        }
    }

    /** The shifts in a series of per-second p50 values (all positive), in order. */
    public static List<Shift> find(final long[] p50) {
        final List<int[]> segments = new ArrayList<>();
        int start = 0;
        for (final int change : pelt(Arrays.stream(p50).mapToDouble(Math::log).toArray())) {
            segments.add(new int[] {start, change});
            start = change;
        }
        if (p50.length > 0) {
            segments.add(new int[] {start, p50.length});
        }
        while (mergeShortest(segments, p50) || mergeSmallestChange(segments, p50)) {
            // each pass merges one pair; stops when every segment and every step satisfies the rule
        }
        return IntStream.range(1, segments.size()).mapToObj(i -> new Shift(segments.get(i - 1), segments.get(i),
                median(p50, segments.get(i - 1)), median(p50, segments.get(i)))).collect(Collectors.toList());
    }

    /** Merges the shortest segment under {@link #MIN_SECONDS} into its closer neighbour; false if none is short. */
    private static boolean mergeShortest(final List<int[]> segments, final long[] p50) {
        final int shortest = IntStream.range(0, segments.size()).boxed()
                .filter(i -> segments.get(i)[1] - segments.get(i)[0] < MIN_SECONDS)
                .min(Comparator.comparingInt(i -> segments.get(i)[1] - segments.get(i)[0])).orElse(-1);
        if (segments.size() < 2 || shortest < 0) {
            return false;
        }
        final long level = median(p50, segments.get(shortest));
        final int neighbour;
        if (shortest == 0) {
            neighbour = 1;
        } else if (shortest == segments.size() - 1) {
            neighbour = shortest - 1;
        } else {
            final double before = Math.abs(Math.log((double) median(p50, segments.get(shortest - 1)) / level));
            final double after = Math.abs(Math.log((double) median(p50, segments.get(shortest + 1)) / level));
            neighbour = before <= after ? shortest - 1 : shortest + 1;
        }
        merge(segments, Math.min(shortest, neighbour));
        return true;
    }

    /** Merges the neighbours whose medians differ least, if that is within the threshold. */
    private static boolean mergeSmallestChange(final List<int[]> segments, final long[] p50) {
        int smallest = -1;
        double smallestChange = Double.POSITIVE_INFINITY;
        for (int i = 1; i < segments.size(); i++) {
            final long from = median(p50, segments.get(i - 1));
            final double change = Math.abs(median(p50, segments.get(i)) - from) / (double) from;
            if (change < smallestChange) {
                smallestChange = change;
                smallest = i - 1;
            }
        }
        if (smallest < 0 || smallestChange * 100 > MIN_CHANGE_PERCENT) {
            return false;
        }
        merge(segments, smallest);
        return true;
    }

    private static void merge(final List<int[]> segments, final int first) {
        final int[] next = segments.remove(first + 1);
        segments.get(first)[1] = next[1];
    }

    /** The median of series[from, to), the lower middle value for an even count (a value that was measured). */
    static long median(final long[] series, final int[] segment) {
        final long[] values = Arrays.copyOfRange(series, segment[0], segment[1]);
        Arrays.sort(values);
        return values[(values.length - 1) / 2];
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
