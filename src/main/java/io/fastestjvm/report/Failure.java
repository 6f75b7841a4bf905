package io.fastestjvm.report;

/** Something that did not produce figures: a JVM that could not run, a run that failed or timed out. Immutable. */
public final class Failure {
    /** What failed, e.g. "jdk8" or "jdk17 run 2". */
    final String what;
    final String reason;
    /** The last lines the failed process printed, or "". */
    final String outputTail;

    Failure(final String what, final String reason, final String outputTail) {
        this.what = what;
        this.reason = reason == null || reason.isEmpty() ? "no reason recorded" : reason;
        this.outputTail = outputTail == null ? "" : outputTail;
    }
}
