package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Which GC pauses can reach the measured window: the window's own and the placement probe's second before it. */
class WindowGcPausesTest {
    @Test
    void aRealRunsGcDuringThePlacementProbeCounts() throws IOException {
        final List<IntervalRow> rows = IntervalTable.readCsv(
                Paths.get("src/test/resources/timeline/run-20261125T024002Z-jdk21-28562/intervals.csv"));
        assertEquals(57, rows.size());
        assertEquals(0, rows.stream().filter(IntervalRow::measured).mapToLong(r -> r.get(GC_PAUSES)).sum(),
                "no GC in the window itself");
        assertEquals(1, WindowAllocation.gcPauses(rows));
    }

    @Test
    void aGcBeforeTheProbesSecondDoesNot() {
        final List<IntervalRow> rows = rows(0, 1, 0, 0, 0);
        assertEquals(0, WindowAllocation.gcPauses(rows), "the GC was 2 warm-up seconds before the window");
        rows.get(4).set(GC_PAUSES, 2);
        rows.get(2).set(GC_PAUSES, 1);
        assertEquals(3, WindowAllocation.gcPauses(rows), "the probe's second and the window");
    }

    @Test
    void noGcSourceIsUnavailableNotZero() {
        final List<IntervalRow> rows = rows(0, 0, 0, 0);
        for (final IntervalRow row : rows) {
            row.set(GC_PAUSES, IntervalRow.UNAVAILABLE);
        }
        assertEquals(IntervalRow.UNAVAILABLE, WindowAllocation.gcPauses(rows));
        assertEquals(IntervalRow.UNAVAILABLE, WindowAllocation.gcPauses(new ArrayList<>()));
    }

    @Test
    void theWindowsOwnGcCountStandsWhereItIsHigherOrTheRowsAreSilent() {
        final List<IntervalRow> rows = rows(0, 0, 1, 0);
        assertEquals(1, WindowAllocation.gcsReachingWindow(rows, 0),
                "the probe's second, which the window's count misses");
        assertEquals(2, WindowAllocation.gcsReachingWindow(rows, 2));
        for (final IntervalRow row : rows) {
            row.set(GC_PAUSES, IntervalRow.UNAVAILABLE);
        }
        assertEquals(1, WindowAllocation.gcsReachingWindow(rows, 1), "no GC events: the window's count");
        assertEquals(0, WindowAllocation.gcsReachingWindow(new ArrayList<>(), 0),
                "no intervals.csv, no GC in the window");
    }

    /** Three warm-up seconds, then measured ones; {@code gcPauses} per row in order. */
    private static List<IntervalRow> rows(final long... gcPauses) {
        final List<IntervalRow> rows = new ArrayList<>();
        for (int i = 0; i < gcPauses.length; i++) {
            final IntervalRow row = new IntervalRow();
            row.phase = i < 3 ? IntervalRow.WARMUP : IntervalRow.MEASURED;
            row.second = i < 3 ? i : i - 3;
            row.set(GC_PAUSES, gcPauses[i]);
            rows.add(row);
        }
        return rows;
    }
}
