package io.fastestjvm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.engine.StagePlan.Stage;

class StagePlanTest {
    /** Warm-up rate 40/s for 2 chunks, then up to 3 paced seconds at 10/s; 2 runs of 20 messages. */
    private static StagePlan plan(final boolean earlyStart) {
        return new StagePlan(40, 80, 110, 20, 2, 10, earlyStart);
    }

    private static List<Long> boundaries(final StagePlan plan) {
        final List<Long> chunks = new ArrayList<>();
        for (long chunk = 0; chunk < plan.total(); chunk = plan.chunkEnd(chunk)) {
            chunks.add(chunk);
        }
        chunks.add(plan.total());
        return chunks;
    }

    private static List<Long> chunksWith(final StagePlan plan, final int edge) {
        return boundaries(plan).stream().filter(chunk -> (plan.edgesBefore(chunk) & edge) != 0)
                .collect(Collectors.toList());
    }

    @Test
    void chunksAreOneSecondAtTheRateOfTheirStageAndRunToTheUpperBound() {
        final StagePlan plan = plan(true);
        assertEquals(Arrays.asList(0L, 40L, 80L, 90L, 100L, 110L, 120L, 130L, 140L, 150L), boundaries(plan));
        assertEquals(110, plan.measuredStart());
        assertEquals(3, plan.pacedSeconds());
        assertEquals(Arrays.asList(Stage.FAST_WARMUP, Stage.FAST_WARMUP, Stage.PACED_WARMUP, Stage.PACED_WARMUP,
                Stage.PACED_WARMUP, Stage.MEASURED, Stage.MEASURED, Stage.MEASURED, Stage.MEASURED),
                boundaries(plan).subList(0, 9).stream().map(plan::stageOf).collect(Collectors.toList()));
        assertEquals(Arrays.asList(40L, 40L, 10L, 10L), Arrays.asList(plan.rateAt(0), plan.rateAt(40),
                plan.rateAt(80), plan.rateAt(120)));
    }

    @Test
    void eachMeasuredRunStartsAtAnEdgeAndTheFirstIsTheWindowsStart() {
        final StagePlan plan = plan(true);
        assertEquals(Arrays.asList(110L, 130L), chunksWith(plan, StagePlan.RUN_START));
        assertEquals(Arrays.asList(110L), chunksWith(plan, StagePlan.WINDOW_START));
        assertEquals(0, plan.runOf(110));
        assertEquals(1, plan.runOf(130));
        assertEquals(1, plan.runOf(149));
    }

    @Test
    void theProbeIsRehearsedAtTheSecondPacedChunkWhenThereIsOne() {
        assertEquals(Arrays.asList(90L), chunksWith(plan(true), StagePlan.PROBE_REHEARSAL),
                "after one paced chunk: the first messages go at once");
        assertEquals(Arrays.asList(), chunksWith(new StagePlan(40, 80, 90, 20, 2, 10, true),
                StagePlan.PROBE_REHEARSAL), "one paced chunk: none");
        assertEquals(Arrays.asList(), chunksWith(new StagePlan(40, 80, 80, 20, 2, 10, true),
                StagePlan.PROBE_REHEARSAL), "no paced stage: none");
        final StagePlan early = plan(true);
        early.measureAfterPacedSeconds(1);
        assertEquals(Arrays.asList(), chunksWith(early, StagePlan.PROBE_REHEARSAL),
                "a window that starts there is measured, not rehearsed");
    }

    @Test
    void theWarmupCollectsBeforeTheFirstStagesSecondsOneAndTwoAndAsThePacedStageStarts() {
        // first stage: chunks 0, 10, 20, 30 at 10/s; paced: 40, 50 at 10/s; measured from 60
        final StagePlan plan = new StagePlan(10, 40, 60, 20, 2, 10, true);
        assertEquals(Arrays.asList(10L, 20L, 40L), chunksWith(plan, StagePlan.COLLECT));
        plan.measureAfterPacedSeconds(1); // an earlier measured start changes nothing before it
        assertEquals(Arrays.asList(10L, 20L, 40L), chunksWith(plan, StagePlan.COLLECT));

        assertEquals(Arrays.asList(40L, 80L), chunksWith(plan(true), StagePlan.COLLECT), "a first stage of two");
        assertEquals(Arrays.asList(0L), chunksWith(new StagePlan(10, 0, 30, 20, 2, 10, true), StagePlan.COLLECT),
                "no first stage: before the paced stage only");
        assertEquals(Arrays.asList(), chunksWith(new StagePlan(10, 40, 40, 20, 2, 10, true), StagePlan.COLLECT),
                "no paced stage: nothing would watch what a collection did before the window, so none");
    }

