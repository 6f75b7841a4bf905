package io.fastestjvm.audit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The machine's CPU ticks and every process's at one instant, to see who else is busy. Immutable. */
public final class LoadSample {
    private final CpuTimes machine;
    private final Map<String, Long> processes;

    LoadSample(final CpuTimes machine, final Map<String, Long> processes) {
        this.machine = machine;
        this.processes = processes;
    }

    public static LoadSample read(final SystemFiles files) {
        return new LoadSample(CpuTimes.read(files), ProcessTimes.read(files));
    }

    /**
     * CPUs' worth of time other processes used between {@code before} and {@code after}, with the busiest of
     * them. Our own process (pid {@code selfPid}) is left out: only competition counts.
     */
    public static Map<String, Object> othersBetween(final LoadSample before, final LoadSample after,
                                                    final double seconds, final String selfPid) {
        final Map<String, Object> result = new LinkedHashMap<>();
        result.put("windowSeconds", seconds);
        if (before.machine == null || after.machine == null || seconds <= 0) {
            result.put("otherProcessesBusyCpus", null);
            return result;
        }
        long selfTicks = 0;
        final List<Map.Entry<String, Long>> busiest = new ArrayList<>();
        for (final Map.Entry<String, Long> process : after.processes.entrySet()) {
            final Long previous = before.processes.get(process.getKey());
            final long delta = previous == null ? 0 : process.getValue() - previous;
            if (process.getKey().startsWith(selfPid + " (")) {
                selfTicks += delta;
            } else if (delta > 0) {
                busiest.add(new java.util.AbstractMap.SimpleImmutableEntry<>(process.getKey(), delta));
            }
        }
        Collections.sort(busiest, (a, b) -> Long.compare(b.getValue(), a.getValue()));
        final long machineBusy = after.machine.busyTicks() - before.machine.busyTicks();
        final double others = Math.max(0, machineBusy - selfTicks) / CpuTimes.TICKS_PER_SECOND / seconds;
        result.put("machineBusyCpus", round(machineBusy / CpuTimes.TICKS_PER_SECOND / seconds));
        result.put("thisProcessBusyCpus", round(selfTicks / CpuTimes.TICKS_PER_SECOND / seconds));
        result.put("otherProcessesBusyCpus", round(others));
        final List<String> top = new ArrayList<>();
        for (int i = 0; i < busiest.size() && i < 5; i++) {
            top.add(String.format(Locale.ROOT, "%s %.2f CPU", busiest.get(i).getKey(),
                    busiest.get(i).getValue() / CpuTimes.TICKS_PER_SECOND / seconds));
        }
        result.put("busiestOtherProcesses", top);
        return result;
    }

    private static double round(final double value) {
        return Math.round(value * 100) / 100.0;
    }
}
