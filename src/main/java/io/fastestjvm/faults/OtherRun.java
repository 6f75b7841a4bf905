package io.fastestjvm.faults;

/** Another measurement live on this machine, as its registry record names it. */
public final class OtherRun {
    public final long pid;
    public final String runId;

    OtherRun(final long pid, final String runId) {
        this.pid = pid;
        this.runId = runId;
    }

    @Override
    public String toString() {
        return "pid " + pid + " (" + runId + ")";
    }
}
