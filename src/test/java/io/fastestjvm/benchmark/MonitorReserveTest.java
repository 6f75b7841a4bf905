package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.junit.jupiter.api.Test;

class MonitorReserveTest {

    @Test
    void onlyTheJdksThatDeflateInASafepointOnUsage() {
        assertFalse(BenchmarkRun.monitorReserveNeededOn("1.8"));
        assertFalse(BenchmarkRun.monitorReserveNeededOn("9"));
        assertTrue(BenchmarkRun.monitorReserveNeededOn("10"));
        assertTrue(BenchmarkRun.monitorReserveNeededOn("11"));
        assertTrue(BenchmarkRun.monitorReserveNeededOn("14"));
        assertFalse(BenchmarkRun.monitorReserveNeededOn("15"));
        assertFalse(BenchmarkRun.monitorReserveNeededOn("17"));
        assertFalse(BenchmarkRun.monitorReserveNeededOn("21"));
        assertFalse(BenchmarkRun.monitorReserveNeededOn("25"));
    }

    @Test
    void holdsEveryMonitorAtOnceOnAThreadThatEnds() throws InterruptedException {
        assertEquals(BenchmarkRun.MONITORS, BenchmarkRun.provisionMonitors(BenchmarkRun.MONITORS));
        for (final Thread thread : Thread.getAllStackTraces().keySet()) {
            assertFalse(thread.getName().equals("qp-monitor-reserve"), "the reserve's thread must have ended");
        }
    }

    @Test
    void saysSoOnlyWhereItRuns() throws InterruptedException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BenchmarkRun.provisionMonitorsIfNeeded(new PrintStream(bytes, true));
        final boolean needed = BenchmarkRun.monitorReserveNeededOn(System.getProperty("java.specification.version"));
        assertEquals(needed, bytes.toString().contains("object monitors inflated on a short-lived thread"));
    }
}
