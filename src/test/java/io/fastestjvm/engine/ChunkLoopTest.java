package io.fastestjvm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class ChunkLoopTest {
    /** Writes down what the loop asks of it, and moves the measured start as a producer would. */
    private static final class Script implements ChunkLoop.Worker {
        final List<String> steps = new ArrayList<>();
        final StagePlan plan;
        final int steadyAfterPacedSeconds;
        final long failAt;
        final FakeControl control;
        int pacedDone;

        Script(final StagePlan plan, final int steadyAfterPacedSeconds, final long failAt, final FakeControl control) {
            this.plan = plan;
            this.steadyAfterPacedSeconds = steadyAfterPacedSeconds;
            this.failAt = failAt;
            this.control = control;
        }

        @Override
        public void atEdges(final int edges, final long chunk) {
            steps.add("edges " + Integer.toBinaryString(edges) + " @" + chunk);
        }

        @Override
        public boolean chunk(final StagePlan.Stage stage, final long from, final long to) {
            steps.add(stage + " " + from + "-" + to);
            if (from == failAt) {
                control.fail("failed at " + from);
                return false;
            }
            if (stage == StagePlan.Stage.PACED_WARMUP && ++pacedDone == steadyAfterPacedSeconds - 1) {
                plan.measureAfterPacedSeconds(steadyAfterPacedSeconds);
            }
            return true;
        }
    }

    private static String bits(final int edges) {
        return "edges " + Integer.toBinaryString(edges);
    }

    @Test
    void walksEveryChunkInOrderWithItsEdgesBeforeIt() {
        final StagePlan plan = new StagePlan(40, 80, 110, 20, 2, 10, true);
        final FakeControl control = new FakeControl();
        final Script worker = new Script(plan, 0, -1, control);

        assertTrue(ChunkLoop.walk(plan, worker, control));

        assertEquals(Arrays.asList(
                "FAST_WARMUP 0-40",
                bits(StagePlan.COLLECT) + " @40", "FAST_WARMUP 40-80",
                bits(StagePlan.COLLECT | StagePlan.PACED_START | StagePlan.RESOLVE_LITERALS) + " @80",
                "PACED_WARMUP 80-90",
                bits(StagePlan.PROBE_REHEARSAL) + " @90", "PACED_WARMUP 90-100",
                "PACED_WARMUP 100-110",
                bits(StagePlan.WINDOW_START | StagePlan.RUN_START) + " @110", "MEASURED 110-120", "MEASURED 120-130",
                bits(StagePlan.RUN_START) + " @130", "MEASURED 130-140", "MEASURED 140-150"), worker.steps);
    }

    @Test
    void aSteadyStateFoundInThePacedStageStartsTheWindowOneChunkLater() {
        final StagePlan plan = new StagePlan(40, 80, 110, 20, 1, 10, true);
        final FakeControl control = new FakeControl();
        final Script worker = new Script(plan, 2, -1, control); // decided after paced second 1, measured after 2

        assertTrue(ChunkLoop.walk(plan, worker, control));

        assertEquals(Arrays.asList("PACED_WARMUP 80-90", bits(StagePlan.PROBE_REHEARSAL) + " @90",
                "PACED_WARMUP 90-100", bits(StagePlan.WINDOW_START | StagePlan.RUN_START) + " @100",
                "MEASURED 100-110", "MEASURED 110-120"), worker.steps.subList(4, worker.steps.size()));
    }

    @Test
    void stopsAfterAChunkThatFailsAndBeforeAnyChunkOnceAStopIsAsked() {
        final StagePlan plan = new StagePlan(40, 80, 110, 20, 2, 10, true);
        final FakeControl failing = new FakeControl();
        final Script worker = new Script(plan, 0, 90, failing);
        assertFalse(ChunkLoop.walk(plan, worker, failing));
        assertEquals("PACED_WARMUP 90-100", worker.steps.get(worker.steps.size() - 1));

        final FakeControl stopped = new FakeControl();
        stopped.stop = true;
        final Script idle = new Script(plan, 0, -1, stopped);
        assertFalse(ChunkLoop.walk(plan, idle, stopped));
        assertEquals(Arrays.asList(), idle.steps);
    }
}
