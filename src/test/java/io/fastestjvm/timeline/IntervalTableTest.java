package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.ALLOCATED_BYTES_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;
import static io.fastestjvm.timeline.EvidenceColumns.HOT_PATH_DEOPTS;
import static io.fastestjvm.timeline.EvidenceColumns.IDLE_TURNS_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.IDLE_TURNS_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.INVOLUNTARY_SWITCHES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.JITTER_LOST_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.JIT_COMPILATIONS;
import static io.fastestjvm.timeline.EvidenceColumns.MAX_TIME_TO_SAFEPOINT_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINTS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINT_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.STEAL_MILLIS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.timing.PaddedCounter;

/** The per-second table on a scripted run: phases from the recorders, evidence columns, unavailable cells. */
class IntervalTableTest {
    private static final long T0 = 1_700_000_000_000L;
    private static final int PRODUCER = 101;
    private static final int CONSUMER = 102;

    @TempDir
    Path proc;

    private final AtomicLong clock = new AtomicLong(T0);
    private final AtomicLong jitter = new AtomicLong();
    private final PaddedCounter producerIdle = new PaddedCounter();
    private final PaddedCounter consumerIdle = new PaddedCounter();
    /** Allocated in the second that ends with the warm-up: far more than the test's own allocation in any second. */
    private static final int BALLAST_BYTES = 64 << 20;
    private byte[] ballast;

    @Test
    void jvmEventsCsvQuotesACellWithACommaOrAQuote() {
        final JvmEvent gc = new JvmEvent(T0 * 1000 + 1500, JvmEvent.GC, "G1 Young", -1,
                "G1 Evacuation Pause, \"System.gc()\"", null, 2000, JvmEvent.UNAVAILABLE);
        final ByteArrayOutputStream csv = new ByteArrayOutputStream();
        final IntervalTable table = IntervalTable.forRun(1, T0, false);
        table.attach(JvmTimeline.of(Arrays.asList(gc), JvmEvent.GC));
        table.writeEvents(csv);
        assertEquals(String.join(",", JvmEvent.COLUMNS) + "\n"
                + "1.500,,,gc,G1 Young,,\"G1 Evacuation Pause, \"\"System.gc()\"\"\",,false,2.000,\n",
                new String(csv.toByteArray(), StandardCharsets.UTF_8), "jvm-events.csv, cell for cell");
    }

    @Test
    void phasesFollowTheRecordersAndMeasuredCountsAddUp() throws IOException {
        final IntervalTable table = scriptedTable(30);
        final List<IntervalRow> rows = table.rows();
        assertEquals(Arrays.asList("warmup:0:10", "warmup:1:5", "measured:0:10", "measured:1:20"),
                Arrays.asList(rows.stream()
                        .map(r -> r.phase + ":" + r.second + ":" + r.latency(Latency.ACTUAL_SEND).count)
                        .toArray()));
        assertEquals(30, rows.stream().filter(IntervalRow::measured)
                .mapToLong(r -> r.latency(Latency.ACTUAL_SEND).count).sum());
        assertEquals(rows.get(1).endEpochMicros, rows.get(2).endEpochMicros, "the second the warm-up ended");
        assertEquals(rows.get(1).get(STEAL_MILLIS), rows.get(2).get(STEAL_MILLIS));
        assertEquals(Arrays.asList(0L, 30L, 30L, 10L),
                Arrays.asList(rows.stream().map(r -> r.get(STEAL_MILLIS)).toArray()), "steal ticks are 10 ms");
        assertEquals(Arrays.asList(1L, 2L, 2L, 0L),
                Arrays.asList(rows.stream().map(r -> r.get(INVOLUNTARY_SWITCHES_CONSUMER)).toArray()));
        assertEquals(Arrays.asList(7L, 0L, 0L, 0L),
                Arrays.asList(rows.stream().map(r -> r.get(JITTER_LOST_MICROS)).toArray()));
        final Map<String, Long> interference = table.measuredInterference(); // the measured window's: rows 2 and 3
        assertEquals(40L, interference.get(EvidenceColumns.STEAL_MILLIS));
        assertEquals(2L, interference.get(EvidenceColumns.INVOLUNTARY_SWITCHES_CONSUMER));
        assertEquals(0L, interference.get(EvidenceColumns.JITTER_LOST_MICROS));
    }

