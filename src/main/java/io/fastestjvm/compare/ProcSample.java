package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * What an idle JVM did while another measured: its CPU time (the sum of its threads' {@code schedstat} run time,
 * in ns) and its context switches (voluntary and involuntary, over its threads), read from /proc before and after
 * each slice. Also the machine's steal time. Unavailable readings are -1, never 0.
 */
final class ProcSample {
    private ProcSample() {
    }

    /** {cpuNanos, contextSwitches} of process {@code pid}, summed over its threads; -1s when unreadable. */
    static long[] process(final long pid) {
        final File[] tasks = new File("/proc/" + pid + "/task").listFiles();
        if (tasks == null) {
            return new long[] {-1, -1};
        }
        long cpu = 0;
        long switches = 0;
        for (final File task : tasks) {
            try {
                final String schedstat = new String(Files.readAllBytes(new File(task, "schedstat").toPath()),
                        StandardCharsets.US_ASCII).trim();
                cpu += Long.parseLong(schedstat.split(" ")[0]);
                final List<String> status = Files.readAllLines(new File(task, "status").toPath(),
                        StandardCharsets.US_ASCII);
                for (final String line : status) {
                    if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
                        switches += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                    }
                }
            } catch (final IOException | RuntimeException e) {
                // a thread that ended between the listing and the read: its time is gone with it
            }
        }
        return new long[] {cpu, switches};
    }

    /** The machine's steal time so far, in clock ticks (/proc/stat's eighth CPU field), or -1. */
    static long stealTicks() {
        try {
            final String first = Files.readAllLines(new File("/proc/stat").toPath(), StandardCharsets.US_ASCII)
                    .get(0);
            final String[] fields = first.trim().split("\\s+");
            return fields.length > 8 ? Long.parseLong(fields[8]) : -1;
        } catch (final IOException | RuntimeException e) {
            return -1;
        }
    }
}
