package io.fastestjvm.audit;

import java.util.List;

/** utime + stime, in clock ticks, from a /proc/[pid]/stat line. */
final class ProcessTimes {
    private ProcessTimes() {
    }

    /** Fields after the ")" that closes comm: state is field 3, utime 14 and stime 15. Null when unreadable. */
    static Long ticksOf(final List<String> stat) {
        if (stat.isEmpty()) {
            return null;
        }
        final String line = stat.get(0);
        final int close = line.lastIndexOf(')');
        if (close < 0) {
            return null;
        }
        final String[] f = line.substring(close + 1).trim().split("\\s+");
        try {
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (final RuntimeException e) {
            return null;
        }
    }
}
