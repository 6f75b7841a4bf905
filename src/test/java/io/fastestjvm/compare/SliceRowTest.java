package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.List;

import io.fastestjvm.control.ControlMessage;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.slice.SliceProtocol;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** slices.csv and blocks.csv rows: every field survives a write and a read, and a failure text cannot break a row. */
class SliceRowTest {
    @TempDir
    File folder;

    static SliceRow fullSlice() {
        final SliceRow row = new SliceRow();
        row.block = 3;
        row.cycle = 41;
        row.position = 2;
        row.variant = "jdk17#g1";
        row.predecessor = "jdk21-zgc";
        row.recorded = 100_000;
        row.wallNanos = 1_000_123_456L;
        for (int i = 0; i < row.actualSend.length; i++) {
            row.actualSend[i] = 400 + 1000L * i;
            row.intendedSend[i] = 500 + 1000L * i + 7;
        }
        for (int i = 0; i < row.evidence.length; i++) {
            row.evidence[i] = i * 11L + 1;
        }
        row.evidence[row.evidence.length - 1] = Long.MAX_VALUE;
        row.around[0] = 12_345;
        row.around[1] = 6;
        row.around[2] = 777_777;
        row.around[3] = -1;
        row.voided = true;
        row.failure = "gc in slice: 2 collections, 3 ms";
        row.queue = 1;
        for (int i = 0; i < row.actualMore.length; i++) {
            row.actualMore[i] = 300 + 10L * i;
            row.intendedMore[i] = 350 + 10L * i;
        }
        row.threadCpu[0] = 999_000_001L;
        row.threadCpu[1] = 998_000_002L;
        row.machine[0] = 2_001_000_000L;
        row.machine[1] = 2_120_000_000L;
        row.machine[2] = 90_000_000L;
        row.machine[3] = 1_040_000_000L;
        return row;
    }

    private static void assertSameSlice(final SliceRow expected, final SliceRow actual, final String failure) {
        assertEquals(expected.block, actual.block);
        assertEquals(expected.cycle, actual.cycle);
        assertEquals(expected.position, actual.position);
        assertEquals(expected.variant, actual.variant);
        assertEquals(expected.predecessor, actual.predecessor);
        assertEquals(expected.recorded, actual.recorded);
        assertEquals(expected.wallNanos, actual.wallNanos);
        assertArrayEquals(expected.actualSend, actual.actualSend);
        assertArrayEquals(expected.intendedSend, actual.intendedSend);
        assertArrayEquals(expected.evidence, actual.evidence);
        assertEquals(expected.around[0], actual.around[0]);
        assertEquals(expected.around[1], actual.around[1]);
        assertEquals(expected.around[2], actual.around[2]);
        assertEquals(expected.around[3], actual.around[3]);
        assertEquals(expected.voided, actual.voided);
        assertEquals(failure, actual.failure);
        assertEquals(expected.queue, actual.queue);
        assertArrayEquals(expected.actualMore, actual.actualMore);
        assertArrayEquals(expected.intendedMore, actual.intendedMore);
        assertArrayEquals(expected.threadCpu, actual.threadCpu);
        assertEquals(expected.machine[0], actual.machine[0]);
        assertEquals(expected.machine[1], actual.machine[1]);
        assertEquals(expected.machine[2], actual.machine[2]);
        assertEquals(expected.machine[3], actual.machine[3]);
    }

    @Test
    void aFullSliceRowSurvivesCsv() {
        final SliceRow row = fullSlice();
        final String csv = row.toCsv();
        assertEquals(SliceRow.header().split(",").length, csv.split(",", -1).length, "one cell per column");
        final SliceRow back = SliceRow.parse(csv);
        assertSameSlice(row, back, "gc in slice: 2 collections; 3 ms");
        assertEquals(400, back.actualP50());
        assertEquals(csv, back.toCsv());
    }

