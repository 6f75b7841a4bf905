package io.fastestjvm.audit;

/** The aggregate "cpu" line of /proc/stat, in clock ticks: user nice system idle iowait irq softirq steal. */
public final class CpuTimes {
    /** USER_HZ: 100 on every mainstream Linux architecture. */
    public static final double TICKS_PER_SECOND = 100.0;
    /** 10 ms: whole, so a tick count converts without rounding. */
    public static final long MILLIS_PER_TICK = Math.round(1000 / TICKS_PER_SECOND);

    public final long busyTicks;
    public final long stealTicks;

    CpuTimes(final long busyTicks, final long stealTicks) {
        this.busyTicks = busyTicks;
        this.stealTicks = stealTicks;
    }

    public static CpuTimes read(final SystemFiles files) {
        for (final String line : files.lines("/proc/stat")) {
            if (line.startsWith("cpu ")) {
                final String[] f = line.trim().split("\\s+");
                final long[] v = new long[9];
                for (int i = 1; i < f.length && i < v.length; i++) {
                    v[i] = Long.parseLong(f[i]);
                }
                // user + nice + system + irq + softirq: time some task or interrupt had a CPU
                return new CpuTimes(v[1] + v[2] + v[3] + v[6] + v[7], v[8]);
            }
        }
        return null;
    }
}
