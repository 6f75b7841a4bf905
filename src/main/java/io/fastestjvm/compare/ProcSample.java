package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import io.fastestjvm.audit.CpuTimes;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.control.ChildHandle;

/**
 * /proc readings around each slice: the idle JVMs' CPU time and context switches, and the machine's busy and steal
 * time, from which the CPU used outside the comparison. Unavailable readings are -1, never 0.
 */
final class ProcSample {
    private static final long NANOS_PER_TICK = Math.round(TimeUnit.SECONDS.toNanos(1) / CpuTimes.TICKS_PER_SECOND);

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

    /** CPU time with ended threads' (/proc/PID/stat): {@link #process} loses a renewed thread's, -1 unreadable. */
    static long processCpuNanos(final long pid) {
        final Long ticks = SystemFiles.live().statCpuTicks("/proc/" + pid + "/stat");
        return ticks == null ? -1 : ticks * NANOS_PER_TICK;
    }

    /**
     * Continues every stopped orphan running {@code mainClass}, each said on err: a JVM a SIGKILLed comparison left
     * paused ({@link ChildHandle#pause}) cannot notice its parent died; continued, it ends and removes its queues.
     */
    static void continueOrphans(final SystemFiles proc, final String mainClass, final PrintStream err) {
        for (final String pid : proc.list("/proc", "[0-9]*")) {
            if (stoppedOrphan(proc, pid, mainClass) && ChildHandle.signal(Long.parseLong(pid), "CONT") == null) {
                err.println("[qp] continued pid " + pid + ", a " + mainClass + " a killed comparison left"
                        + " stopped; it ends itself and removes its queues");
            }
        }
    }

    /**
     * Whether process {@code pid} is stopped (state T), runs {@code mainClass} and was handed to init or a subreaper,
     * never a JVM as a comparison's parent always is (a parent that ended meanwhile counts as gone).
     */
    static boolean stoppedOrphan(final SystemFiles proc, final String pid, final String mainClass) {
        final String[] stat = proc.statFieldsFromState("/proc/" + pid + "/stat");
        return stat.length > 1 && "T".equals(stat[0]) && ("1".equals(stat[1])
                || !commandLine(proc, stat[1]).contains("java")) && commandLine(proc, pid).contains(mainClass);
    }

    private static String commandLine(final SystemFiles proc, final String pid) {
        return String.join("\n", proc.lines("/proc/" + pid + "/cmdline"));
    }

    /** The machine's CPU times so far (/proc/stat's cpu line: busy and steal), or null when unreadable. */
    static CpuTimes machine() {
        try {
            return CpuTimes.read(SystemFiles.live());
        } catch (final RuntimeException e) {
            return null;
        }
    }

    /** What the machine's busy CPU time grew by between two readings, in ns (ticks of 10 ms), or -1. */
    static long busyNanos(final CpuTimes before, final CpuTimes after) {
        return before == null || after == null ? -1 : (after.busyTicks - before.busyTicks) * NANOS_PER_TICK;
    }

    static long stealTicks(final CpuTimes before, final CpuTimes after) {
        return before == null || after == null ? -1 : after.stealTicks - before.stealTicks;
    }

    /** Busy time less the comparison's own, ns; floored at 0 as /proc/stat counts 10 ms ticks; -1 unknown. */
    static long outsideNanos(final long machineBusyNanos, final long... comparisonNanos) {
        return machineBusyNanos < 0 || LongStream.of(comparisonNanos).anyMatch(own -> own < 0) ? -1
                : Math.max(0, machineBusyNanos - LongStream.of(comparisonNanos).sum());
    }

    private static final String DISTURBED = "disturbed: ";

    /** Why outside processes' CPU voids a slice (over {@code maxPercent} of one CPU); null when not, unknown or off. */
    static String disturbance(final long outsideNanos, final long windowNanos, final int maxPercent) {
        if (maxPercent == 0 || outsideNanos < 0 || windowNanos <= 0) {
            return null;
        }
        final double percent = 100.0 * outsideNanos / windowNanos;
        return percent <= maxPercent ? null : String.format(Locale.ROOT,
                DISTURBED + "outside processes used %.1f %% of a CPU", percent);
    }

    /** Whether a slice's failure is the machine's ({@link #disturbance}), not the variant's own. */
    static boolean disturbed(final String failure) {
        return failure.startsWith(DISTURBED);
    }
}