    @Test
    void eventsLandInTheirSecondAndMissingSourcesStayUnavailable() throws IOException {
        final IntervalTable table = scriptedTable(30);
        final List<IntervalRow> rows = table.rows();
        final long inMeasured1 = rows.get(3).startEpochMicros + 500_000;
        final List<JvmEvent> events = Arrays.asList(
                new JvmEvent(inMeasured1, JvmEvent.DEOPTIMIZATION, "x.Y::z", 4, "unstable_if", "qp-consumer", -1, -1),
                new JvmEvent(inMeasured1 + 1, JvmEvent.DEOPTIMIZATION, "x.Y::z", 4, "unstable_if", "main", -1, -1),
                new JvmEvent(inMeasured1 + 2, JvmEvent.SAFEPOINT, "Cleanup", -1, null, null, 90_000, 40_000),
                new JvmEvent(inMeasured1 + 3, JvmEvent.SAFEPOINT, "Cleanup", -1, null, null, 20_000, 15_000));
        table.attach(JvmTimeline.of(events, JvmEvent.DEOPTIMIZATION, JvmEvent.SAFEPOINT));
        final IntervalRow second1 = table.rows().get(3);
        assertEquals(1, second1.get(HOT_PATH_DEOPTS), "only the deoptimisation on a benchmark thread");
        assertEquals(2, second1.get(SAFEPOINTS), "counted from events when the perf counters are unavailable");
        assertEquals(110, second1.get(SAFEPOINT_MICROS));
        assertEquals(40, second1.get(MAX_TIME_TO_SAFEPOINT_MICROS));
        assertEquals(0, table.rows().get(2).get(HOT_PATH_DEOPTS));
        assertEquals(IntervalRow.UNAVAILABLE, second1.get(GC_PAUSES), "no GC source: unavailable, not 0");
        assertEquals(IntervalRow.UNAVAILABLE, second1.get(JIT_COMPILATIONS));
        assertEquals(table.rows().get(3), table.rowAt(inMeasured1));

        final Map<String, Long> totals = table.measuredTotals();
        assertEquals(1L, totals.get("hotPathDeopts"));
        assertEquals(2L, totals.get("safepoints"));
        assertEquals(110L, totals.get("safepointMicros"));
        assertEquals(40L, totals.get("maxTimeToSafepointMicros"));

        final ByteArrayOutputStream csv = new ByteArrayOutputStream();
        table.writeCsv(csv);
        final String[] lines = new String(csv.toByteArray(), StandardCharsets.UTF_8).split("\n");
        assertEquals(String.join(",", IntervalRow.COLUMNS), lines[0]);
        assertEquals(5, lines.length);
        final String[] cells = lines[4].split(",", -1);
        assertEquals(IntervalRow.COLUMNS.size(), cells.length);
        assertEquals("", cells[IntervalRow.COLUMNS.indexOf("gcPauses")], "unavailable is an empty cell");
        assertEquals("1", cells[IntervalRow.COLUMNS.indexOf("hotPathDeopts")]);
        assertEquals(Arrays.asList(3_000_000L, 5_000_000L), Arrays.asList(table.rows().get(0).get(IDLE_TURNS_PRODUCER),
                table.rows().get(0).get(IDLE_TURNS_CONSUMER)),
                "each second's idle turns: the published counts' increase");
        assertEquals(Arrays.asList(2_000_000L, 1_000_000L), Arrays.asList(table.rows().get(1).get(IDLE_TURNS_PRODUCER),
                table.rows().get(1).get(IDLE_TURNS_CONSUMER)));
        assertEquals("0", cells[IntervalRow.COLUMNS.indexOf("idleTurnsConsumer")], "no turn published: 0, not empty");
        assertEquals(Arrays.asList("actualSendCount", "actualSendP1", "actualSendP50", "actualSendP99",
                "actualSendMax"), IntervalRow.COLUMNS.subList(2, 7));
        assertEquals(Arrays.asList("20", "100", "109", "119", "119"),
                Arrays.asList(cells).subList(2, 7), "samples 100..119 ns: the floor is the fastest");

        final Path file = proc.resolve(IntervalTable.FILE_NAME);
        Files.write(file, csv.toByteArray());
        final List<IntervalRow> back = IntervalTable.readCsv(file);
        assertEquals(table.rows().size(), back.size());
        for (int i = 0; i < back.size(); i++) {
            assertEquals(Arrays.asList(table.rows().get(i).csvCells()), Arrays.asList(back.get(i).csvCells()),
                    "row " + i + " reads back cell for cell");
        }
        assertEquals(IntervalRow.UNAVAILABLE, back.get(3).get(GC_PAUSES), "an empty cell reads back unavailable");
        assertEquals(0, IntervalTable.readCsv(proc.resolve("none.csv")).size(), "no file, no rows");
    }

