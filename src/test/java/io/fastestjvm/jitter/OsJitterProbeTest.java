package io.fastestjvm.jitter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;

class OsJitterProbeTest {
    private static BitSet usable(final int count) {
        final BitSet cpus = new BitSet();
        cpus.set(0, count);
        return cpus;
    }

    /** The probe's plan on a machine with CPUs 0..cpuCount-1, producer and consumer asking for 2 and 4. */
    private static JitterProbePlan plan(final String probe, final String cpu, final int cpuCount) {
        final BitSet usable = usable(cpuCount);
        final CpuAssignment[] threads = CpuAssignment.plan(usable, false, 2, 4);
        return JitterProbePlan.plan(probe, cpu, usable, threads[0], threads[1]);
    }

    @Test
    void autoIsOffWhenNoCpuIsFreeAndSaysWhy() {
        final JitterProbePlan plan = plan("auto", "auto", 2);
        assertFalse(plan.enabled());
        assertTrue(plan.reason().startsWith("off by default: no CPU is free"), plan.reason());
    }

    @Test
    void autoTakesTheHighestFreeCpu() {
        final JitterProbePlan plan = plan("auto", "auto", 8);
        assertTrue(plan.enabled());
        assertEquals(7, plan.cpu());
        assertNull(plan.warning());
    }

    @Test
    void forcedOnWithoutAFreeCpuSharesOneAndWarns() {
        final JitterProbePlan unpinned = plan("true", "auto", 2);
        assertTrue(unpinned.enabled());
        assertEquals(CpuAssignment.UNPINNED, unpinned.cpu());
        assertTrue(unpinned.warning().contains("sharing a CPU"), unpinned.warning());
        final JitterProbePlan onConsumer = plan("true", "1", 2);
        assertEquals(1, onConsumer.cpu());
        assertTrue(onConsumer.warning().contains("on CPU 1"), onConsumer.warning());
        assertFalse(plan("false", "auto", 8).enabled());
    }

    @Test
    void aCpuThisProcessCannotUseIsABadSetting() {
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> plan("true", "9", 2));
        assertTrue(e.getMessage().startsWith("qp.jitterCpu: CPU 9 is not usable"), e.getMessage());
    }

    @Test
    void badProbeSettingsAreOneLineErrors() {
        for (final String[] bad : new String[][] {{"qp.jitterProbe", "maybe"}, {"qp.jitterCpu", "x"},
                {"qp.jitterCpu", "-2"}, {"qp.jitterThresholdNanos", "0"}}) {
            final Properties properties = new Properties();
            properties.setProperty(bad[0], bad[1]);
            final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                    () -> BenchmarkOptions.fromProperties(properties));
            assertTrue(e.getMessage().startsWith(bad[0] + ": "), e.getMessage());
        }
        final Properties good = new Properties();
        good.setProperty("qp.jitterCpu", "-1");
        assertEquals("-1", BenchmarkOptions.fromProperties(good).jitterCpu());
    }

    @Test
    void aShortProbeRecordsAConsistentHistogramWithoutAllocating() throws InterruptedException {
        // a 1 ns threshold: every step of the clock is a gap, so the probe must record many, and lose almost all
        // of its time to them (a probe that recorded nothing, or dropped gaps, fails here)
        final OsJitterProbe probe = new OsJitterProbe(CpuAssignment.UNPINNED, 1);
        final Thread thread = new Thread(probe, "test-jitter-probe");
        thread.start();
        TimeUnit.MILLISECONDS.sleep(300); // the probe's observation time, not synchronisation: join() is that
        probe.stop();
        thread.join();
        final OsJitterProbe.Result result = probe.result();
        final Histogram gaps = result.gaps;
        assertTrue(result.count() > 1_000, "gaps recorded: " + result.count());
        assertEquals(gaps.getTotalCount(), result.count());
        assertTrue(result.elapsedNanos > 0, "ran until stopped");
        assertTrue(gaps.getMinValue() > 1, "only gaps above the threshold are recorded");
        // every recorded gap is lost time, so their sum is at least count x the smallest, at most the run
        assertTrue(result.lostNanos >= gaps.getMinValue() * 0.999 * result.count());
        assertTrue(result.lostNanos <= result.elapsedNanos, "cannot lose more time than it ran");
        assertTrue(result.lostNanos >= result.elapsedNanos * 0.9, "the clock's steps add up to the run: "
                + result.lostNanos + " of " + result.elapsedNanos);
        final Map<String, Object> json = result.toMap();
        assertEquals(result.count(), json.get("count"));
        assertEquals(0L, json.get("allocatedBytes"), "the probe's loop allocates nothing");
    }
}
