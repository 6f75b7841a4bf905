package io.fastestjvm.engine;

/** Walks a {@link StagePlan} chunk by chunk, edges first: the one loop both threads of the single run share. */
public final class ChunkLoop {
    /** One thread's part: what it does at an edge, and how it sends or receives a chunk. */
    public interface Worker {
        /** Before chunk {@code chunk}: the plan's edges there ({@link StagePlan#edgesBefore}), never 0. */
        void atEdges(int edges, long chunk);

        /** Sends or receives the chunk [{@code from}, {@code to}) of {@code stage}; false when the run must stop. */
        boolean chunk(StagePlan.Stage stage, long from, long to);
    }

    private ChunkLoop() {
    }

    /** Runs {@code worker} through the whole plan; false when it stopped early (asked to, or failed). */
    public static boolean walk(final StagePlan plan, final Worker worker, final LoopControl control) {
        long chunk = 0;
        while (chunk < plan.total()) {
            if (control.stopRequested()) {
                return false;
            }
            final int edges = plan.edgesBefore(chunk);
            if (edges != 0) {
                worker.atEdges(edges, chunk);
            }
            final long end = plan.chunkEnd(chunk);
            if (!worker.chunk(plan.stageOf(chunk), chunk, end)) {
                return false;
            }
            chunk = end;
        }
        return true;
    }
}
