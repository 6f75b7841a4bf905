package io.fastestjvm.timeline;

import static io.fastestjvm.timeline.EvidenceColumns.GC_PAUSES;
import static io.fastestjvm.timeline.EvidenceColumns.HOT_PATH_DEOPTS;
import static io.fastestjvm.timeline.EvidenceColumns.IDLE_TURNS_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.IDLE_TURNS_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.INVOLUNTARY_SWITCHES_CONSUMER;
import static io.fastestjvm.timeline.EvidenceColumns.INVOLUNTARY_SWITCHES_PRODUCER;
import static io.fastestjvm.timeline.EvidenceColumns.JIT_COMPILATIONS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINTS;
import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINT_MICROS;
import static io.fastestjvm.timeline.EvidenceColumns.STEAL_MILLIS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.Latency;

class TimelineAnalysisTest {
    /** Measured seconds with p50 200 ns, max 1000 + second ns, nothing recorded; a warm-up row first. */
    private static List<IntervalRow> rows(final int seconds) {
        final List<IntervalRow> rows = new ArrayList<>();
        final IntervalRow warmup = row(IntervalRow.WARMUP, 0, 9_999, 1_000_000);
        rows.add(warmup);
        for (int s = 0; s < seconds; s++) {
            rows.add(row(IntervalRow.MEASURED, s, 200, 1000 + s));
        }
        Collections.shuffle(rows.subList(1, rows.size()), new java.util.Random(7));
        return rows;
    }

    private static IntervalRow row(final String phase, final long second, final long p50, final long max) {
        final IntervalRow row = new IntervalRow();
        row.phase = phase;
        row.second = second;
        row.latency(Latency.ACTUAL_SEND).count = 100_000;
        row.latency(Latency.ACTUAL_SEND).p50 = p50;
        row.latency(Latency.ACTUAL_SEND).p99 = p50 * 2;
        row.latency(Latency.ACTUAL_SEND).max = max;
        row.set(JIT_COMPILATIONS, 0);
        row.set(HOT_PATH_DEOPTS, 0);
        row.set(SAFEPOINTS, 0);
        row.set(GC_PAUSES, 0);
        row.set(STEAL_MILLIS, 0);
        row.set(INVOLUNTARY_SWITCHES_PRODUCER, 0);
        row.set(INVOLUNTARY_SWITCHES_CONSUMER, 0);
        return row;
    }

    private static IntervalRow measured(final List<IntervalRow> rows, final long second) {
        return rows.stream().filter(r -> r.measured() && r.second == second).findFirst().get();
    }

    @Test
    void tailSecondsAreTheTenHighestMaxesHighestFirstWithTheirEvidence() {
        final List<IntervalRow> rows = rows(30);
        measured(rows, 3).latency(Latency.ACTUAL_SEND).max = 90_000;
        measured(rows, 3).set(SAFEPOINTS, 2);
        measured(rows, 3).set(SAFEPOINT_MICROS, 180);
        measured(rows, 12).latency(Latency.ACTUAL_SEND).max = 50_000;
        measured(rows, 12).set(INVOLUNTARY_SWITCHES_CONSUMER, 1);
        final List<Map<String, Object>> tails = TimelineAnalysis.of(rows).tailSeconds();
        assertEquals(TimelineAnalysis.TAIL_SECONDS, tails.size());
        assertEquals(3L, tails.get(0).get("second"));
        assertEquals(12L, tails.get(1).get("second"));
        for (int i = 2; i < tails.size(); i++) {
            assertEquals(29L - (i - 2), tails.get(i).get("second"));
        }
        assertEquals(Arrays.asList(TimelineAnalysis.SAFEPOINT), tails.get(0).get("attributedTo"));
        assertEquals(Arrays.asList(TimelineAnalysis.CONTEXT_SWITCH), tails.get(1).get("attributedTo"));
        assertEquals(Collections.emptyList(), tails.get(2).get("attributedTo"));
        final Map<?, ?> evidence = (Map<?, ?>) tails.get(0).get("evidence");
        assertEquals(2L, evidence.get("safepoints"));
        assertEquals(180L, evidence.get("safepointMicros"));
        assertNull(evidence.get("jitterLostMicros"), "an unavailable field is null, not 0");
        assertTrue(tails.stream().noneMatch(t -> (Long) t.get("actualSendMaxNanos") == 1_000_000L),
                "warm-up rows are not measured seconds");
    }

