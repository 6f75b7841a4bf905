package io.fastestjvm.audit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * The one reader of /proc/[pid]/stat and /proc/[pid]/task/[tid]/stat. The command name (field 2) may hold spaces
 * and ')', so fields are counted after the last ')'.
 */
public final class ProcStat {
    private ProcStat() {
    }

    /** utime + stime (fields 14 and 15) of the stat file at {@code path}, in clock ticks; null when unreadable. */
    public static Long cpuTicks(final SystemFiles files, final String path) {
        final String[] fields = fieldsFromState(files, path);
        try {
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (final RuntimeException e) {
            return null;
        }
    }

    /** starttime (field 22) of the stat file at {@code path}, in clock ticks since boot; null when unreadable. */
    public static String startTime(final SystemFiles files, final String path) {
        final String[] fields = fieldsFromState(files, path);
        return fields.length > 19 ? fields[19] : null;
    }

    /** Field 3 (state) on; none when unreadable. Read as ASCII: a thread name cut mid-character stays readable. */
    private static String[] fieldsFromState(final SystemFiles files, final String path) {
        try {
            final String stat = new String(Files.readAllBytes(files.resolve(path)), StandardCharsets.US_ASCII);
            final int close = stat.lastIndexOf(')');
            return close < 0 ? new String[0] : stat.substring(close + 1).trim().split("\\s+");
        } catch (final IOException | RuntimeException e) {
            return new String[0];
        }
    }
}
