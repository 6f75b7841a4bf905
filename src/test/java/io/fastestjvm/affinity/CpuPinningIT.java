package io.fastestjvm.affinity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import net.openhft.affinity.AffinityLock;

import io.fastestjvm.ChildProcesses;

@ExtendWith(ChildProcesses.class)
// sized to the run, about 3x: pinning on each CPU in turn and a child JVM holding one: seconds here
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CpuPinningIT {
    /** The highest CPU this process may use: pinning to it must always be possible. */
    static int someUsableCpu() {
        return ThreadAffinity.processAllowedCpus().length() - 1;
    }

    @Test
    void pinsExactlyTheCpuAskedForAndTheKernelAgrees() throws Exception {
        final int cpu = someUsableCpu();
        final ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            thread.submit(() -> {
                try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpu)) {
                    final BitSet expected = new BitSet();
                    expected.set(cpu);
                    assertEquals(expected, pinning.actualCpus());
                    assertEquals(expected, ThreadAffinity.currentThreadAllowedCpus());
                    assertTrue(pinning.threadId() > 0);
                }
                return null;
            }).get(30, TimeUnit.SECONDS);
        } finally {
            thread.shutdownNow();
        }
    }

    @Test
    void unpinnedLeavesTheThreadOnEveryCpuItHad() {
        final BitSet before = ThreadAffinity.currentThreadAllowedCpus();
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(CpuAssignment.UNPINNED)) {
            assertEquals(before, pinning.actualCpus());
            assertNull(pinning.note());
        }
    }

    /** Another process holding the CPU's OpenHFT reservation must not leave this thread silently unpinned. */
    @Test
    void aCpuReservedByAnotherProcessIsStillPinnedExactlyAndTheReasonKept() throws Exception {
        final int cpu = someUsableCpu();
        final List<String> command = new ArrayList<>();
        command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(HoldCpu.class.getName());
        command.add(String.valueOf(cpu));
        final Process holder = ChildProcesses.start(new ProcessBuilder(command).redirectErrorStream(true));
        try {
            final BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                    StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null && !line.startsWith("holding ")
                    && !line.startsWith("could not hold ")) {
                // the holder's log lines
            }
            // Either our holder has the reservation or a third process had it already: both are "another process".
            assertTrue(("holding " + cpu).equals(line) || ("could not hold " + cpu).equals(line), line);
            final ExecutorService thread = Executors.newSingleThreadExecutor();
            try {
                thread.submit(() -> {
                    try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpu)) {
                        assertEquals(1, pinning.actualCpus().cardinality());
                        assertTrue(pinning.actualCpus().get(cpu));
                        assertTrue(pinning.note().contains("another process"), pinning.note());
                        assertTrue(pinning.note().endsWith("pinned with sched_setaffinity instead"), pinning.note());
                    }
                    return null;
                }).get(30, TimeUnit.SECONDS);
            } finally {
                thread.shutdownNow();
            }
        } finally {
            holder.getOutputStream().close();
            holder.waitFor(30, TimeUnit.SECONDS);
            holder.destroyForcibly();
        }
    }

    /** Holds CPU {@code args[0]}'s OpenHFT reservation until its standard input closes. */
    public static final class HoldCpu {
        public static void main(final String[] args) throws Exception {
            final int cpu = Integer.parseInt(args[0]);
            try (AffinityLock lock = AffinityLock.acquireLock(new int[] {cpu})) {
                System.out.println((lock.isBound() ? "holding " : "could not hold ") + cpu);
                System.out.flush();
                while (System.in.read() >= 0) {
                    // wait for the test to close our input
                }
            }
        }
    }
}
