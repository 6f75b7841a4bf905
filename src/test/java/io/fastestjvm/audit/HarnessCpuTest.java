package io.fastestjvm.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.fastestjvm.affinity.ThreadAffinity;

class HarnessCpuTest {
    /** Spins until this thread has used {@code millis} of CPU (measured by the JVM, not by the clock). */
    private static void burn(final long millis) {
        final long target = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime()
                + TimeUnit.MILLISECONDS.toNanos(millis);
        while (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() < target) {
            Thread.yield();
        }
    }

    @SuppressWarnings("unchecked")
    @Test
    void aBusyThreadIsCountedAndAnExcludedOneIsNot() throws InterruptedException {
        final HarnessCpu cpu = new HarnessCpu(SystemFiles.live());
        final AtomicInteger busyTid = new AtomicInteger(-1);
        final AtomicInteger excludedTid = new AtomicInteger(-1);
        final CountDownLatch burned = new CountDownLatch(2);
        final CountDownLatch measured = new CountDownLatch(1);
        cpu.start();
        final Thread busy = worker(busyTid, burned, measured);
        final Thread excluded = worker(excludedTid, burned, measured);
        assertTrue(burned.await(60, TimeUnit.SECONDS));
        cpu.stop(); // both threads still alive: a thread gone before the end snapshot is not counted
        measured.countDown();
        busy.join();
        excluded.join();
        final Map<String, Object> result = cpu.result(excludedTid.get());
        final List<Map<String, Object>> threads = (List<Map<String, Object>>) result.get("threads");
        assertTrue(threads.stream().noneMatch(t -> t.get("tid").equals(excludedTid.get())), threads.toString());
        final Map<String, Object> busyRow = threads.stream().filter(t -> t.get("tid").equals(busyTid.get()))
                .findFirst().orElseThrow(() -> new AssertionError("busy thread missing: " + threads));
        assertTrue((Double) busyRow.get("cpuMillis") >= 60, busyRow.toString());
        assertTrue((Double) result.get("cpuMillisPerSecond") > 0);
        assertEquals(HarnessCpu.METHOD, result.get("method"));
        assertTrue(HarnessCpu.describe(result).startsWith("harness threads' CPU time during measurement:"));
    }

    @Test
    void aWindowNeverClosedSaysSo() {
        final HarnessCpu cpu = new HarnessCpu(SystemFiles.live());
        cpu.start();
        assertTrue(cpu.result().containsKey("problem"));
    }

    private static Thread worker(final AtomicInteger tid, final CountDownLatch burned, final CountDownLatch done) {
        final Thread thread = new Thread(() -> {
            tid.set(ThreadAffinity.currentThreadId());
            burn(80);
            burned.countDown();
            try {
                done.await(60, TimeUnit.SECONDS);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        thread.start();
        return thread;
    }
}
