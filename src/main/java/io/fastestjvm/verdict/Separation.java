package io.fastestjvm.verdict;

import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * When two JVMs are called separable, in both designs: Benjamini-Hochberg accepts it within its family and its
 * interval excludes 1, so no pair is called separable beside an interval that says "maybe the other way".
 */
public final class Separation {
    public static final double CONFIDENCE = 0.95;
    public static final double FALSE_DISCOVERY_RATE = 0.05;

    private Separation() {
    }

    /** Which of a family's comparisons are separable: accepted at {@link #FALSE_DISCOVERY_RATE} and apart from 1. */
    static <T> boolean[] separable(final List<T> family, final ToDoubleFunction<T> pValue,
                                   final Predicate<T> intervalExcludesOne) {
        final boolean[] separable = discoveries(family.stream().mapToDouble(pValue).toArray(), FALSE_DISCOVERY_RATE);
        IntStream.range(0, separable.length).forEach(i -> separable[i] &= intervalExcludesOne.test(family.get(i)));
        return separable;
    }

    /** Benjamini-Hochberg, valid for positively dependent tests (pairs sharing a JVM are); NaN never counts. */
    public static boolean[] discoveries(final double[] pValues, final double q) {
        final Integer[] order = IntStream.range(0, pValues.length).filter(i -> !Double.isNaN(pValues[i]))
                .boxed().sorted(Comparator.comparingDouble(i -> pValues[i])).toArray(Integer[]::new);
        final int m = order.length;
        int largest = 0;
        for (int rank = 1; rank <= order.length; rank++) {
            if (pValues[order[rank - 1]] <= (double) rank / m * q) {
                largest = rank;
            }
        }
        final boolean[] rejected = new boolean[pValues.length];
        IntStream.range(0, largest).forEach(rank -> rejected[order[rank]] = true);
        return rejected;
    }
}
