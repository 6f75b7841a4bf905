package io.fastestjvm.report.verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.statistics.BenjaminiHochberg;

/**
 * Which JVMs can be told apart: every pair on each latency and each of {@link #PERCENTILES}, with the run (fresh
 * JVM) as the unit ({@link RatioTest}), and "separable" when Benjamini-Hochberg over all those comparisons at
 * {@link #FALSE_DISCOVERY_RATE} accepts the pair and its ratio's interval excludes 1. Groups are the JVMs that no
 * separable pair splits (connected by "cannot be told apart"), in order of their median. Immutable once built.
 */
public final class Verdict {
    public static final Percentile[] PERCENTILES = {Percentile.P50, Percentile.P99, Percentile.P99_99};
    public static final double FALSE_DISCOVERY_RATE = 0.05;

    private final List<Subject> subjects;
    private final List<PairResult> pairs;

    private Verdict(final List<Subject> subjects, final List<PairResult> pairs) {
        this.subjects = subjects;
        this.pairs = pairs;
    }

    public static Verdict of(final List<Subject> subjects) {
        final List<PairResult> tested = new ArrayList<>();
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : PERCENTILES) {
                for (int i = 0; i < subjects.size(); i++) {
                    for (int j = i + 1; j < subjects.size(); j++) {
                        final PairResult pair = compare(subjects.get(i), subjects.get(j), latency, percentile);
                        if (pair != null) {
                            tested.add(pair);
                        }
                    }
                }
            }
        }
        final double[] pValues = tested.stream().mapToDouble(PairResult::pValue).toArray();
        final boolean[] separable = BenjaminiHochberg.discoveries(pValues, FALSE_DISCOVERY_RATE);
        final List<PairResult> pairs = new ArrayList<>();
        for (int i = 0; i < pValues.length; i++) {
            // Both, so that no pair is called separable beside an interval that says "maybe the other way".
            pairs.add(tested.get(i).decided(separable[i] && tested.get(i).intervalExcludesOne()));
        }
        return new Verdict(Collections.unmodifiableList(new ArrayList<>(subjects)),
                Collections.unmodifiableList(pairs));
    }

    /** a against b, not yet decided; null when either has no runs with this figure. */
    private static PairResult compare(final Subject a, final Subject b, final Latency latency,
                                      final Percentile percentile) {
        final double[] va = a.values(latency, percentile);
        final double[] vb = b.values(latency, percentile);
        if (va.length == 0 || vb.length == 0) {
            return null;
        }
        // Seeded by what is compared, so adding a JVM to a set leaves the other intervals as they were.
        final long seed = (a.label() + '|' + b.label() + '|' + latency.key() + '|' + percentile.key()).hashCode();
        return new PairResult(a.label(), b.label(), latency, percentile, va.length, vb.length,
                RatioTest.ratio(va, vb), RatioTest.interval(va, vb, seed), RatioTest.pValue(va, vb),
                RatioTest.welchInterval(va, vb), false);
    }

    public List<Subject> subjects() {
        return subjects;
    }

    /** Every comparison made, in latency, percentile, pair order. */
    public List<PairResult> pairs() {
        return pairs;
    }

    public List<PairResult> pairs(final Latency latency, final Percentile percentile) {
        final List<PairResult> selected = new ArrayList<>();
        for (final PairResult pair : pairs) {
            if (pair.latency() == latency && pair.percentile() == percentile) {
                selected.add(pair);
            }
        }
        return selected;
    }

    public List<PairResult> separablePairs(final Latency latency, final Percentile percentile) {
        final List<PairResult> selected = new ArrayList<>();
        for (final PairResult pair : pairs(latency, percentile)) {
            if (pair.separable()) {
                selected.add(pair);
            }
        }
        return selected;
    }

    /** The comparison of two labels on one figure, or null when it was not made. */
    public PairResult pair(final String a, final String b, final Latency latency, final Percentile percentile) {
        for (final PairResult pair : pairs(latency, percentile)) {
            if (pair.a().equals(a) && pair.b().equals(b) || pair.a().equals(b) && pair.b().equals(a)) {
                return pair;
            }
        }
        return null;
    }

    /**
     * The JVMs with figures split into groups that cannot be told apart: two JVMs share a group when a chain of
     * "not separable" pairs links them. Groups and members in order of their median over runs.
     */
    public List<List<String>> groups(final Latency latency, final Percentile percentile) {
        final List<Subject> ranked = new ArrayList<>();
        for (final Subject subject : subjects) {
            if (subject.values(latency, percentile).length > 0) {
                ranked.add(subject);
            }
        }
        ranked.sort(Comparator.comparingDouble(s -> s.spread(latency, percentile).median()));
        final Map<String, Integer> component = new LinkedHashMap<>();
        for (int i = 0; i < ranked.size(); i++) {
            component.put(ranked.get(i).label(), i);
        }
        boolean merged = true;
        while (merged) {
            merged = false;
            for (final PairResult pair : pairs(latency, percentile)) {
                final int ca = component.get(pair.a());
                final int cb = component.get(pair.b());
                if (!pair.separable() && ca != cb) {
                    final int keep = Math.min(ca, cb);
                    final int drop = Math.max(ca, cb);
                    component.replaceAll((label, c) -> c == drop ? keep : c);
                    merged = true;
                }
            }
        }
        final Map<Integer, List<String>> groups = new LinkedHashMap<>();
        for (final Subject subject : ranked) {
            groups.computeIfAbsent(component.get(subject.label()), c -> new ArrayList<>()).add(subject.label());
        }
        final List<List<String>> ordered = new ArrayList<>(groups.values());
        ordered.sort(Comparator.comparingInt(g -> indexOf(ranked, g.get(0))));
        return ordered;
    }

    /** The group number (0 = lowest latency) of each label on one figure. */
    public Map<String, Integer> groupOf(final Latency latency, final Percentile percentile) {
        final Map<String, Integer> index = new LinkedHashMap<>();
        final List<List<String>> groups = groups(latency, percentile);
        for (int g = 0; g < groups.size(); g++) {
            for (final String label : groups.get(g)) {
                index.put(label, g);
            }
        }
        return index;
    }

    private static int indexOf(final List<Subject> ranked, final String label) {
        for (int i = 0; i < ranked.size(); i++) {
            if (ranked.get(i).label().equals(label)) {
                return i;
            }
        }
        return -1;
    }
}
