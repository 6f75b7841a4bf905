package io.fastestjvm.report;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import io.fastestjvm.results.model.Percentile;

/**
 * The figures Chronicle Software published in "Which is the fastest JVM?", from THEIR machine: quoted only beside
 * ours and always labelled as theirs. The one place these numbers live.
 */
final class ArticleReference {
    static final String SOURCE = "Chronicle Software, \"Which is the fastest JVM?\"";
    static final String MACHINE = "Ryzen 9 5950X, isolated cores";

    /** One row of the article's table: its JVM, our profile that runs the same JVM (or null), figures in ns. */
    static final class Row {
        final String jvm;
        final String profile;
        final double median;
        final double p9999;
        final String p9999Text;

        Row(final String jvm, final String profile, final double median, final double p9999, final String p9999Text) {
            this.jvm = jvm;
            this.profile = profile;
            this.median = median;
            this.p9999 = p9999;
            this.p9999Text = p9999Text;
        }
    }

    /**
     * As printed (actual send). GraalVM CE 17 is the GraalVM distribution, so only graalvm17 is marked with it, not
     * jdk17-graaljit (OpenJDK with the Graal compiler jars).
     */
    static final List<Row> ROWS = Collections.unmodifiableList(Arrays.asList(
            new Row("JDK 8", "jdk8", 280, 3951, "3,951"),
            new Row("JDK 11", "jdk11", 370, 4210, "4,210"),
            new Row("JDK 17", "jdk17", 290, 4041, "4,041"),
            new Row("GraalVM CE 17", "graalvm17", 310, 3950, "3,950"),
            new Row("GraalVM EE 17", null, 270, Double.NaN, "just under 3,950 (cut off in our copy)")));

    private ArticleReference() {
    }

    /** The article's figure for a profile at the median or 99.99%, or NaN when it did not measure that JVM. */
    static double figure(final String profile, final Percentile percentile) {
        return ROWS.stream().filter(row -> profile.equals(row.profile)).findFirst().map(row -> percentile
                == Percentile.P50 ? row.median : percentile == Percentile.P99_99 ? row.p9999 : Double.NaN)
                .orElse(Double.NaN);
    }
}