    @Test
    void withTheWindowsEdgesTheTotalsCountOnlyTheEventsBetweenThem() throws IOException {
        final IntervalTable table = scriptedTable(30);
        final IntervalRow last = table.rows().get(3);
        final long windowStart = table.rows().get(2).startEpochMicros + 200_000;
        final long windowEnd = last.startEpochMicros + 600_000;
        final List<JvmEvent> events = Arrays.asList(
                // in the first measured row, but before the first measured message: the end of the warm-up
                new JvmEvent(windowStart - 1, JvmEvent.SAFEPOINT, "Cleanup", -1, null, null, 50_000, 10_000),
                new JvmEvent(windowStart, JvmEvent.SAFEPOINT, "Cleanup", -1, null, null, 30_000, 20_000),
                new JvmEvent(windowEnd - 1, JvmEvent.DEOPTIMIZATION, "x.Y::z", 4, "unstable_if", "qp-consumer", -1, -1),
                // in the last measured row, after the last measured message: the run's clean-up
                new JvmEvent(windowEnd + 1, JvmEvent.SAFEPOINT, "Cleanup", -1, null, null, 70_000, 60_000),
                new JvmEvent(windowEnd + 2, JvmEvent.DEOPTIMIZATION, "x.Y::z", 4, "unstable_if", "qp-consumer", -1,
                        -1));
        table.attach(JvmTimeline.of(events, JvmEvent.DEOPTIMIZATION, JvmEvent.SAFEPOINT));
        assertEquals(3L, table.measuredTotals().get("safepoints"), "without edges: every event in the measured rows");

        table.measuredWindow(windowStart, windowEnd);
        final Map<String, Long> totals = table.measuredTotals();
        assertEquals(1L, totals.get("safepoints"));
        assertEquals(30L, totals.get("safepointMicros"));
        assertEquals(20L, totals.get("maxTimeToSafepointMicros"));
        assertEquals(1L, totals.get("hotPathDeopts"));
        assertEquals(2, last.get(HOT_PATH_DEOPTS), "the rows themselves still show the whole second");
    }

    @Test
    void eachSecondCountsTheBytesEachThreadAllocatedInIt() throws IOException {
        final List<IntervalRow> rows = scriptedTable(30).rows();
        assertTrue(rows.get(1).get(ALLOCATED_BYTES_PRODUCER) >= BALLAST_BYTES, "the second the array was made in: "
                + rows.get(1).get(ALLOCATED_BYTES_PRODUCER));
        for (final int other : new int[] {0, 3}) {
            assertTrue(rows.get(other).get(ALLOCATED_BYTES_PRODUCER) >= 0
                    && rows.get(other).get(ALLOCATED_BYTES_PRODUCER) < BALLAST_BYTES, "row " + other + ": "
                    + rows.get(other).get(ALLOCATED_BYTES_PRODUCER));
        }
        assertEquals(rows.get(1).get(ALLOCATED_BYTES_PRODUCER), rows.get(2).get(ALLOCATED_BYTES_PRODUCER),
                "the second the warm-up ended is both phases' row");
        assertEquals(IntervalRow.UNAVAILABLE, rows.get(1).get(ALLOCATED_BYTES_CONSUMER),
                "no Java id: unavailable, not 0");
        assertEquals("", rows.get(1).csvCells()[IntervalRow.COLUMNS.indexOf("allocatedBytesConsumer")]);
        assertEquals(rows.get(1).get(ALLOCATED_BYTES_PRODUCER), IntervalRow.parse(rows.get(1).csvCells())
                .get(ALLOCATED_BYTES_PRODUCER), "written and read back");
        assertTrue(ballast.length > 0);
    }

