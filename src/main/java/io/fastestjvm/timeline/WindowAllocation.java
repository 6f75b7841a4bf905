package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The measured seconds the benchmark threads allocated in: the allocation check has one total per thread, and the
 * second is what can be matched with that second's other evidence. And the GC pauses whose effect can land in the
 * measured window: those in it, and those in the last warm-up second (the placement probe's), where a GC clears
 * Chronicle Queue's weakly held index arrays and the window's first message allocates them again.
 */
public final class WindowAllocation {
    private WindowAllocation() {
    }

    /**
     * E.g. {@code "producer in measured second 9 (352 B)"}, or null when no measured row counts any. The first and
     * last measured rows also hold the window's edges, so ask only about a thread whose check failed.
     */
    public static String where(final List<IntervalRow> rows, final boolean producer, final boolean consumer) {
        final List<String> parts = new ArrayList<>();
        if (producer) {
            add(parts, "producer", rows, true);
        }
        if (consumer) {
            add(parts, "consumer", rows, false);
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    private static void add(final List<String> parts, final String thread, final List<IntervalRow> rows,
                            final boolean producer) {
        final List<String> seconds = new ArrayList<>();
        for (final IntervalRow row : rows) {
            final long bytes = producer ? row.get(ALLOCATED_BYTES_PRODUCER) : row.get(ALLOCATED_BYTES_CONSUMER);
            if (row.measured() && bytes > 0) {
                seconds.add(String.format(Locale.ROOT, "%d (%,d B)", row.second, bytes));
            }
        }
        if (!seconds.isEmpty()) {
            parts.add(thread + " in measured second" + (seconds.size() > 1 ? "s " : " ") + String.join(", ", seconds));
        }
    }

    /** The pauses in the measured rows and the last warm-up row; {@link IntervalRow#UNAVAILABLE} if none says. */
    public static long gcPauses(final List<IntervalRow> rows) {
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

    /** {@link #gcPauses} of the rows, or the window's own GC count (summary.json) where that is higher. */
    public static long gcsReachingWindow(final List<IntervalRow> rows, final long windowGcCount) {
        return Math.max(windowGcCount, gcPauses(rows));
    }
}
