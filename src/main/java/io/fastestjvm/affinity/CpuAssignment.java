package io.fastestjvm.affinity;

import java.util.BitSet;

import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;

/**
 * Which CPU a thread was asked for, which it was given, and why they differ. Immutable. {@link #plan} decides: the
 * one requested if usable, else (unless strict) the highest free one, as CPU 0 takes the most interrupts. With one
 * usable CPU a thread stays unpinned: two spinning threads pinned to one CPU would measure the scheduler, not the
 * queue.
 */
public final class CpuAssignment {
    /** The thread names, also the keys of summary.json's "affinity" section. */
    public static final String PRODUCER = "producer";
    public static final String CONSUMER = "consumer";

    public static final int UNPINNED = -1;

    private final String thread;
    private final int requested;
    private final int planned;
    private final String reason;

    CpuAssignment(final String thread, final int requested, final int planned, final String reason) {
        this.thread = thread;
        this.requested = requested;
        this.planned = planned;
        this.reason = reason;
    }

    /** {producer, consumer} among the {@code usable} CPUs; {@code strict}: an unusable request throws instead. */
    public static CpuAssignment[] plan(final BitSet usable, final boolean strict, final int producerCpu,
                                       final int consumerCpu) {
        if (strict) {
            requireUsable(usable, Settings.PRODUCER_CPU.name(), producerCpu);
            requireUsable(usable, Settings.CONSUMER_CPU.name(), consumerCpu);
        }
        final BitSet taken = new BitSet();
        for (final int cpu : new int[] {producerCpu, consumerCpu}) {
            if (cpu >= 0 && usable.get(cpu)) {
                taken.set(cpu);
            }
        }
        final CpuAssignment consumer = assign(usable, CONSUMER, consumerCpu, taken);
        return new CpuAssignment[] {assign(usable, PRODUCER, producerCpu, taken), consumer};
    }

    private static boolean isUsable(final BitSet usable, final int cpu) {
        return cpu == UNPINNED || cpu >= 0 && usable.get(cpu);
    }

    private static void requireUsable(final BitSet usable, final String setting, final int cpu) {
        if (!isUsable(usable, cpu)) {
            throw new InvalidSettingException(setting, "CPU " + cpu
                    + " is not usable by this process with qp.strictAffinity=true", "-1 or one of "
                    + ThreadAffinity.cpuList(usable));
        }
    }

    /** The requested CPU if usable, else the highest one neither thread has taken (the consumer chooses first). */
    private static CpuAssignment assign(final BitSet usable, final String thread, final int requested,
                                        final BitSet taken) {
        if (isUsable(usable, requested)) {
            return new CpuAssignment(thread, requested, requested, null);
        }
        final BitSet free = (BitSet) usable.clone();
        free.andNot(taken);
        final int chosen = free.isEmpty() || usable.cardinality() < 2 ? UNPINNED : free.length() - 1;
        if (chosen >= 0) {
            taken.set(chosen);
        }
        final String where = chosen >= 0 ? "pinned to CPU " + chosen + " instead" : "left unpinned";
        return new CpuAssignment(thread, requested, chosen, "CPU " + requested
                + " is not usable by this process (usable: " + ThreadAffinity.cpuList(usable) + "); " + where);
    }

    public String thread() {
        return thread;
    }

    public int requested() {
        return requested;
    }

    public int planned() {
        return planned;
    }

    public boolean isFallback() {
        return requested != planned;
    }

    /** Why the plan differs from the request; null when it does not. */
    public String reason() {
        return reason;
    }
}
