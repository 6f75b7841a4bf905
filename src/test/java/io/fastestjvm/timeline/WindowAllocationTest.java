package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_PRODUCER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The measured seconds an allocation is placed in: warm-up rows, unreadable counts and passing threads never are. */
class WindowAllocationTest {
    @Test
    void namesEachMeasuredSecondWithBytesPerThread() {
        final List<IntervalRow> rows = Arrays.asList(row(IntervalRow.WARMUP, 7, 5_000, 64),
                row(IntervalRow.MEASURED, 0, 0, 0), row(IntervalRow.MEASURED, 9, 352, 0),
                row(IntervalRow.MEASURED, 40, 2_008, IntervalRow.UNAVAILABLE), row(IntervalRow.MEASURED, 41, 0, 24));
        assertEquals("producer in measured seconds 9 (352 B), 40 (2,008 B); consumer in measured second 41 (24 B)",
                WindowAllocation.where(rows, true, true));
        assertEquals("producer in measured seconds 9 (352 B), 40 (2,008 B)", WindowAllocation.where(rows, true, false),
                "a thread that passed its check is not asked about: its edges' bytes are not the loop's");
    }

    @Test
    void nothingAllocatedOrNothingReadableIsNull() {
        assertNull(WindowAllocation.where(Arrays.asList(row(IntervalRow.WARMUP, 0, 1_000, 1_000),
                row(IntervalRow.MEASURED, 0, 0, 0),
                row(IntervalRow.MEASURED, 1, IntervalRow.UNAVAILABLE, IntervalRow.UNAVAILABLE)), true, true));
    }

    private static IntervalRow row(final String phase, final long second, final long producer, final long consumer) {
        final IntervalRow row = new IntervalRow();
        row.phase = phase;
        row.second = second;
        row.set(ALLOCATED_BYTES_PRODUCER, producer);
        row.set(ALLOCATED_BYTES_CONSUMER, consumer);
        return row;
    }
}
