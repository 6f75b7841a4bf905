package io.fastestjvm.jitter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.CpuPlanner;
import io.fastestjvm.config.InvalidSettingException;

class OsJitterProbeTest {
    private static BitSet usable(final int count) {
        final BitSet cpus = new BitSet();
        cpus.set(0, count);
        return cpus;
    }

    private static CpuAssignment[] plan(final BitSet usable, final int producer, final int consumer) {
        return new CpuPlanner(usable, false).plan(producer, consumer);
    }

    @Test
    void autoIsOffWhenNoCpuIsFreeAndSaysWhy() {
        final BitSet two = usable(2);
        final CpuAssignment[] cpus = plan(two, 2, 4);
        final JitterProbePlan plan = JitterProbePlan.plan("auto", "auto", two, cpus[0], cpus[1]);
        assertFalse(plan.enabled());
        assertTrue(plan.reason().startsWith("off by default: no CPU is free"), plan.reason());
    }

    @Test
    void autoTakesTheHighestFreeCpu() {
        final BitSet eight = usable(8);
        final CpuAssignment[] cpus = plan(eight, 2, 4);
        final JitterProbePlan plan = JitterProbePlan.plan("auto", "auto", eight, cpus[0], cpus[1]);
        assertTrue(plan.enabled());
        assertEquals(7, plan.cpu());
        assertNull(plan.warning());
    }

    @Test
    void forcedOnWithoutAFreeCpuSharesOneAndWarns() {
        final BitSet two = usable(2);
        final CpuAssignment[] cpus = plan(two, 2, 4);
        final JitterProbePlan unpinned = JitterProbePlan.plan("true", "auto", two, cpus[0], cpus[1]);
        assertTrue(unpinned.enabled());
        assertEquals(CpuAssignment.UNPINNED, unpinned.cpu());
        assertTrue(unpinned.warning().contains("sharing a CPU"), unpinned.warning());
        final JitterProbePlan onConsumer = JitterProbePlan.plan("true", "1", two, cpus[0], cpus[1]);
        assertEquals(1, onConsumer.cpu());
        assertTrue(onConsumer.warning().contains("on CPU 1"), onConsumer.warning());
        assertFalse(JitterProbePlan.plan("false", "auto", usable(8), cpus[0], cpus[1]).enabled());
    }

    @Test
    void aCpuThisProcessCannotUseIsABadSetting() {
        final BitSet two = usable(2);
        final CpuAssignment[] cpus = plan(two, 2, 4);
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> JitterProbePlan.plan("true", "9", two, cpus[0], cpus[1]));
        assertTrue(e.getMessage().startsWith("qp.jitterCpu: CPU 9 is not usable"), e.getMessage());
    }

    @Test
    void aShortProbeRecordsAConsistentHistogramWithoutAllocating() throws InterruptedException {
        final OsJitterProbe probe = new OsJitterProbe(CpuAssignment.UNPINNED, 1_000);
        final Thread thread = new Thread(probe, "test-jitter-probe");
        thread.start();
        TimeUnit.MILLISECONDS.sleep(300); // the probe's observation time, not synchronisation: join() is that
        probe.stop();
        thread.join();
        final OsJitterProbe.Result result = probe.result();
        final Histogram gaps = result.gaps();
        assertTrue(result.count() >= 0);
        assertEquals(gaps.getTotalCount(), result.count());
        assertTrue(result.elapsedNanos() > 0, "ran until stopped");
        if (result.count() > 0) {
            assertTrue(gaps.getMinValue() > 1_000 * 0.999, "only gaps above the threshold are recorded");
            // every recorded gap is lost time, so their sum is at least count x the smallest, at most the run
            assertTrue(result.lostNanos() >= gaps.getMinValue() * 0.999 * result.count());
        }
        assertTrue(result.lostNanos() <= result.elapsedNanos(), "cannot lose more time than it ran");
        final Map<String, Object> json = result.toMap();
        assertEquals(result.count(), json.get("count"));
        assertEquals(0L, json.get("allocatedBytes"), "the probe's loop allocates nothing");
    }
}
