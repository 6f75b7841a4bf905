package io.fastestjvm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.fastestjvm.JitCode;
import io.fastestjvm.config.BenchmarkOptions;

/**
 * Both threads walk the plan once a second, so C1's threshold for its per-chunk methods fell inside the measured
 * window: {@code total} and {@code stageOf} were compiled there in every README run of 2026-12-02. After
 * {@link StagePlan#rehearse} they must have C1 code, and two walks of the default run's plan (its two threads) must
 * neither compile nor deoptimise any of them. Its own JVM (failsafe), so the JIT state is this test's.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RehearsedStagePlanIT {
    private static final String PLAN = "io.fastestjvm.engine.StagePlan.";
    /** What the chunk loop calls once a chunk. */
    private static final List<String> PER_CHUNK = Arrays.asList(PLAN + "total", PLAN + "stageOf",
            PLAN + "edgesBefore", PLAN + "chunkEnd");
    /** With what those call. */
    private static final List<String> PATH = Arrays.asList(PLAN + "total", PLAN + "stageOf", PLAN + "edgesBefore",
            PLAN + "chunkEnd", PLAN + "rateAt", PLAN + "measuredMessages");

    @Test
    void afterTheRehearsalARunsWalksCompileNothingOfThePlan() throws Exception {
        StagePlan.rehearse();
        final List<String> rehearsed = settledCode();
        for (final String code : rehearsed) {
            assertTrue(code.matches(".* tier [123]"), "C1 code only, which keeps no traps a run's plan could take: "
                    + rehearsed);
        }

        long chunks = 0;
        for (int thread = 0; thread < 2; thread++) {
            final StagePlan plan = StagePlan.of(BenchmarkOptions.defaults(), false);
            final CountingWorker worker = new CountingWorker();
            assertTrue(ChunkLoop.walk(plan, worker, new FakeControl()), "the walk ran to the plan's end");
            chunks += worker.chunks;
        }
        assertTrue(chunks > 2 * 100, "a run's chunks, its 100 measured seconds and the warm-up's: " + chunks);
        assertEquals(rehearsed, JitCode.inUse(PATH), "the plan's code in use after a run's " + chunks
                + " chunks, against after the rehearsal: compiled or deoptimised since");
    }

    private static final class CountingWorker implements ChunkLoop.Worker {
        long chunks;

        @Override
        public void atEdges(final int edges, final long chunk) {
        }

        @Override
        public boolean chunk(final StagePlan.Stage stage, final long from, final long to) {
            chunks++;
            return true;
        }
    }

    /** The path's code once each per-chunk method has some and the compiler's queue holds none; fails after 20 s. */
    private static List<String> settledCode() throws Exception {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            final String queue = JitCode.diagnostic("compilerQueue");
            final List<String> inUse = JitCode.inUse(PATH);
            if (PER_CHUNK.stream().allMatch(method -> inUse.toString().contains(method + "#"))
                    && !queue.contains("StagePlan")) {
                return inUse;
            }
            if (System.nanoTime() > deadline) {
                fail("no C1 code for the plan's per-chunk methods 20 s after the rehearsal; the path's code"
                        + " (compile id, tier, state 0 in use): " + JitCode.all(PATH) + "; the queue: " + queue);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }
}
