package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;

import java.util.List;

/**
 * The GC pauses whose effect can land in the measured window: those in it, and those in the last warm-up second
 * (the placement probe's), where a GC clears Chronicle Queue's weakly held index arrays and the window's first
 * message allocates them again.
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

    /** {@link #count} of the rows, or the window's own GC count (summary.json) where that is higher. */
    public static long reachingWindow(final List<IntervalRow> rows, final long windowGcCount) {
        return Math.max(windowGcCount, count(rows));
    }
}