    @Test
    void aShiftCarriesTheEvidenceOfItsSecondAndTheOneBefore() {
        final List<IntervalRow> rows = rows(60);
        for (long s = 22; s < 60; s++) {
            measured(rows, s).latency(Latency.ACTUAL_SEND).p50 = 515;
        }
        measured(rows, 21).set(HOT_PATH_DEOPTS, 3);
        measured(rows, 22).set(JIT_COMPILATIONS, 4);
        final TimelineAnalysis analysis = TimelineAnalysis.of(rows);
        final List<Map<String, Object>> shifts = analysis.levelShifts();
        assertEquals(1, shifts.size());
        assertEquals(22L, shifts.get(0).get("second"));
        assertEquals(200L, shifts.get(0).get("fromNanos"));
        assertEquals(515L, shifts.get(0).get("toNanos"));
        assertEquals(Arrays.asList(TimelineAnalysis.HOT_PATH_DEOPT, TimelineAnalysis.JIT_COMPILATION),
                shifts.get(0).get("attributedTo"));
        assertEquals(21L, ((Map<?, ?>) shifts.get(0).get("evidenceSecondBefore")).get("second"));
        assertEquals(0, analysis.unattributedShifts());
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        analysis.print(new PrintStream(out, true));
        final String console = new String(out.toByteArray(), StandardCharsets.UTF_8);
        assertTrue(console.contains("at measured second 22: 200 -> 515 ns"), console);
        assertTrue(console.contains("hotPathDeopt (hotPathDeopts 0; second before: hotPathDeopts 3)"), console);
    }

    @Test
    void whatEverySecondHasDoesNotAttributeAShiftButWhatStandsOutDoes() {
        final List<IntervalRow> rows = rows(60);
        for (final IntervalRow row : rows) {
            row.set(INVOLUNTARY_SWITCHES_PRODUCER, 50); // a 2-CPU machine: every second has some
            row.set(JIT_COMPILATIONS, 1);
        }
        for (long s = 30; s < 60; s++) {
            measured(rows, s).latency(Latency.ACTUAL_SEND).p50 = 600;
        }
        TimelineAnalysis analysis = TimelineAnalysis.of(rows);
        assertEquals(1, analysis.levelShifts().size());
        assertEquals(Collections.emptyList(), analysis.levelShifts().get(0).get("attributedTo"));
        assertEquals(1, analysis.unattributedShifts());

        measured(rows, 30).set(INVOLUNTARY_SWITCHES_PRODUCER, 101); // more than twice the median second
        analysis = TimelineAnalysis.of(rows);
        assertEquals(Arrays.asList(TimelineAnalysis.CONTEXT_SWITCH), analysis.levelShifts().get(0).get("attributedTo"));
        assertEquals(0, analysis.unattributedShifts());
    }

    @Test
    void aShiftWithNothingRecordedIsSaidToBeUnattributed() {
        final List<IntervalRow> rows = rows(40);
        for (long s = 20; s < 40; s++) {
            measured(rows, s).latency(Latency.ACTUAL_SEND).p50 = 100;
        }
        final TimelineAnalysis analysis = TimelineAnalysis.of(rows);
        assertEquals(1, analysis.unattributedShifts());
        final Map<?, ?> section = (Map<?, ?>) analysis.summarySections().get("levelShiftAnalysis");
        assertEquals(40, section.get("secondsAnalysed"));
        assertEquals(1, section.get("unattributed"));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        analysis.print(new PrintStream(out, true));
        assertTrue(new String(out.toByteArray(), StandardCharsets.UTF_8).contains("NOT attributed"));
    }

    /**
     * 60 measured seconds, p50 200 then 600 from second 30, nothing recorded; {@code each} sets up every row, told
     * whether it is after the shift.
     */
    private static TimelineAnalysis shiftAt30(final BiConsumer<IntervalRow, Boolean> each) {
        final List<IntervalRow> rows = rows(60);
        for (final IntervalRow row : rows) {
            final boolean after = row.measured() && row.second >= 30;
            each.accept(row, after);
            if (after) {
                row.latency(Latency.ACTUAL_SEND).p50 = 600;
            }
        }
        return TimelineAnalysis.of(rows);
    }

    /** The same shift with the p1 100, then {@code p1After}. */
    private static TimelineAnalysis shiftWithFloor(final long p1After) {
        return shiftAt30((row, after) -> row.latency(Latency.ACTUAL_SEND).p1 = after ? p1After : 100);
    }

