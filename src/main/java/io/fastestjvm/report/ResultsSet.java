package io.fastestjvm.report;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/** One results folder given to the Report tool: a matrix set or a plain folder of run folders. Immutable. */
public final class ResultsSet {
    private final Path folder;
    private final boolean matrix;
    private final JsonNode matrixRun;
    private final List<JvmGroup> groups;

    ResultsSet(final Path folder, final boolean matrix, final JsonNode matrixRun, final List<JvmGroup> groups) {
        this.folder = folder;
        this.matrix = matrix;
        this.matrixRun = matrixRun;
        this.groups = Collections.unmodifiableList(groups);
    }

    public Path folder() {
        return folder;
    }

    public String name() {
        return folder.getFileName().toString();
    }

    /** True for a set written by run-matrix.sh (it has {@code <profile>/profile.json}). */
    public boolean isMatrix() {
        return matrix;
    }

    /** matrix-run.json, or a missing node. */
    public JsonNode matrixRun() {
        return matrixRun;
    }

    public List<JvmGroup> groups() {
        return groups;
    }
}
