package io.fastestjvm.audit;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The machine's and this process's CPU ticks at one instant: over a window, the time other processes took. No scan
 * of every /proc/[pid]: with one, the producer allocated mid-measurement (cause unexplained).
 */
public final class LoadSample {
    /** A key of the audit's summary sections. */
    static final String OTHER_PROCESSES_BUSY_CPUS = "otherProcessesBusyCpus";
    final CpuTimes machine;
    private final Long self;

    LoadSample(final CpuTimes machine, final Long self) {
        this.machine = machine;
        this.self = self;
    }

    public static LoadSample read(final SystemFiles files) {
        return new LoadSample(CpuTimes.read(files), files.statCpuTicks("/proc/self/stat"));
    }

    public static Map<String, Object> othersBetween(final LoadSample before, final LoadSample after,
                                                    final double seconds) {
        final Map<String, Object> result = new LinkedHashMap<>();
        result.put("windowSeconds", Math.round(seconds * 1e3) / 1e3);
        if (before.machine == null || after.machine == null || before.self == null || after.self == null
                || seconds <= 0) {
            result.put(OTHER_PROCESSES_BUSY_CPUS, null);
            return result;
        }
        final long machineBusy = after.machine.busyTicks - before.machine.busyTicks;
        final long selfTicks = after.self - before.self;
        result.put("machineBusyCpus", round(machineBusy / CpuTimes.TICKS_PER_SECOND / seconds));
        result.put("thisProcessBusyCpus", round(selfTicks / CpuTimes.TICKS_PER_SECOND / seconds));
        result.put(OTHER_PROCESSES_BUSY_CPUS,
                round(Math.max(0, machineBusy - selfTicks) / CpuTimes.TICKS_PER_SECOND / seconds));
        return result;
    }

    /** To hundredths, as the summary's CPU figures are written. */
    static double round(final double value) {
        return Math.round(value * 100) / 100.0;
    }
}
