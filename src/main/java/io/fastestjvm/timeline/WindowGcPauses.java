package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;

import java.util.List;

/**
 * The GC pauses whose effect can land in the measured window: those in it, and those in the last warm-up second.
 * That second holds the placement probe, about a second in which the producer sends nothing; a GC there clears
 * Chronicle Queue's weakly held index arrays, and the producer's first lookup after it, which re-creates them, is
 * the window's first message (run 20261125T024002Z-jdk21-28562: a young GC during the probe, 240 B allocated in
 * measured second 0).
 */
public final class WindowGcPauses {
    private WindowGcPauses() {
    }

    /** The pauses in the measured rows and the last warm-up row; {@link IntervalRow#UNAVAILABLE} if none says. */
    public static long count(final List<IntervalRow> rows) {
        int from = rows.size();
        while (from > 0 && rows.get(from - 1).measured()) {
            from--;
        }
        from = Math.max(0, from - 1);
        long pauses = IntervalRow.UNAVAILABLE;
        for (final IntervalRow row : rows.subList(from, rows.size())) {
            if (row.get(GC_PAUSES) != IntervalRow.UNAVAILABLE) {
                pauses = Math.max(0, pauses) + row.get(GC_PAUSES);
            }
        }
        return pauses;
    }

    /**
     * What a run knows of the GCs that could reach its window: {@link #count} of its rows, or the window's own GC
     * count (the GC MXBeans', in summary.json) where that is higher or the rows have no GC events.
     */
    public static long reachingWindow(final List<IntervalRow> rows, final long windowGcCount) {
        return Math.max(windowGcCount, count(rows));
    }
}
