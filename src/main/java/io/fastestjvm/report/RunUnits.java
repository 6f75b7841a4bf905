package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.verdict.RunValues;
import io.fastestjvm.results.model.Percentile;

/**
 * A group's runs as verdict {@link RunValues}: one value per passed fresh JVM, the median of its measured runs (they
 * share JIT and placement, so are one unit). Here so the verdict package never imports report.
 */
public final class RunUnits {
    private RunUnits() {
    }

    public static RunValues subject(final JvmGroup group) {
        return subject(group, folder -> true);
    }

    /** The group as a verdict subject over the passed runs {@code include} accepts. */
    public static RunValues subject(final JvmGroup group, final Predicate<RunFolder> include) {
        final RunValues subject = new RunValues(group.label());
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : Percentile.values()) {
                subject.with(latency, percentile, values(group, latency, percentile, include));
            }
        }
        return subject;
    }

    /** One value per passed run folder, in folder order; NaN where the summary lacks it. */
    public static double[] values(final JvmGroup group, final Latency latency, final Percentile percentile,
                                  final Predicate<RunFolder> include) {
        final List<Double> values = new ArrayList<>();
        for (final RunFolder folder : group.passedFolders()) {
            if (include.test(folder)) {
                values.add(value(folder, latency, percentile));
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The run folder's figure: the median over its measured runs. */
    public static double value(final RunFolder folder, final Latency latency, final Percentile percentile) {
        return MeasuredRun.spread(folder.measuredRuns(), latency, percentile).median();
    }
}
