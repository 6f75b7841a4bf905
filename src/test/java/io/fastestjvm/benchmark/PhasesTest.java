package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.fastestjvm.config.BenchmarkOptions;

class PhasesTest {
    /** Warm-up rate 40/s for 2 chunks, then up to 3 paced seconds at 10/s; 2 runs of 20 messages. */
    private static Phases phases(final boolean earlyStart) {
        return new Phases(40, 80, 110, 20, 2, 10, earlyStart);
    }

    private static List<Long> boundaries(final Phases phases) {
        final List<Long> chunks = new ArrayList<>();
        for (long chunk = 0; chunk < phases.total(); chunk = phases.chunkEnd(chunk)) {
            chunks.add(chunk);
        }
        chunks.add(phases.total());
        return chunks;
    }

    @Test
    void chunksAreOneSecondAtTheRateOfTheirStageAndRunToTheUpperBound() {
        final Phases phases = phases(true);
        assertEquals(Arrays.asList(0L, 40L, 80L, 90L, 100L, 110L, 120L, 130L, 140L, 150L), boundaries(phases));
        assertEquals(110, phases.measuredStart());
        assertEquals(3, phases.pacedSeconds());
        assertEquals(0, phases.runStartingAt(110));
        assertEquals(1, phases.runStartingAt(130));
        assertEquals(-1, phases.runStartingAt(120));
        assertEquals(-1, phases.runStartingAt(150));
    }

    @Test
    void theProbeIsRehearsedAtTheSecondPacedChunkWhenThereIsOne() {
        assertEquals(90, phases(true).probeRehearsal(), "after one paced chunk: the first messages go at once");
        assertEquals(-1, new Phases(40, 80, 90, 20, 2, 10, true).probeRehearsal(), "one paced chunk: none");
        assertEquals(-1, new Phases(40, 80, 80, 20, 2, 10, true).probeRehearsal(), "no paced stage: none");
    }

    @Test
    void theWarmupCollectsBeforeTheFirstStagesSecondsOneAndTwoAndAsThePacedStageStarts() {
        // first stage: chunks 0, 10, 20, 30 at 10/s; paced: 40, 50 at 10/s; measured from 60
        final Phases phases = new Phases(10, 40, 60, 20, 2, 10, true);
        assertEquals(Arrays.asList(10L, 20L, 40L), collectingChunks(phases));
        phases.measureAfterPacedSeconds(1); // an earlier measured start changes nothing before it
        assertEquals(Arrays.asList(10L, 20L, 40L), collectingChunks(phases));

        assertEquals(Arrays.asList(40L, 80L), collectingChunks(phases(true)), "a first stage of two chunks");
        assertEquals(Arrays.asList(0L), collectingChunks(new Phases(10, 0, 30, 20, 2, 10, true)),
                "no first stage: before the paced stage only");
        assertEquals(Arrays.asList(), collectingChunks(new Phases(10, 40, 40, 20, 2, 10, true)),
                "no paced stage: nothing would watch what a collection did before the window, so none");
    }

    @Test
    void eachChunkRunsAtItsStagesRate() {
        final Phases phases = phases(true);
        assertEquals(40, phases.rateAt(0));
        assertEquals(40, phases.rateAt(40));
        assertEquals(10, phases.rateAt(80));
        assertEquals(10, phases.rateAt(120));
    }

    private static List<Long> collectingChunks(final Phases phases) {
        return boundaries(phases).stream().filter(phases::collectsBefore).collect(Collectors.toList());
    }

    @Test
    void steadyStateMovesTheMeasuredStartEarlierButNeverLater() {
        final Phases phases = phases(true);
        phases.measureAfterPacedSeconds(2);
        assertEquals(100, phases.measuredStart());
        phases.measureAfterPacedSeconds(3);
        assertEquals(100, phases.measuredStart());
        assertEquals(Arrays.asList(0L, 40L, 80L, 90L, 100L, 110L, 120L, 130L, 140L), boundaries(phases));
        assertEquals(0, phases.runStartingAt(100));
        assertEquals(1, phases.runStartingAt(120));
        assertEquals(140, phases.total());
        assertEquals(40, phases.total() - phases.measuredStart(), "measured messages stay runs x perRun");
    }

    @Test
    void warmupSecondsCountChunksWhateverTheStagesRate() {
        final Phases phases = phases(true);
        assertEquals(0, phases.warmupSecondOf(39));
        assertEquals(1, phases.warmupSecondOf(40));
        assertEquals(2, phases.warmupSecondOf(80));
        assertEquals(4, phases.warmupSecondOf(109));
    }

    @Test
    void withoutEarlyStartTheWarmupRunsToItsBound() {
        final Phases phases = phases(false);
        phases.measureAfterPacedSeconds(1);
        assertEquals(110, phases.measuredStart());
    }

    @Test
    void stagesMustBeWholeChunks() {
        assertThrows(IllegalArgumentException.class, () -> new Phases(40, 70, 100, 20, 1, 10, true));
        assertThrows(IllegalArgumentException.class, () -> new Phases(40, 80, 85, 20, 1, 10, true));
    }

    @Test
    void fromOptionsTheFirstStageCrossesTheIndexBlocksInAtMostHalfTheWarmup() {
        final BenchmarkOptions defaults = BenchmarkOptions.defaults();
        assertEquals(1 << 20, defaults.indexBlockMessages(), "FAST_DAILY: 4096 entries x every 256th message");
        assertEquals(400_000, defaults.warmupRate());
        assertEquals(21, defaults.fastWarmupSeconds(), "8 x 2^20 + 1 messages at 400k/s");
        final Phases phases = Phases.of(defaults, true);
        assertEquals(8_400_000, phases.pacedStart);
        assertEquals(8_400_000 + 59 * 100_000L, phases.measuredStart());
        final BenchmarkOptions slow = defaults.withRate(10_000);
        assertEquals(400_000, slow.warmupRate(), "at a low rate the first stage still runs at the default's rate");
        assertEquals(21, slow.fastWarmupSeconds(), "so it still crosses the eight index blocks");
        assertEquals(800_000, defaults.withRate(200_000).warmupRate(), "4 x the rate above that");
        final Phases capped = Phases.of(defaults.withWarmupSeconds(12), true);
        assertEquals(6 * 400_000, capped.pacedStart);
        assertEquals(6, capped.pacedSeconds());
    }
}
