package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.audit.CpuTimes;
import io.fastestjvm.audit.SystemFiles;

/** The machine's CPU around a slice, from planted /proc/stat readings: busy, steal, and what was used outside. */
class ProcSampleTest {
    @TempDir
    Path root;

    /** A /proc/stat reading: user nice system idle iowait irq softirq steal. */
    CpuTimes stat(final long user, final long nice, final long system, final long idle, final long iowait,
                  final long irq, final long softirq, final long steal) throws IOException {
        Files.createDirectories(root.resolve("proc"));
        Files.write(root.resolve("proc/stat"), String.format("cpu  %d %d %d %d %d %d %d %d 0 0%n"
                + "cpu0 1 2 3 4 5 6 7 8 0 0%n", user, nice, system, idle, iowait, irq, softirq, steal)
                .getBytes(StandardCharsets.US_ASCII));
        return CpuTimes.read(new SystemFiles(root));
    }

    @Test
    void busyIsUserNiceSystemIrqAndSoftirqInTicksOfTenMilliseconds() throws IOException {
        final CpuTimes before = stat(1000, 10, 500, 90_000, 40, 3, 7, 20);
        // +150 user, +2 nice, +40 system, +1 irq, +2 softirq = 195 ticks; idle, iowait and steal are not busy
        final CpuTimes after = stat(1150, 12, 540, 90_200, 90, 4, 9, 25);
        assertEquals(1_950_000_000L, ProcSample.busyNanos(before, after));
        assertEquals(5, ProcSample.stealTicks(before, after));
        assertEquals(-1, ProcSample.busyNanos(null, after), "unreadable is -1, never 0");
        assertEquals(-1, ProcSample.stealTicks(before, null));
    }

    @Test
    void outsideIsTheMachinesBusyTimeLessEachOfTheComparisonsProcesses() throws IOException {
        final long busy = ProcSample.busyNanos(stat(1000, 0, 500, 90_000, 0, 0, 0, 0),
                stat(1150, 0, 560, 90_010, 0, 0, 0, 0)); // 210 ticks: 2.1 s of CPU in a 1.05 s window
        // the measuring JVM 1.98 s, the idle JVM 12 ms, the parent 8 ms: 100 ms of CPU was someone else's
        assertEquals(100_000_000L, ProcSample.outsideNanos(busy, 1_980_000_000L, 12_000_000L, 8_000_000L));
        assertEquals(0, ProcSample.outsideNanos(busy, 2_105_000_000L, 0, 0), "ticks round: floored at 0");
        assertEquals(-1, ProcSample.outsideNanos(busy, 1_980_000_000L, -1, 8_000_000L), "an unknown part: unknown");
        assertEquals(-1, ProcSample.outsideNanos(-1, 0, 0, 0));
    }

    @Test
    void aSliceIsDisturbedWhenOutsideProcessesUsedMoreThanTheLimitOfOneCpuOverItsWindow() throws IOException {
        final CpuTimes before = stat(5000, 0, 2000, 10_000, 0, 0, 0, 0);
        final CpuTimes quiet = stat(5150, 0, 2060, 10_010, 0, 0, 0, 0); // 210 ticks
        final CpuTimes busy = stat(5160, 0, 2062, 10_010, 0, 0, 0, 0); // 222 ticks
        final long window = 1_000_000_000L;
        final long ours = 2_000_000_000L;
        final long quietOutside = ProcSample.outsideNanos(ProcSample.busyNanos(before, quiet), ours);
        assertEquals(100_000_000L, quietOutside);
        assertNull(ProcSample.disturbance(quietOutside, window, 10), "10 % is not more than 10 %");
        final long busyOutside = ProcSample.outsideNanos(ProcSample.busyNanos(before, busy), ours);
        assertEquals("disturbed: outside processes used 22.0 % of a CPU",
                ProcSample.disturbance(busyOutside, window, 10));
        assertEquals("disturbed: outside processes used 11.0 % of a CPU",
                ProcSample.disturbance(busyOutside, 2 * window, 10), "a share of the window, not of a second");
        assertNull(ProcSample.disturbance(busyOutside, window, 0), "0 is off");
        assertNull(ProcSample.disturbance(busyOutside, window, 25));
        assertNull(ProcSample.disturbance(-1, window, 10), "unknown is not disturbed");
        assertTrue(ProcSample.disturbed(ProcSample.disturbance(busyOutside, window, 10)));
        assertFalse(ProcSample.disturbed("consumer allocated 280 B"), "a variant's own failed check is its own");
    }

    @Test
    void aProcessCpuTimeIsReadFromItsStatFile() throws java.io.IOException {
        assertTrue(ProcSample.processCpuNanos(
                Long.parseLong(new java.io.File("/proc/self").getCanonicalFile().getName())) > 0, "this JVM has used CPU");
    }

    /** A planted /proc process: its stat line (the command name may hold spaces and parentheses) and cmdline. */
    void process(final String pid, final String stat, final String cmdline) throws IOException {
        Files.createDirectories(root.resolve("proc/" + pid));
        Files.write(root.resolve("proc/" + pid + "/stat"), stat.getBytes(StandardCharsets.US_ASCII));
        Files.write(root.resolve("proc/" + pid + "/cmdline"), cmdline.getBytes(StandardCharsets.US_ASCII));
    }

    /** Reading /proc/PID/stat lines whose command name holds spaces and parentheses. */
    @Test
    void stateAndParentAreReadPastTheLastParenthesis() throws IOException {
        final SystemFiles proc = new SystemFiles(root);
        process("4242", "4242 (java (x) T 1) T 1 4242 4242 0 -1 4194560 100 0 0 0", "java\0-cp\0x\0Child");
        assertTrue(ProcSample.stoppedOrphan(proc, "4242", "Child"), "stopped, its parent init");
        assertFalse(ProcSample.stoppedOrphan(proc, "4242", "Other"), "another main class");
        process("977", "977 (java) S 1 977 977 0 -1 4194560 100 0 0 0", "java\0Parent");
        process("4243", "4243 (T 7) S 977 4243 4243 0 -1 4194560 100 0 0 0", "java\0Child");
        assertFalse(ProcSample.stoppedOrphan(proc, "4243", "Child"), "a T inside the name is not the state");
        process("4244", "4244 (java (x)) T 977 4244 4244 0 -1 4194560 100 0 0 0", "java\0Child");
        assertFalse(ProcSample.stoppedOrphan(proc, "4244", "Child"), "its parent 977 is a JVM: no orphan");
        process("4245", "4245 (java) T 31 4245 4245 0 -1 4194560 100 0 0 0", "java\0Child");
        assertTrue(ProcSample.stoppedOrphan(proc, "4245", "Child"), "parent 31 ended meanwhile: gone");
        process("4246", "4246 (java) T 1 4246 4246 0 -1 4194560 100 0 0 0", "");
        Files.write(root.resolve("proc/4246/cmdline"), new byte[] {'j', 0, (byte) 0xff, 0, 'C', 'h', 'i', 'l', 'd'});
        assertTrue(ProcSample.stoppedOrphan(proc, "4246", "Child"), "a byte that is not UTF-8 in its cmdline");
    }
}
