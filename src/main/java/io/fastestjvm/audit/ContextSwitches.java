package io.fastestjvm.audit;

/** A thread's involuntary context switches so far: how often the scheduler took its CPU away. */
public final class ContextSwitches {
    private ContextSwitches() {
    }

    /** From /proc/self/task/{@code tid}/status; -1 when unknown. Reads a file: never call from a hot loop. */
    public static long involuntary(final int tid) {
        return involuntary(SystemFiles.live(), tid);
    }

    static long involuntary(final SystemFiles files, final int tid) {
        return tid < 0 ? -1 : files.statusValue("/proc/self/task/" + tid + "/status", "nonvoluntary_ctxt_switches");
    }
}
