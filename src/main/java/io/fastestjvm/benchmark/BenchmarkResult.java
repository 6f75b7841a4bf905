package io.fastestjvm.benchmark;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

/** How a run ended: its exit code, its results folder (null when nothing was written) and what failed. */
public final class BenchmarkResult {
    public static final int PASSED = 0;
    public static final int CHECK_FAILED = 1;
    public static final int INVALID_SETTING = 2;

    private final int exitCode;
    private final Path resultsFolder;
    private final List<String> failures;
    private final boolean timedOut;

    public BenchmarkResult(final int exitCode, final Path resultsFolder, final List<String> failures) {
        this(exitCode, resultsFolder, failures, false);
    }

    public BenchmarkResult(final int exitCode, final Path resultsFolder, final List<String> failures,
                           final boolean timedOut) {
        this.exitCode = exitCode;
        this.resultsFolder = resultsFolder;
        this.failures = Collections.unmodifiableList(failures);
        this.timedOut = timedOut;
    }

    /** Whether the run's JVM missed its deadline and was killed (a fork's run only). */
    public boolean timedOut() {
        return timedOut;
    }

    public int exitCode() {
        return exitCode;
    }

    public Path resultsFolder() {
        return resultsFolder;
    }

    public List<String> failures() {
        return failures;
    }
}
