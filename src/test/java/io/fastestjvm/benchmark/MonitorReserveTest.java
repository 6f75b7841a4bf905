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
        assertFalse(MonitorReserve.neededOn("1.8"));
        assertFalse(MonitorReserve.neededOn("9"));
        assertTrue(MonitorReserve.neededOn("10"));
        assertTrue(MonitorReserve.neededOn("11"));
        assertTrue(MonitorReserve.neededOn("14"));
        assertFalse(MonitorReserve.neededOn("15"));
        assertFalse(MonitorReserve.neededOn("17"));
        assertFalse(MonitorReserve.neededOn("21"));
        assertFalse(MonitorReserve.neededOn("25"));
    }

    @Test
    void holdsEveryMonitorAtOnceOnAThreadThatEnds() throws InterruptedException {
        assertEquals(MonitorReserve.MONITORS, MonitorReserve.provision(MonitorReserve.MONITORS));
        for (final Thread thread : Thread.getAllStackTraces().keySet()) {
            assertFalse(thread.getName().equals("qp-monitor-reserve"), "the reserve's thread must have ended");
        }
    }

    @Test
    void saysSoOnlyWhereItRuns() throws InterruptedException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MonitorReserve.provisionIfNeeded(new PrintStream(bytes, true));
        final boolean needed = MonitorReserve.neededOn(System.getProperty("java.specification.version"));
        assertEquals(needed, bytes.toString().contains("object monitors inflated on a short-lived thread"));
    }
}
