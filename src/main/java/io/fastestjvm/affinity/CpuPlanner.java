package io.fastestjvm.affinity;

import java.util.BitSet;

import io.fastestjvm.config.Settings;

/**
 * Decides which CPU each benchmark thread gets: the one requested if usable, else (unless strict) the highest free
 * one, as CPU 0 takes the most interrupts. With one usable CPU a thread stays unpinned: two spinning threads pinned
 * to one CPU would measure the scheduler, not the queue.
 */
public final class CpuPlanner {
    private final BitSet usable;
    private final boolean strict;

    public CpuPlanner(final BitSet usable, final boolean strict) {
        this.usable = (BitSet) usable.clone();
        this.strict = strict;
    }

    /** {producer, consumer}. */
    public CpuAssignment[] plan(final int producerCpu, final int consumerCpu) {
        final boolean producerOk = isUsable(producerCpu);
        final boolean consumerOk = isUsable(consumerCpu);
        if (strict) {
            requireUsable(Settings.PRODUCER_CPU.name(), producerCpu, producerOk);
            requireUsable(Settings.CONSUMER_CPU.name(), consumerCpu, consumerOk);
        }
        final BitSet taken = new BitSet();
        if (producerOk && producerCpu >= 0) {
            taken.set(producerCpu);
        }
        if (consumerOk && consumerCpu >= 0) {
            taken.set(consumerCpu);
        }
        final CpuAssignment consumer = consumerOk
                ? new CpuAssignment(CpuAssignment.CONSUMER, consumerCpu, consumerCpu, null)
                : fallback(CpuAssignment.CONSUMER, consumerCpu, taken);
        final CpuAssignment producer = producerOk
                ? new CpuAssignment(CpuAssignment.PRODUCER, producerCpu, producerCpu, null)
                : fallback(CpuAssignment.PRODUCER, producerCpu, taken);
        return new CpuAssignment[] {producer, consumer};
    }

    private boolean isUsable(final int cpu) {
        return cpu == CpuAssignment.UNPINNED || cpu >= 0 && usable.get(cpu);
    }

    private void requireUsable(final String setting, final int cpu, final boolean ok) {
        if (!ok) {
            throw new io.fastestjvm.config.InvalidSettingException(setting,
                    "CPU " + cpu + " is not usable by this process with qp.strictAffinity=true",
                    "-1 or one of " + CpuList.format(usable));
        }
    }

    private CpuAssignment fallback(final String thread, final int requested, final BitSet taken) {
        final BitSet free = (BitSet) usable.clone();
        free.andNot(taken);
        final int chosen = free.isEmpty() || usable.cardinality() < 2 ? CpuAssignment.UNPINNED : free.length() - 1;
        if (chosen >= 0) {
            taken.set(chosen);
        }
        final String where = chosen >= 0 ? "pinned to CPU " + chosen + " instead" : "left unpinned";
        return new CpuAssignment(thread, requested, chosen, "CPU " + requested
                + " is not usable by this process (usable: " + CpuList.format(usable) + "); " + where);
    }
}
