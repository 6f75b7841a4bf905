package io.fastestjvm.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;

/** One results folder given to the Report tool: a matrix set or a plain folder of run folders. Immutable. */
public final class ResultsSet {
    private static final List<String> INCOMPLETE = Arrays.asList("partial", "interrupted", "running");

    final Path folder;
    private final JsonNode matrixRun;
    final List<JvmGroup> groups;
    /** The runs its profile.json files record, passed or failed: what {@code run-matrix.sh --resume} counts done. */
    final int recordedRuns;
    /** Run folders of a matrix set that no recorded run names (e.g. left by a killed session), so no unit. */
    final List<Failure> ignored;

    ResultsSet(final Path folder, final JsonNode matrixRun, final List<JvmGroup> groups,
               final int recordedRuns, final List<Failure> ignored) {
        this.folder = folder;
        this.matrixRun = matrixRun;
        this.groups = Collections.unmodifiableList(groups);
        this.recordedRuns = recordedRuns;
        this.ignored = Collections.unmodifiableList(new ArrayList<>(ignored));
    }

    /** Every run folder of every group. */
    public List<RunFolder> folders() {
        return groups.stream().flatMap(group -> group.folders().stream()).collect(Collectors.toList());
    }

    public String name() {
        return folder.getFileName().toString();
    }

    /** A matrix set whose plan is not done (stopped, killed or running); sets without a status are complete. */
    public boolean isIncomplete() {
        return INCOMPLETE.contains(status());
    }

    /** matrix-run.json's status, or "" where it records none. */
    public String status() {
        return matrixRun.path("status").asText("");
    }

    /** The runs (fresh JVMs) matrix-run.json plans: every unit of every round of its order; 0 without an order. */
    public int plannedRuns() {
        return StreamSupport.stream(matrixRun.path("order").spliterator(), false).mapToInt(JsonNode::size).sum();
    }
}
