package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.verdict.RunsRatioTest;
import io.fastestjvm.verdict.RunValues;
import io.fastestjvm.verdict.RunsVerdict;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;

/** One report's {@link RunsVerdict}: over all groups' passed runs, and once more within each placement level. */
public final class SetVerdict {
    final List<JvmGroup> groups;
    final RunsVerdict overall;
    final PlacementLevels levels;
    /** Verdicts within one placement level, for levels holding at least two runs of at least two JVMs. */
    final Map<Integer, RunsVerdict> perLevel = new LinkedHashMap<>();

    public SetVerdict(final List<JvmGroup> groups) {
        this.groups = Collections.unmodifiableList(new ArrayList<>(groups));
        final List<RunValues> subjects = new ArrayList<>();
        final List<RunResults> runs = new ArrayList<>();
        for (final JvmGroup group : groups) {
            subjects.add(group.subject(run -> true));
            group.passedFolders().forEach(folder -> runs.add(folder.results()));
        }
        this.overall = RunsVerdict.of(subjects);
        this.levels = new PlacementLevels(runs);
        if (levels.count() > 1) {
            for (int level = 0; level < levels.count(); level++) {
                final int wanted = level;
                final List<RunValues> within = new ArrayList<>();
                for (final JvmGroup group : groups) {
                    final RunValues subject = group.subject(run -> levels.levelOf(run.results()) == wanted);
                    if (subject.values(Latency.ACTUAL_SEND, Percentile.P50).length >= RunsRatioTest.MIN_RUNS) {
                        within.add(subject);
                    }
                }
                if (within.size() > 1) {
                    perLevel.put(level, RunsVerdict.of(within));
                }
            }
        }
    }
}
