package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_PRODUCER;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The measured seconds the benchmark threads allocated in: the allocation check has one total per thread, and the
 * second is what can be matched with that second's other evidence.
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
}