    @Test
    void aTimelineWithNothingLeavesEveryTotalNull() throws IOException {
        final IntervalTable table = scriptedTable(30);
        table.attach(JvmTimeline.of(java.util.Collections.emptyList()));
        for (final Map.Entry<String, Long> total : table.measuredTotals().entrySet()) {
            assertNull(total.getValue(), total.getKey() + " must be null (unavailable), not 0");
        }
    }

    /** Warm-up 10; then 5 warm-up + 10 measured in one second; then 20 measured; then an empty drain. */
    private IntervalTable scriptedTable(final long measuredMessages) throws IOException {
        final IntervalTable table = new IntervalTable(measuredMessages);
        procFiles(100, 1, 1);
        // this thread stands in for the producer's allocation; the consumer's Java id is unknown
        table.start(new SecondSampler(null, new SystemFiles(proc),
                new PinnedThread(PRODUCER, Thread.currentThread().getId(), producerIdle),
                new PinnedThread(CONSUMER, -1, consumerIdle), jitter::get, clock::get));
        procFiles(100, 2, 2);
        jitter.set(7_000);
        turns(producerIdle, 3_000_000);
        turns(consumerIdle, 5_000_000);
        tick(table, 10, 0);
        turns(producerIdle, 2_000_000);
        turns(consumerIdle, 1_000_000);
        procFiles(103, 3, 4);
        ballast = new byte[BALLAST_BYTES];
        tick(table, 5, 10);
        procFiles(104, 3, 4);
        tick(table, 0, 20);
        tick(table, 0, 0);
        return table;
    }

    private static void turns(final PaddedCounter idle, final int turns) {
        idle.publish(idle.read() + turns);
    }

    private void tick(final IntervalTable table, final int warmup, final int measured) {
        clock.addAndGet(1000);
        final Histogram[] warmups = new Histogram[Latency.ALL.size()];
        final Histogram[] measureds = new Histogram[Latency.ALL.size()];
        for (int i = 0; i < warmups.length; i++) {
            warmups[i] = histogram(warmup);
            measureds[i] = histogram(measured);
        }
        table.addSecond(warmups, measureds);
    }

    private static Histogram histogram(final int count) {
        final Histogram histogram = LatencyRecorder.newHistogram();
        for (int i = 0; i < count; i++) {
            histogram.recordValue(100 + i);
        }
        return histogram;
    }

    private void procFiles(final long stealTicks, final long producerSwitches, final long consumerSwitches)
            throws IOException {
        Files.createDirectories(proc.resolve("proc/self/task/" + PRODUCER));
        Files.createDirectories(proc.resolve("proc/self/task/" + CONSUMER));
        Files.write(proc.resolve("proc/stat"), ("cpu  1 2 3 4 5 6 7 " + stealTicks + " 0 0\n")
                .getBytes(StandardCharsets.UTF_8));
        Files.write(proc.resolve("proc/self/task/" + PRODUCER + "/status"),
                ("nonvoluntary_ctxt_switches:\t" + producerSwitches + "\n").getBytes(StandardCharsets.UTF_8));
        Files.write(proc.resolve("proc/self/task/" + CONSUMER + "/status"),
                ("nonvoluntary_ctxt_switches:\t" + consumerSwitches + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
