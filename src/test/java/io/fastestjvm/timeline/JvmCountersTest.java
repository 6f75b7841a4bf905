package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.recording.Latency;

class JvmCountersTest {

    @Test
    void readsThisJvmsCountersAndSeesAGcSafepoint() {
        final JvmCounters counters = JvmCounters.open();
        assertNotNull(counters, "HotSpot with UsePerfData (the default) publishes hsperfdata");
        assertTrue(counters.compilations() > 0, "a JVM running JUnit has compiled something");
        assertTrue(counters.invalidations() >= 0);
        final long safepoints = counters.safepoints();
        final long stopped = counters.safepointNanos();
        System.gc();
        assertTrue(counters.safepoints() > safepoints, "a full GC is a safepoint");
        assertTrue(counters.safepointNanos() > stopped, "and it stopped the threads for some time");
        assertTrue(counters.safepointSyncNanos() >= 0);
    }

    @Test
    void aFileThatIsNotPerfDataIsUnavailable(@TempDir final File dir) throws IOException {
        final File notPerfData = new File(dir, "12345");
        Files.write(notPerfData.toPath(), new byte[64]);
        assertNull(JvmCounters.open(notPerfData));
        assertNull(JvmCounters.open(new File(dir, "missing")));
    }

    @Test
    void unavailableCellsAreEmptyInTheCsvRow() {
        final IntervalRow row = new IntervalRow();
        row.phase = IntervalRow.MEASURED;
        row.second = 7;
        row.latency(Latency.ACTUAL_SEND).p50 = 210;
        row.set(SAFEPOINTS, 3);
        final String[] cells = row.csvCells();
        assertEquals(IntervalRow.COLUMNS.size(), cells.length);
        assertEquals("measured", cells[0]);
        assertEquals("7", cells[1]);
        assertEquals("210", cells[IntervalRow.COLUMNS.indexOf("actualSendP50")]);
        assertEquals("3", cells[IntervalRow.COLUMNS.indexOf("safepoints")]);
        assertEquals("", cells[IntervalRow.COLUMNS.indexOf("hotPathDeopts")]);
    }
}