    private static String console(final TimelineAnalysis analysis) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        analysis.print(new PrintStream(out, true));
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void aShiftWhoseFloorMovesWithItIsAttributedToTheFloorAndSaysSo() {
        final TimelineAnalysis analysis = shiftWithFloor(190);
        final Map<String, Object> shift = analysis.levelShifts().get(0);
        assertEquals(30L, shift.get("second"));
        assertEquals(100L, shift.get("fromP1Nanos"));
        assertEquals(190L, shift.get("toP1Nanos"));
        assertEquals(Arrays.asList(TimelineAnalysis.FLOOR_MOVED), shift.get("attributedTo"));
        assertEquals(0, analysis.unattributedShifts());
        assertTrue(analysis.tailSeconds().stream()
                .noneMatch(t -> ((List<?>) t.get("attributedTo")).contains(TimelineAnalysis.FLOOR_MOVED)),
                "a segment property: tail seconds never get it");
        assertTrue(((String) ((Map<?, ?>) analysis.summarySections().get("levelShiftAnalysis")).get("attribution"))
                .contains(TimelineAnalysis.FLOOR_MOVED));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        analysis.print(new PrintStream(out, true));
        final String console = new String(out.toByteArray(), StandardCharsets.UTF_8);
        assertTrue(console.contains("at measured second 30: 200 -> 600 ns (+200%), the floor moved too: p1 100 -> 190"
                + " ns; the cost of each message changed"), console);
    }

    @Test
    void aShiftWhoseFloorStaysOrMovesTooLittleOrTheOtherWayIsNotTheFloors() {
        for (final long p1After : new long[] {100, 125, 60}) {
            final TimelineAnalysis analysis = shiftWithFloor(p1After);
            final Map<String, Object> shift = analysis.levelShifts().get(0);
            assertEquals(p1After, shift.get("toP1Nanos"));
            assertEquals(Collections.emptyList(), shift.get("attributedTo"), "p1 100 -> " + p1After);
            assertEquals(1, analysis.unattributedShifts());
            assertTrue(console(analysis).contains(
                    "NOT attributed: nothing recorded in that second or the one before, the floor did not move with it"
                            + " (p1 100 -> " + p1After + " ns), nor the CPUs' speed (idle-loop turns per second"
                            + " producer n/a, consumer n/a)"));
        }
    }

    /** The same shift with the producer's idle turns 30 M a second, then {@code producerAfter}; the rest still. */
    private static TimelineAnalysis shiftWithProducerTurns(final long producerAfter) {
        return shiftAt30((row, after) -> {
            row.latency(Latency.ACTUAL_SEND).p1 = 100;
            row.set(IDLE_TURNS_PRODUCER, after ? producerAfter : 30_000_000);
            row.set(IDLE_TURNS_CONSUMER, 70_000_000);
        });
    }

    @Test
    void aShiftWithASlowerCpuIsAttributedToItsSpeedAndSaysWhichThread() {
        final TimelineAnalysis analysis = shiftWithProducerTurns(26_000_000);
        final Map<String, Object> shift = analysis.levelShifts().get(0);
        assertEquals(Arrays.asList(30_000_000L, 26_000_000L, 70_000_000L, 70_000_000L),
                Arrays.asList(shift.get("fromIdleTurnsProducer"), shift.get("toIdleTurnsProducer"),
                        shift.get("fromIdleTurnsConsumer"), shift.get("toIdleTurnsConsumer")));
        assertEquals(Arrays.asList(TimelineAnalysis.CPU_SPEED_MOVED), shift.get("attributedTo"));
        assertEquals(0, analysis.unattributedShifts());
        assertTrue(analysis.tailSeconds().stream()
                .noneMatch(t -> ((List<?>) t.get("attributedTo")).contains(TimelineAnalysis.CPU_SPEED_MOVED)),
                "a segment property: tail seconds never get it");
        final String console = console(analysis);
        assertTrue(console.contains("at measured second 30: 200 -> 600 ns (+200%), the CPUs' speed moved too:"
                + " idle-loop turns per second producer 30.0 M -> 26.0 M (-13%), consumer 70.0 M -> 70.0 M (+0%);"
                + " the host ran a vCPU slower or faster"), console);
    }

