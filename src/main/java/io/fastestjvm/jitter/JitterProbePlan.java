package io.fastestjvm.jitter;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.config.Settings;

/**
 * Whether the OS jitter probe runs and where: "auto" only on a CPU the benchmark threads leave free (the highest, as
 * CPU 0 takes the most interrupts), since a probe on a benchmark thread's CPU would steal from it.
 */
public final class JitterProbePlan {
    private final boolean enabled;
    private final int cpu;
    private final String reason;
    private final String warning;

    private JitterProbePlan(final boolean enabled, final int cpu, final String reason, final String warning) {
        this.enabled = enabled;
        this.cpu = cpu;
        this.reason = reason;
        this.warning = warning;
    }

    /** {@code probe}: auto, true or false; {@code requestedCpu}: auto, -1 or a CPU id already range-checked. */
    public static JitterProbePlan plan(final String probe, final String requestedCpu, final BitSet usable,
                                       final CpuAssignment producer, final CpuAssignment consumer) {
        final BitSet free = (BitSet) usable.clone();
        for (final CpuAssignment thread : new CpuAssignment[] {producer, consumer}) {
            if (thread.planned() >= 0) {
                free.clear(thread.planned());
            }
        }
        final String freeText = "usable CPUs " + ThreadAffinity.cpuList(usable) + ", producer on " + producer.planned()
                + ", consumer on " + consumer.planned();
        if ("false".equals(probe)) {
            return off("qp.jitterProbe=false");
        }
        if ("auto".equals(probe) && free.isEmpty()) {
            return off("off by default: no CPU is free for it (" + freeText + "); qp.jitterProbe=true forces it on a"
                    + " shared CPU");
        }
        final int cpu;
        if ("auto".equals(requestedCpu)) {
            cpu = free.isEmpty() ? CpuAssignment.UNPINNED : free.length() - 1;
        } else {
            cpu = Integer.parseInt(requestedCpu);
            if (cpu >= 0 && !usable.get(cpu)) {
                throw Settings.JITTER_CPU.invalid("CPU " + cpu + " is not usable by this process (usable: "
                        + ThreadAffinity.cpuList(usable) + ")");
            }
        }
        final boolean shared = cpu == CpuAssignment.UNPINNED || !free.get(cpu);
        final String where = cpu == CpuAssignment.UNPINNED ? "unpinned" : "on CPU " + cpu;
        final String warning = shared ? "the OS jitter probe runs " + where + ", sharing a CPU with the benchmark ("
                + freeText + "): it competes with the producer or consumer, and the gaps it records include"
                + " their time slices" : null;
        return new JitterProbePlan(true, cpu, "auto".equals(probe) ? "on by default: CPU " + cpu + " is free"
                : "qp.jitterProbe=true, " + where, warning);
    }

    /** Off for a reason that is not a CPU question, e.g. the bare loop. */
    public static JitterProbePlan off(final String reason) {
        return new JitterProbePlan(false, CpuAssignment.UNPINNED, reason, null);
    }

    public boolean enabled() {
        return enabled;
    }

    public int cpu() {
        return cpu;
    }

    public String reason() {
        return reason;
    }

    /** Null unless the probe shares a CPU with the benchmark. */
    public String warning() {
        return warning;
    }

    public Map<String, Object> disabledMap() {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("enabled", false);
        map.put("reason", reason);
        return map;
    }
}
