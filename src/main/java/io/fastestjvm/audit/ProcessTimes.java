package io.fastestjvm.audit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** utime + stime of every process in /proc/[pid]/stat, in clock ticks, keyed by "pid (comm)". */
final class ProcessTimes {
    private ProcessTimes() {
    }

    static Map<String, Long> read(final SystemFiles files) {
        final Map<String, Long> ticks = new LinkedHashMap<>();
        for (final String pid : files.list("/proc", "[0-9]*")) {
            final Long value = ticksOf(files.lines("/proc/" + pid + "/stat"));
            if (value != null) {
                ticks.put(pid + " (" + commandOf(files.lines("/proc/" + pid + "/stat")) + ")", value);
            }
        }
        return ticks;
    }

    /** Fields after the ")" that closes comm: state is field 3, utime 14 and stime 15. */
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

    static String commandOf(final List<String> stat) {
        if (stat.isEmpty()) {
            return "?";
        }
        final String line = stat.get(0);
        final int open = line.indexOf('(');
        final int close = line.lastIndexOf(')');
        return open >= 0 && close > open ? line.substring(open + 1, close) : "?";
    }
}