    @Test
    void aCpuThatKeepsItsSpeedOrSpeedsUpAsTheLatencyRisesIsNotTheCause() {
        for (final long producerAfter : new long[] {30_000_000, 27_500_000, 34_000_000}) {
            final Map<String, Object> shift = shiftWithProducerTurns(producerAfter).levelShifts().get(0);
            assertEquals(Collections.emptyList(), shift.get("attributedTo"), "producer 30 M -> " + producerAfter);
        }
    }

    @Test
    void theCpuSpeedIsComparedAgainstTheShiftBeyondItsThreshold() {
        assertTrue(TimelineAnalysis.cpuSpeedMoved(880, 1_130, 33_600_000, 29_500_000), "fewer turns, a rise");
        assertTrue(TimelineAnalysis.cpuSpeedMoved(1_130, 880, 29_500_000, 33_600_000), "more turns, a fall");
        assertFalse(TimelineAnalysis.cpuSpeedMoved(880, 1_130, 33_600_000, 31_000_000), "-8% is within the noise");
        assertFalse(TimelineAnalysis.cpuSpeedMoved(880, 1_130, 29_500_000, 33_600_000), "faster CPU, slower messages");
        assertFalse(TimelineAnalysis.cpuSpeedMoved(880, 1_130, -1, -1), "not recorded (an older intervals.csv)");
    }

    @Test
    void theFloorIsComparedInTheDirectionOfTheShiftBeyondTheShiftThreshold() {
        assertTrue(TimelineAnalysis.floorMoved(1_300, 750, 860, 455), "down with a fall");
        assertTrue(TimelineAnalysis.floorMoved(750, 1_200, 455, 690), "up with a rise");
        assertFalse(TimelineAnalysis.floorMoved(750, 1_200, 455, 560), "+23% is within the threshold");
        assertFalse(TimelineAnalysis.floorMoved(750, 1_200, 690, 455), "against the shift");
        assertFalse(TimelineAnalysis.floorMoved(750, 1_200, 0, 0), "no floor recorded (an older intervals.csv)");
    }

    /**
     * A real default run on the 2-vCPU KVM guest (src/test/resources/timeline/run-20261123T211602Z-java17-31151,
     * P1 derived from its .hlog; see the README there): its summary listed two level shifts with nothing recorded,
     * while the placement probe read 430 ns before and 140 ns after. The floor moved with both.
     */
    @Test
    void aRealRunsUnattributedShiftsAreTheFloors() throws IOException {
        final Path csv = Paths.get("src/test/resources/timeline/run-20261123T211602Z-java17-31151/intervals.csv");
        final List<String> lines = Files.readAllLines(csv);
        final List<String> header = Arrays.asList(lines.get(0).split(","));
        assertEquals(IntervalRow.COLUMNS.subList(0, header.size()), header,
                "written before the idle-turn columns: the same columns, those last ones missing");
        final List<IntervalRow> rows = IntervalTable.readCsv(csv);
        final TimelineAnalysis analysis = TimelineAnalysis.of(rows);
        final List<Map<String, Object>> shifts = analysis.levelShifts();
        assertEquals(Arrays.asList(43L, 50L), Arrays.asList(shifts.get(0).get("second"), shifts.get(1).get("second")));
        assertEquals(Arrays.asList(1_307L, 750L, 857L, 455L), Arrays.asList(shifts.get(0).get("fromNanos"),
                shifts.get(0).get("toNanos"), shifts.get(0).get("fromP1Nanos"), shifts.get(0).get("toP1Nanos")));
        assertEquals(Arrays.asList(750L, 1_202L, 455L, 687L), Arrays.asList(shifts.get(1).get("fromNanos"),
                shifts.get(1).get("toNanos"), shifts.get(1).get("fromP1Nanos"), shifts.get(1).get("toP1Nanos")));
        for (final Map<String, Object> shift : shifts) {
            assertEquals(Arrays.asList(TimelineAnalysis.FLOOR_MOVED), shift.get("attributedTo"));
        }
        assertEquals(0, analysis.unattributedShifts());
    }

    @Test
    void noRowsMeansNothingAnalysedAndSaysSo() {
        final TimelineAnalysis analysis = TimelineAnalysis.of(Collections.<IntervalRow>emptyList());
        assertEquals(Collections.emptyList(), analysis.summarySections().get("levelShifts"));
        assertEquals(0, ((Map<?, ?>) analysis.summarySections().get("levelShiftAnalysis")).get("secondsAnalysed"));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        analysis.print(new PrintStream(out, true));
        assertTrue(new String(out.toByteArray(), StandardCharsets.UTF_8).contains("no per-second rows"));
    }
}
