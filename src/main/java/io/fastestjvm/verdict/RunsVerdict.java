package io.fastestjvm.verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;

/**
 * Which JVMs can be told apart in the fresh design: every pair on each latency and percentile, the run as the unit,
 * all one family of {@link Separation}; groups are the JVMs no separable pair splits.
 */
public final class RunsVerdict {
    public static final Percentile[] PERCENTILES = {Percentile.P50, Percentile.P99, Percentile.P99_99};

    private final List<RunValues> subjects;
    private final List<RunsPair> pairs;

    private RunsVerdict(final List<RunValues> subjects, final List<RunsPair> pairs) {
        this.subjects = subjects;
        this.pairs = pairs;
    }

    public static RunsVerdict of(final List<RunValues> subjects) {
        final List<RunsPair> tested = new ArrayList<>();
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : PERCENTILES) {
                for (int i = 0; i < subjects.size(); i++) {
                    for (int j = i + 1; j < subjects.size(); j++) {
                        final RunsPair pair = compare(subjects.get(i), subjects.get(j), latency, percentile);
                        if (pair != null) {
                            tested.add(pair);
                        }
                    }
                }
            }
        }
        final boolean[] separable = Separation.separable(tested, pair -> pair.pValue, RunsPair::intervalExcludesOne);
        final List<RunsPair> pairs = IntStream.range(0, separable.length)
                .mapToObj(i -> tested.get(i).decided(separable[i])).collect(Collectors.toList());
        return new RunsVerdict(Collections.unmodifiableList(new ArrayList<>(subjects)),
                Collections.unmodifiableList(pairs));
    }

    /** a against b, not yet decided; null when either has no runs with this figure. */
    private static RunsPair compare(final RunValues a, final RunValues b, final Latency latency,
                                      final Percentile percentile) {
        final double[] va = a.values(latency, percentile);
        final double[] vb = b.values(latency, percentile);
        if (va.length == 0 || vb.length == 0) {
            return null;
        }
        // Seeded by what is compared, so adding a JVM to a set leaves the other intervals as they were.
        final long seed = (a.label() + '|' + b.label() + '|' + latency.key() + '|' + percentile.key()).hashCode();
        return new RunsPair(a.label(), b.label(), latency, percentile, va.length, vb.length,
                RunsRatioTest.ratio(va, vb), RunsRatioTest.interval(va, vb, seed), RunsRatioTest.pValue(va, vb),
                RunsRatioTest.welchInterval(va, vb), false);
    }

    public List<RunValues> subjects() {
        return subjects;
    }

    /** Every comparison made, in latency, percentile, pair order. */
    public List<RunsPair> pairs() {
        return pairs;
    }

    public List<RunsPair> pairs(final Latency latency, final Percentile percentile) {
        return pairs.stream().filter(pair -> pair.latency == latency && pair.percentile == percentile)
                .collect(Collectors.toList());
    }

    public List<RunsPair> separablePairs(final Latency latency, final Percentile percentile) {
        return pairs(latency, percentile).stream().filter(pair -> pair.separable).collect(Collectors.toList());
    }

    /** The comparison of two labels on one figure, or null when it was not made. */
    public RunsPair pair(final String a, final String b, final Latency latency, final Percentile percentile) {
        return pairs(latency, percentile).stream().filter(pair -> pair.a.equals(a) && pair.b.equals(b)
                || pair.a.equals(b) && pair.b.equals(a)).findFirst().orElse(null);
    }

    /** Groups linked by chains of "not separable" pairs; groups and members in order of their median. */
    public List<List<String>> groups(final Latency latency, final Percentile percentile) {
        final List<RunValues> ranked = subjects.stream().filter(s -> s.values(latency, percentile).length > 0)
                .collect(Collectors.toList());
        ranked.sort(Comparator.comparingDouble(s -> s.spread(latency, percentile).median()));
        final Map<String, Integer> component = new LinkedHashMap<>();
        IntStream.range(0, ranked.size()).forEach(i -> component.put(ranked.get(i).label(), i));
        for (final RunsPair pair : pairs(latency, percentile)) { // one pass: a merge relabels the whole component
            final int ca = component.get(pair.a);
            final int cb = component.get(pair.b);
            if (!pair.separable && ca != cb) {
                final int keep = Math.min(ca, cb);
                final int drop = Math.max(ca, cb);
                component.replaceAll((label, c) -> c == drop ? keep : c);
            }
        }
        final Map<Integer, List<String>> groups = new LinkedHashMap<>(); // in the order of their lowest member
        ranked.forEach(s -> groups.computeIfAbsent(component.get(s.label()), c -> new ArrayList<>()).add(s.label()));
        return new ArrayList<>(groups.values());
    }

    /** The group number (0 = lowest latency) of each label on one figure. */
    public Map<String, Integer> groupOf(final Latency latency, final Percentile percentile) {
        final Map<String, Integer> index = new LinkedHashMap<>();
        final List<List<String>> groups = groups(latency, percentile);
        IntStream.range(0, groups.size()).forEach(g -> groups.get(g).forEach(label -> index.put(label, g)));
        return index;
    }
}
