package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.verdict.RunValues;
import io.fastestjvm.verdict.Spread;

/** The runs of one profile, transport and machine: a table row or chart series; only passed runs give figures. */
public final class JvmGroup {
    private final String setName;
    final String profile;
    final String transport;
    final String host;
    /** Every run folder, passed or not. */
    final List<RunFolder> folders = new ArrayList<>();
    final List<Failure> failures = new ArrayList<>();
    /** Runs that gave no figures: failed checks, crashes, time-outs. */
    int failedRuns;
    /** The name every chart and table uses: the profile, plus transport and host when those vary. */
    String label;

    JvmGroup(final String setName, final String profile, final String transport, final String host) {
        this.setName = setName;
        this.profile = profile;
        this.transport = transport;
        this.host = host;
        this.label = profile;
    }

    void add(final RunFolder folder) {
        folders.add(folder);
        if (!folder.passed()) {
            failedRuns++;
            failures.add(new Failure(profile + " " + folder.folder.getFileName(),
                    "checks failed: " + String.join("; ", folder.results.failures()), ""));
        }
    }

    /** A run that left no usable summary (it failed or timed out before writing one). */
    void addFailedRun(final Failure failure) {
        failedRuns++;
        failures.add(failure);
    }

    /** The group in {@code groups} from this one's set and host with {@code profile} and {@code transport}, or null. */
    JvmGroup sibling(final List<JvmGroup> groups, final String profile, final String transport) {
        return groups.stream().filter(group -> group.profile.equals(profile) && group.transport.equals(transport)
                && group.host.equals(host) && group.setName.equals(setName)).findFirst().orElse(null);
    }

    public List<RunFolder> passedFolders() {
        return folders.stream().filter(RunFolder::passed).collect(Collectors.toList());
    }

    /** As a verdict subject over the passed run folders {@code include} accepts: {@link #values} of every figure. */
    RunValues subject(final Predicate<RunFolder> include) {
        final RunValues subject = new RunValues(label);
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : Percentile.values()) {
                subject.with(latency, percentile, values(latency, percentile, include));
            }
        }
        return subject;
    }

    /**
     * One value per passed run folder {@code include} accepts, in folder order: the median of its measured runs (they
     * share JIT and placement, so are one unit); NaN where the summary lacks it.
     */
    double[] values(final Latency latency, final Percentile percentile, final Predicate<RunFolder> include) {
        return passedFolders().stream().filter(include)
                .mapToDouble(folder -> spread(folder.measuredRuns, latency, percentile).median())
                .toArray();
    }

    /** The measured runs of the passed folders, in folder order: what the figures are the median of. */
    public List<RunResults.RunFigures> measuredRuns() {
        return passedFolders().stream().flatMap(folder -> folder.measuredRuns.stream()).collect(Collectors.toList());
    }

    public boolean hasFigures() {
        return !measuredRuns().isEmpty();
    }

    /** The {@link Spread} of this percentile over the measured runs. */
    public Spread spread(final Latency latency, final Percentile percentile) {
        return spread(measuredRuns(), latency, percentile);
    }

    private static Spread spread(final List<RunResults.RunFigures> runs, final Latency latency,
                                 final Percentile percentile) {
        return Spread.of(runs.stream().mapToDouble(run -> RunFolder.value(run, latency, percentile)).toArray());
    }

    /** How many runs mark this percentile as resting on fewer than 10 samples. */
    public int notMeaningfulRuns(final Latency latency, final Percentile percentile) {
        return (int) measuredRuns().stream().map(run -> run.get(latency))
                .filter(ladder -> ladder != null && ladder.notMeaningful(percentile)).count();
    }
}
