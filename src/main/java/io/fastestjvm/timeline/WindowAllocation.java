package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

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
        final String parts = Stream.of(producer ? seconds("producer", rows, ALLOCATED_BYTES_PRODUCER) : null,
                consumer ? seconds("consumer", rows, ALLOCATED_BYTES_CONSUMER) : null)
                .filter(Objects::nonNull).collect(Collectors.joining("; "));
        return parts.isEmpty() ? null : parts;
    }

    private static String seconds(final String thread, final List<IntervalRow> rows, final String bytesField) {
        final List<String> seconds = rows.stream().filter(row -> row.measured() && row.get(bytesField) > 0)
                .map(row -> String.format(Locale.ROOT, "%d (%,d B)", row.second, row.get(bytesField)))
                .collect(Collectors.toList());
        return seconds.isEmpty() ? null
                : thread + " in measured second" + (seconds.size() > 1 ? "s " : " ") + String.join(", ", seconds);
    }

    /** The pauses in the measured rows and the last warm-up row; {@link IntervalRow#UNAVAILABLE} if none says. */
    public static long gcPauses(final List<IntervalRow> rows) {
        int from = rows.size();
        while (from > 0 && rows.get(from - 1).measured()) {
            from--;
        }
        final long[] pauses = rows.subList(Math.max(0, from - 1), rows.size()).stream()
                .mapToLong(row -> row.get(GC_PAUSES)).filter(n -> n != IntervalRow.UNAVAILABLE).toArray();
        return pauses.length == 0 ? IntervalRow.UNAVAILABLE : LongStream.of(pauses).sum();
    }

    /** {@link #gcPauses} of the rows, or the window's own GC count (summary.json) where that is higher. */
    public static long gcsReachingWindow(final List<IntervalRow> rows, final long windowGcCount) {
        return Math.max(windowGcCount, gcPauses(rows));
    }
}