    @Test
    void aCleanSliceKeepsAnEmptyFailure() {
        final SliceRow row = fullSlice();
        row.voided = false;
        row.failure = "";
        final SliceRow back = SliceRow.parse(row.toCsv());
        assertSameSlice(row, back, "");
        assertFalse(back.voided);
    }

    /** A row as a set made before the last {@code columns} columns existed wrote it. */
    private static String withoutLast(final String csv, final int columns) {
        String older = csv;
        for (int column = 0; column < columns; column++) {
            older = older.substring(0, older.lastIndexOf(','));
        }
        return older;
    }

    private static int appendedAfterQueue() {
        return 2 * SliceProtocol.MORE_STATISTICS.size() + SliceProtocol.MORE_EVIDENCE.size() + SliceRow.MACHINE.size();
    }

    @Test
    void aRowWrittenBeforeTheQueueColumnParsesAsQueueZero() {
        final SliceRow row = fullSlice();
        row.queue = 2;
        final String csv = row.toCsv();
        assertEquals(2, SliceRow.parse(csv).queue);
        assertEquals(2, SliceRow.parse(withoutLast(csv, appendedAfterQueue())).queue);
        assertEquals(0, SliceRow.parse(withoutLast(csv, appendedAfterQueue() + 1)).queue);
    }

    @Test
    void aRowWrittenBeforeTheMoreStatisticsAndCpuColumnsParsesWithMinusOnes() {
        final SliceRow row = fullSlice();
        final SliceRow older = SliceRow.parse(withoutLast(row.toCsv(), appendedAfterQueue()));
        assertEquals(1, older.queue);
        assertEquals("gc in slice: 2 collections; 3 ms", older.failure);
        assertArrayEquals(new long[] {-1, -1, -1, -1}, older.actualMore);
        assertArrayEquals(new long[] {-1, -1, -1, -1}, older.intendedMore);
        assertArrayEquals(new long[] {-1, -1}, older.threadCpu);
        assertEquals(-1, older.machine[0]);
        assertEquals(-1, older.machine[1]);
        assertEquals(-1, older.machine[2]);
        assertEquals(-1, older.machine[3]);
        assertArrayEquals(row.actualSend, older.actualSend, "the older columns are where they were");
        assertEquals(row.around[3], older.around[3]);
    }

    @Test
    void theHeaderNamesEveryColumnOnce() {
        final String[] columns = SliceRow.header().split(",");
        assertEquals(7 + 2 * SliceProtocol.PERCENTILES.size() + SliceProtocol.EVIDENCE.size() + 7
                + appendedAfterQueue(), columns.length);
        assertEquals("block", columns[0]);
        assertEquals("actualSend.p50", columns[7]);
        final int queue = columns.length - 1 - appendedAfterQueue();
        assertEquals("failure", columns[queue - 1]);
        assertEquals("queue", columns[queue]);
        assertEquals(java.util.Arrays.asList("actualSend.p1", "actualSend.p10", "actualSend.mean", "actualSend.min",
                "intendedSend.p1", "intendedSend.p10", "intendedSend.mean", "intendedSend.min", "producerCpuNanos",
                "consumerCpuNanos", "measuringCpuNanos", "machineBusyNanos", "outsideCpuNanos", "windowNanos"),
                java.util.Arrays.asList(columns).subList(queue + 1, columns.length),
                "appended after queue, so that sets made before them still parse");
        assertEquals(columns.length, new java.util.HashSet<>(java.util.Arrays.asList(columns)).size());
    }