    @Test
    void literalsAreResolvedOnceBeforeThePacedStageOrElseTheWindow() {
        assertEquals(Arrays.asList(80L), chunksWith(plan(true), StagePlan.RESOLVE_LITERALS));
        assertEquals(Arrays.asList(80L), chunksWith(new StagePlan(40, 80, 80, 20, 2, 10, true),
                StagePlan.RESOLVE_LITERALS));
        assertEquals(Arrays.asList(80L), chunksWith(plan(true), StagePlan.PACED_START));
        assertEquals(Arrays.asList(), chunksWith(new StagePlan(40, 80, 80, 20, 2, 10, true), StagePlan.PACED_START));
    }

    @Test
    void steadyStateMovesTheMeasuredStartEarlierButNeverLater() {
        final StagePlan plan = plan(true);
        plan.measureAfterPacedSeconds(2);
        assertEquals(100, plan.measuredStart());
        plan.measureAfterPacedSeconds(3);
        assertEquals(100, plan.measuredStart());
        assertEquals(Arrays.asList(0L, 40L, 80L, 90L, 100L, 110L, 120L, 130L, 140L), boundaries(plan));
        assertEquals(Arrays.asList(100L, 120L), chunksWith(plan, StagePlan.RUN_START));
        assertEquals(140, plan.total());
        assertEquals(40, plan.total() - plan.measuredStart(), "measured messages stay runs x perRun");
        assertEquals(40, plan.measuredMessages());
    }

    @Test
    void warmupSecondsCountChunksWhateverTheStagesRate() {
        final StagePlan plan = plan(true);
        assertEquals(0, plan.warmupSecondOf(39));
        assertEquals(1, plan.warmupSecondOf(40));
        assertEquals(2, plan.warmupSecondOf(80));
        assertEquals(4, plan.warmupSecondOf(109));
    }

    @Test
    void withoutEarlyStartTheWarmupRunsToItsBound() {
        final StagePlan plan = plan(false);
        plan.measureAfterPacedSeconds(1);
        assertEquals(110, plan.measuredStart());
    }

    @Test
    void stagesMustBeWholeChunks() {
        assertThrows(IllegalArgumentException.class, () -> new StagePlan(40, 70, 100, 20, 1, 10, true));
        assertThrows(IllegalArgumentException.class, () -> new StagePlan(40, 80, 85, 20, 1, 10, true));
        assertThrows(IllegalArgumentException.class, () -> new StagePlan(40, 80, 90, 25, 1, 10, true));
    }

    @Test
    void fromOptionsTheFirstStageCrossesTheIndexBlocksInAtMostHalfTheWarmup() {
        final BenchmarkOptions defaults = BenchmarkOptions.defaults();
        assertEquals(1 << 20, defaults.indexBlockMessages(), "FAST_DAILY: 4096 entries x every 256th message");
        assertEquals(400_000, defaults.warmupRate());
        assertEquals(21, defaults.fastWarmupSeconds(), "8 x 2^20 + 1 messages at 400k/s");
        final StagePlan plan = StagePlan.of(defaults, true);
        assertEquals(Arrays.asList(8_400_000L), chunksWith(plan, StagePlan.PACED_START));
        assertEquals(8_400_000 + 59 * 100_000L, plan.measuredStart());
        final BenchmarkOptions slow = defaults.withRate(10_000);
        assertEquals(400_000, slow.warmupRate(), "at a low rate the first stage still runs at the default's rate");
        assertEquals(21, slow.fastWarmupSeconds(), "so it still crosses the eight index blocks");
        assertEquals(800_000, defaults.withRate(200_000).warmupRate(), "4 x the rate above that");
        final StagePlan capped = StagePlan.of(defaults.withWarmupSeconds(12), true);
        assertEquals(StagePlan.Stage.PACED_WARMUP, capped.stageOf(6 * 400_000));
        assertEquals(StagePlan.Stage.FAST_WARMUP, capped.stageOf(6 * 400_000 - 1));
        assertEquals(6, capped.pacedSeconds());
    }
}
