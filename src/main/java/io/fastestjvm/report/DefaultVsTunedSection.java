package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.fastestjvm.config.FlagSets;
import io.fastestjvm.verdict.RunsPair;
import io.fastestjvm.verdict.RunsVerdict;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.verdict.Spread;

/**
 * Per JVM that ran both flag sets: tuned against default on each verdict figure (from the report's one family of
 * comparisons), with the safepoints and deoptimisations of each.
 */
final class DefaultVsTunedSection {
    private final SetVerdict verdict;

    DefaultVsTunedSection(final SetVerdict verdict) {
        this.verdict = verdict;
    }

    String render() {
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup tuned : verdict.groups) {
            final JvmGroup base = FlagSets.tuned(tuned.profile)
                    ? tuned.sibling(verdict.groups, FlagSets.jvm(tuned.profile), tuned.transport) : null;
            if (base == null) {
                continue;
            }
            for (final Latency latency : Latency.ALL) {
                for (final Percentile percentile : RunsVerdict.PERCENTILES) {
                    final RunsPair pair = verdict.overall.pair(tuned.label(), base.label(), latency, percentile);
                    if (pair == null) {
                        continue;
                    }
                    final boolean tunedFirst = pair.a.equals(tuned.label());
                    final double ratio = tunedFirst ? pair.ratio : 1 / pair.ratio;
                    final double low = tunedFirst ? pair.low : 1 / pair.high;
                    final double high = tunedFirst ? pair.high : 1 / pair.low;
                    rows.add(Arrays.asList(FlagSets.jvm(tuned.label()), latency.title() + ", " + percentile.label(),
                            Markdown.nanos(median(base, latency, percentile)),
                            Markdown.nanos(median(tuned, latency, percentile)),
                            String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", ratio, low, high),
                            pair.separable ? (ratio < 1 ? "tuned lower" : "tuned higher") : "cannot tell apart",
                            pauses(base, PausesSection.SAFEPOINTS) + " / " + pauses(tuned, PausesSection.SAFEPOINTS),
                            pauses(base, PausesSection.HOT_PATH_DEOPTS) + " / "
                                    + pauses(tuned, PausesSection.HOT_PATH_DEOPTS)));
                }
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        final StringBuilder out = new StringBuilder("## Default vs tuned flags, per JVM\n\n")
                .append("`default` is exactly the flags the profile sets; `tuned` adds the profile's documented ")
                .append("low-latency set (jvm-profiles/). Ratio = tuned / default median over runs, with its ")
                .append("bootstrap interval; the verdict is the report's (Benjamini-Hochberg over all comparisons). ")
                .append("Safepoints and hot-path deoptimisations during measurement: median over runs, default / ")
                .append("tuned.\n\n");
        Markdown.table(out, Arrays.asList("JVM", "figure", "default (ns)", "tuned (ns)", "tuned / default",
                "verdict", PausesSection.SAFEPOINTS.title, "hot-path deopts"), rows, true);
        return out.toString();
    }

    private static double median(final JvmGroup group, final Latency latency, final Percentile percentile) {
        return Spread.of(group.values(latency, percentile, run -> true)).median();
    }

    private static String pauses(final JvmGroup group, final PausesSection.Column column) {
        return Markdown.nanos(PausesSection.spread(group.passedFolders(), column).median());
    }
}