    /**
     * A slice's window, sent in its reply and read back as the parent does, writes the row the reply's own
     * percentile maps wrote before windows (the line below is that writer's output for the same values).
     */
    @Test
    void aSlicesWindowWritesTheRowTheReplyWroteBeforeWindows() throws IOException {
        final Histogram actual = LatencyRecorder.newHistogram();
        final Histogram intended = LatencyRecorder.newHistogram();
        for (int i = 0; i < 10_000; i++) {
            actual.recordValue(250 + (i * 37L) % 4_000);
            intended.recordValue(300 + (i * 53L) % 90_000);
        }
        actual.recordValue(1_234_567);
        final MeasuredWindow.Builder sent = MeasuredWindow.startingAt(1_795_791_600_000L, 42, 1_000_123_456L)
                .histogram(Latency.ACTUAL_SEND, actual).histogram(Latency.INTENDED_SEND, intended);
        for (int i = 0; i < SliceProtocol.EVIDENCE.size(); i++) {
            sent.jvm(SliceProtocol.EVIDENCE.get(i), i == 2 ? -1L : i * 7L + 1); // -1: unavailable, left out
        }
        sent.interference("producerCpuNanos", 990_000_001L).interference("consumerCpuNanos", 980_000_002L);
        final ControlMessage reply = SliceProtocol.withWindow(ControlMessage.of(SliceProtocol.SLICE_DONE), sent.build());
        final MeasuredWindow window = SliceProtocol.readWindow(reply.fields(), SliceRow.around(
                new long[] {2_001_000_000L, 12_345, 6, 777_777}, 2, 2_120_000_000L, 1_040_000_000L));
        assertEquals(1_795_791_600_000L, window.startEpochMillis());
        assertEquals(42, window.startNanos());
        final SliceRow row = fullSlice(); // its labels; the window replaces every figure
        row.fill(window);
        assertEquals("3,41,2,jdk17#g1,jdk21-zgc,10001,1000123456,2239,3849,4211,4247,1234943,44479,79807,89279,90239,90303,"
                + "1,8,-1,22,29,36,43,50,57,64,71,12345,6,777777,2,true,gc in slice: 2 collections; 3 ms,1,"
                + "289,647,2367,250,1183,9135,44549,300,990000001,980000002,2001000000,2120000000,"
                + (2_120_000_000L - 2_001_000_000L - 12_345 - 777_777) + ",1040000000", row.toCsv());
    }

    static BlockRow block(final int block, final String variant, final String status) {
        final BlockRow row = new BlockRow();
        row.block = block;
        row.variant = variant;
        row.status = status;
        row.cycles = 60;
        row.voids = 4;
        row.warmupSlices = 37;
        row.steady = true;
        row.pooledMessages = 6_000_000;
        row.readBack = 123_456_789L;
        for (int i = 0; i < row.actualSend.length; i++) {
            row.actualSend[i] = 600 + 100L * i;
            row.intendedSend[i] = 650 + 100L * i;
        }
        row.startMillis = 2_345;
        row.warmupMillis = 31_002;
        row.cyclesMillis = 66_789;
        row.finishMillis = 9_876;
        row.startPosition = 1;
        row.recompiledSlices = 44;
        return row;
    }

    private static void assertSameBlock(final BlockRow expected, final BlockRow actual, final String status) {
        assertEquals(expected.block, actual.block);
        assertEquals(expected.variant, actual.variant);
        assertEquals(expected.cycles, actual.cycles);
        assertEquals(expected.voids, actual.voids);
        assertEquals(expected.warmupSlices, actual.warmupSlices);
        assertEquals(expected.steady, actual.steady);
        assertEquals(expected.pooledMessages, actual.pooledMessages);
        assertEquals(expected.readBack, actual.readBack);
        assertArrayEquals(expected.actualSend, actual.actualSend);
        assertArrayEquals(expected.intendedSend, actual.intendedSend);
        assertEquals(status, actual.status);
        assertEquals(expected.startMillis, actual.startMillis);
        assertEquals(expected.warmupMillis, actual.warmupMillis);
        assertEquals(expected.cyclesMillis, actual.cyclesMillis);
        assertEquals(expected.finishMillis, actual.finishMillis);
        assertEquals(expected.startPosition, actual.startPosition);
        assertEquals(expected.recompiledSlices, actual.recompiledSlices);
    }

