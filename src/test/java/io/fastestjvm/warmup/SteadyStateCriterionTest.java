package io.fastestjvm.warmup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class SteadyStateCriterionTest {
    /** Feeds (jitEvents, bytes) pairs; returns the decision after the last. */
    private static int feed(final SteadyStateCriterion criterion, final long[][] seconds) {
        int decision = 0;
        for (final long[] second : seconds) {
            decision = criterion.unit(second[0], second[1]);
        }
        return decision;
    }

    @Test
    void settlesAfterTheQuietStretchAndMeasuresOneSecondLater() {
        final SteadyStateCriterion criterion = new SteadyStateCriterion(3, 60, 0);
        assertEquals(0, feed(criterion, new long[][] {{40, 0}, {7, 0}, {0, 0}, {0, 0}}));
        assertFalse(criterion.reached());
        assertEquals(0, feed(criterion, new long[][] {{2, 0}, {0, 0}, {0, 0}}), "a compilation restarts the stretch");
        assertEquals(9, criterion.unit(0, 0), "reached at second 8: measure after second 9");
        assertTrue(criterion.reached());
        assertEquals(8, criterion.reachedAt());
        assertEquals(9, criterion.unit(5, 100), "a decision is never undone");
        assertArrayEquals(new long[] {40, 7, 0, 0, 2, 0, 0, 0, 5}, criterion.jitEvents());
    }

    @Test
    void neverSettlesAndMeasuresAtTheUpperBound() {
        final SteadyStateCriterion criterion = new SteadyStateCriterion(2, 5, 0);
        assertEquals(0, feed(criterion, new long[][] {{1, 0}, {0, 0}, {3, 0}, {0, 0}}));
        assertEquals(5, criterion.unit(1, 0));
        assertFalse(criterion.reached());
        assertEquals(-1, criterion.reachedAt());
        assertEquals(5, criterion.unit(0, 0), "past the bound nothing changes");
        assertEquals(5, criterion.units());
    }

    @Test
    void allocationBreaksTheQuietStretchAsACompilationDoes() {
        final SteadyStateCriterion criterion = new SteadyStateCriterion(2, 60, 0);
        assertEquals(0, feed(criterion, new long[][] {{0, 0}, {0, 352}, {0, 0}}));
        assertFalse(criterion.reached(), "the second that allocated restarted the stretch");
        assertEquals(5, criterion.unit(0, 0));
        assertEquals(4, criterion.reachedAt());
    }

    @Test
    void noUnitCountsAsSteadyBeforeTheMinimumAndHoldsLooksAtTheLastUnits() {
        final SteadyStateCriterion criterion = new SteadyStateCriterion(2, 60, 4);
        assertEquals(0, feed(criterion, new long[][] {{0, 0}, {0, 0}, {0, 0}}));
        assertFalse(criterion.holds(), "3 quiet units, but the minimum is 4");
        assertEquals(5, criterion.unit(0, 0));
        assertTrue(criterion.holds());
        criterion.unit(1, 0);
        assertFalse(criterion.holds(), "a loud unit undoes holds");
        assertTrue(criterion.reached(), "but never reached");
    }

    @Test
    void reachedAtTheBoundMeasuresAtTheBound() {
        final SteadyStateCriterion criterion = new SteadyStateCriterion(3, 3, 0);
        assertEquals(3, feed(criterion, new long[][] {{0, 0}, {0, 0}, {0, 0}}));
        assertTrue(criterion.reached());
        assertEquals(3, criterion.measureAfter());
    }

    @Test
    void anUnknownJitCounterNeverCountsAsQuietButUnknownBytesDoNotBlock() {
        final SteadyStateCriterion unknownJit = new SteadyStateCriterion(1, 4, 0);
        assertEquals(4, feed(unknownJit, new long[][] {{-1, 0}, {-1, 0}, {-1, 0}, {-1, 0}}));
        assertFalse(unknownJit.reached());
        final SteadyStateCriterion unknownBytes = new SteadyStateCriterion(1, 4, 0);
        assertEquals(2, unknownBytes.unit(0, -1));
        assertTrue(unknownBytes.reached());
    }

    @Test
    void noPacedSecondsMeansMeasureAtOnceUnreached() {
        final SteadyStateCriterion criterion = new SteadyStateCriterion(10, 0, 0);
        assertEquals(0, criterion.unit(0, 0));
        assertFalse(criterion.reached());
    }

    /**
     * The rule once asked for 0 B only in the last quiet second; now every quiet unit must allocate nothing (the
     * comparison's rule). Replayed on every published run's per-second evidence, the one rule ends each warm-up at
     * the second it recorded: no hot loop allocated in a quiet second before the last.
     */
    @Test
    void everyPublishedWarmUpEndsAtTheSecondItRecorded() throws IOException {
        final List<Path> summaries;
        try (Stream<Path> files = Files.walk(Paths.get("results"))) {
            summaries = files.filter(p -> p.getFileName().toString().equals("summary.json"))
                    .collect(Collectors.toList());
        }
        int replayed = 0;
        for (final Path summary : summaries) {
            final JsonNode steady = new ObjectMapper().readTree(summary.toFile()).path("steadyState");
            if (!steady.has("fastStageSeconds") || !steady.has("jitEventsPerPacedSecond")) {
                continue; // older formats kept no per-second evidence
            }
            final JsonNode jit = steady.get("jitEventsPerPacedSecond");
            final JsonNode bytes = steady.get("hotLoopBytesPerPacedSecond");
            final int quiet = Integer.parseInt(steady.get("criterion").asText().split(" ")[0]);
            final SteadyStateCriterion criterion = new SteadyStateCriterion(quiet, jit.size(), 0);
            for (int i = 0; i < jit.size(); i++) {
                criterion.unit(jit.get(i).asLong(), bytes.get(i).asLong());
            }
            final JsonNode at = steady.get("atSecond");
            assertEquals(at.isNull() ? -1 : at.asInt() - steady.get("fastStageSeconds").asInt(),
                    criterion.reachedAt(), summary.toString());
            replayed++;
        }
        assertTrue(replayed >= 200, "published runs with per-second evidence: " + replayed);
    }
}
