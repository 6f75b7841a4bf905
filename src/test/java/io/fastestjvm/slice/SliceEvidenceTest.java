package io.fastestjvm.slice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.fastestjvm.warmup.SteadyStateCriterion;

/** A slice's checks on its evidence, and why a warm-up slice was not steady. */
class SliceEvidenceTest {
    /** A reading: compilations, invalidations, then zeros up to the producer's and consumer's allocated bytes. */
    private static long[] reading(final long compilations, final long invalidations, final long producerBytes,
                                  final long consumerBytes) {
        final long[] values = new long[SliceEvidence.CONSUMER_BYTES + 1];
        values[SliceEvidence.COMPILATIONS] = compilations;
        values[SliceEvidence.INVALIDATIONS] = invalidations;
        values[SliceEvidence.PRODUCER_BYTES] = producerBytes;
        values[SliceEvidence.CONSUMER_BYTES] = consumerBytes;
        return values;
    }

    @Test
    void aQuietSliceIsSteadyAndEachOtherSaysWhyNot() {
        final long[] before = reading(100, 5, 0, 0);
        assertNull(SliceEvidence.warmupFailure(before, reading(100, 5, 0, 0)));
        assertEquals("the JIT compiled 3 method(s)", SliceEvidence.warmupFailure(before, reading(103, 5, 0, 0)),
                "a compilation alone is named, never null");
        assertEquals("deoptimisation: 1 compiled method(s) invalidated",
                SliceEvidence.warmupFailure(before, reading(103, 6, 0, 0)));
        assertEquals("allocation: producer 0 B, consumer 48 B",
                SliceEvidence.warmupFailure(before, reading(100, 5, 0, 48)));
        assertNull(SliceEvidence.failure(before, reading(103, 5, 0, 0)), "a measured slice may see compilations");
    }

    @Test
    void theSteadyRuleCallsASliceQuietExactlyWhenItsChecksFindNothing() {
        final long[] before = reading(100, 5, 0, 0);
        final long[][] afters = {reading(100, 5, 0, 0), reading(103, 5, 0, 0), reading(100, 6, 0, 0),
            reading(100, 5, 0, 48), reading(100, 5, 16, 0)};
        for (final long[] after : afters) {
            assertEquals(SliceEvidence.warmupFailure(before, after) == null,
                    SteadyStateCriterion.quiet(SliceEvidence.jitEvents(before, after),
                            SliceEvidence.hotLoopBytes(before, after)));
        }
        assertEquals(4, SliceEvidence.jitEvents(before, reading(103, 6, 0, 0)));
        assertEquals(64, SliceEvidence.hotLoopBytes(before, reading(100, 5, 16, 48)));
    }

    @Test
    void withoutHsperfdataNoSliceIsQuietAndTheReasonSaysSo() {
        final long[] unknown = reading(-1, -1, 0, 0);
        assertEquals(-1, SliceEvidence.jitEvents(unknown, unknown));
        assertFalse(SteadyStateCriterion.quiet(SliceEvidence.jitEvents(unknown, unknown), 0));
        assertEquals("no JIT counter (hsperfdata): steady state cannot be decided",
                SliceEvidence.warmupFailure(unknown, unknown));
        assertTrue(SteadyStateCriterion.quiet(0, -1), "unknown bytes do not block");
    }
}