    @Test
    void aBlockRowWrittenBeforeTheTimesParsesWithoutThem() {
        final String csv = block(2, "a", "ok").toCsv();
        String older = csv;
        for (int column = 0; column < 6; column++) {
            older = older.substring(0, older.lastIndexOf(','));
        }
        final BlockRow back = BlockRow.parse(older);
        assertEquals("ok", back.status);
        assertEquals(-1, back.startMillis);
        assertEquals(-1, back.fixedMillis(), "no time is known");
        assertEquals(2_345 + 31_002 + 9_876, BlockRow.parse(csv).fixedMillis());
    }

    @Test
    void aBlockRowWrittenBeforeTheStartPositionParsesWithItsTimesAndPositionMinusOne() {
        final String csv = block(2, "a", "ok").toCsv();
        final String withPosition = csv.substring(0, csv.lastIndexOf(','));
        final BlockRow back = BlockRow.parse(withPosition.substring(0, withPosition.lastIndexOf(',')));
        assertEquals(9_876, back.finishMillis);
        assertEquals(-1, back.startPosition, "not known");
        assertEquals(1, BlockRow.parse(csv).startPosition);
    }

    @Test
    void aBlockRowWrittenBeforeTheRecompilationParsesWithItsPositionAndRecompiledSlicesMinusOne() {
        final String csv = block(2, "a", "ok").toCsv();
        final BlockRow back = BlockRow.parse(csv.substring(0, csv.lastIndexOf(',')));
        assertEquals(1, back.startPosition);
        assertEquals(-1, back.recompiledSlices, "not known");
        assertEquals(44, BlockRow.parse(csv).recompiledSlices);
        assertEquals("recompiledSlices", BlockRow.header().substring(BlockRow.header().lastIndexOf(',') + 1),
                "last, so that sets made before it still parse");
    }

    @Test
    void anOkBlockRowSurvivesCsv() {
        final BlockRow row = block(2, "a", "ok");
        final String csv = row.toCsv();
        assertEquals(BlockRow.header().split(",").length, csv.split(",", -1).length, "one cell per column");
        final BlockRow back = BlockRow.parse(csv);
        assertSameBlock(row, back, "ok");
        assertTrue(back.ok());
    }

    @Test
    void aFailedBlockRowSurvivesCsvWithItsCommasReplaced() {
        final BlockRow row = block(5, "-", "failed: b (pid 12): no slice reply within 61000 ms, killed\nexit 137");
        row.steady = false;
        row.readBack = -1;
        final String csv = row.toCsv();
        assertEquals(BlockRow.header().split(",").length, csv.split(",", -1).length, "one cell per column");
        final BlockRow back = BlockRow.parse(csv);
        assertSameBlock(row, back, "failed: b (pid 12): no slice reply within 61000 ms; killed exit 137");
        assertFalse(back.ok());
    }

    @Test
    void comparisonFilesWriteWhatTheAnalysisReadsBack() throws IOException {
        final SliceRow slice = fullSlice();
        final SliceRow clean = fullSlice();
        clean.cycle = 42;
        clean.failure = "";
        clean.voided = false;
        try (ComparisonFiles files = new ComparisonFiles(folder)) {
            files.slice(slice);
            files.slice(clean);
            files.failedBlock(4, "a: ended, before its slice reply");
        }
        final List<SliceRow> slices = ComparisonFiles.readSlices(folder);
        assertEquals(2, slices.size());
        assertSameSlice(slice, slices.get(0), "gc in slice: 2 collections; 3 ms");
        assertSameSlice(clean, slices.get(1), "");
        final List<BlockRow> blocks = ComparisonFiles.readBlocks(folder);
        assertEquals(1, blocks.size());
        assertEquals(4, blocks.get(0).block);
        assertEquals("-", blocks.get(0).variant);
        assertEquals("failed: a: ended; before its slice reply", blocks.get(0).status);
        assertEquals(-1, blocks.get(0).readBack);
        assertFalse(blocks.get(0).ok());
    }
}
