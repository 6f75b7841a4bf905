package io.fastestjvm.statistics;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The Benjamini-Hochberg step-up procedure: of m p-values, reject the k smallest where k is the largest rank with
 * p(k) <= k / m * q. Controls the expected share of false "separable" calls among all calls at q, for independent
 * or positively dependent tests (pairs sharing a JVM are positively dependent).
 */
public final class BenjaminiHochberg {
    private BenjaminiHochberg() {
    }

    /** Which of {@code pValues} are discoveries at false discovery rate {@code q}; NaN never is. */
    public static boolean[] discoveries(final double[] pValues, final double q) {
        final int m = (int) Arrays.stream(pValues).filter(p -> !Double.isNaN(p)).count();
        final Integer[] order = IntStream.range(0, pValues.length).filter(i -> !Double.isNaN(pValues[i]))
                .boxed().sorted(Comparator.comparingDouble(i -> pValues[i])).toArray(Integer[]::new);
        int largest = 0;
        for (int rank = 1; rank <= order.length; rank++) {
            if (pValues[order[rank - 1]] <= (double) rank / m * q) {
                largest = rank;
            }
        }
        final boolean[] rejected = new boolean[pValues.length];
        for (int rank = 1; rank <= largest; rank++) {
            rejected[order[rank - 1]] = true;
        }
        return rejected;
    }
}
