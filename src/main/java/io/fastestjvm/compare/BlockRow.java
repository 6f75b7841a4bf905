package io.fastestjvm.compare;

import java.util.Arrays;

import io.fastestjvm.slice.SliceProtocol;

/**
 * One variant in one block, one row of {@code blocks.csv}. Columns appended later read -1 in sets written before
 * they existed.
 */
final class BlockRow {
    /** The pooled percentiles: per block, from every slice of the cycles that were not voided. */
    static final double[] PERCENTILES = {50, 99, 99.9, 99.99};
    private static final String[] NAMES = {"p50", "p99", "p99.9", "p99.99"};

    int block;
    String variant;
    /** ok, or "failed: why" for a block that did not complete (its rows never count). */
    String status;
    int cycles;
    int voids;
    int warmupSlices;
    boolean steady;
    long pooledMessages;
    long readBack = -1;
    final long[] actualSend = new long[PERCENTILES.length];
    final long[] intendedSend = new long[PERCENTILES.length];
    /** Wall time of this variant's JVM start (to its hello), its warm-up, its read-back; the block's cycles. */
    long startMillis = -1;
    long warmupMillis = -1;
    long finishMillis = -1;
    long cyclesMillis = -1;
    /** Where its JVM came in the block's start (and warm-up) order, 0 first. */
    int startPosition = -1;
    /** Paced warm-up slices after qp.compare.recompile's recompilation; -1 without it. */
    int recompiledSlices = -1;

    /** What the block spent on this variant alone, whatever its cycle count: start, warm-up and read-back. */
    long fixedMillis() {
        return startMillis < 0 ? -1 : startMillis + warmupMillis + finishMillis;
    }

    boolean ok() {
        return "ok".equals(status);
    }

    static String header() {
        final StringBuilder header = new StringBuilder("block,variant,cycles,voids,warmupSlices,steady,pooledMessages,"
                + SliceProtocol.READ_BACK);
        for (final String latency : new String[] {SliceProtocol.ACTUAL_SEND, SliceProtocol.INTENDED_SEND}) {
            for (final String name : NAMES) {
                header.append(',').append(latency).append('.').append(name);
            }
        }
        return header.append(",status,startMillis,warmupMillis,cyclesMillis,finishMillis,startPosition,"
                + SliceProtocol.RECOMPILED_SLICES)
                .toString();
    }

    String toCsv() {
        final StringBuilder line = new StringBuilder(SliceRow.cells(block, variant, cycles, voids, warmupSlices,
                steady, pooledMessages, readBack));
        SliceRow.append(line, actualSend, intendedSend);
        return line.append(',').append(SliceRow.cells(SliceRow.text(status), startMillis, warmupMillis,
                cyclesMillis, finishMillis, startPosition, recompiledSlices)).toString();
    }

    static BlockRow parse(final String csv) {
        final String[] given = csv.split(",", -1);
        final int columns = header().split(",").length;
        final String[] cells = Arrays.copyOf(given, Math.max(columns, given.length));
        Arrays.fill(cells, given.length, cells.length, "-1"); // columns appended after a set was written
        final BlockRow row = new BlockRow();
        int i = 0;
        row.block = Integer.parseInt(cells[i++]);
        row.variant = cells[i++];
        row.cycles = Integer.parseInt(cells[i++]);
        row.voids = Integer.parseInt(cells[i++]);
        row.warmupSlices = Integer.parseInt(cells[i++]);
        row.steady = Boolean.parseBoolean(cells[i++]);
        row.pooledMessages = Long.parseLong(cells[i++]);
        row.readBack = Long.parseLong(cells[i++]);
        i = SliceRow.parse(cells, i, row.actualSend, row.intendedSend);
        row.status = cells[i++];
        row.startMillis = Long.parseLong(cells[i++]);
        row.warmupMillis = Long.parseLong(cells[i++]);
        row.cyclesMillis = Long.parseLong(cells[i++]);
        row.finishMillis = Long.parseLong(cells[i++]);
        row.startPosition = Integer.parseInt(cells[i++]);
        row.recompiledSlices = Integer.parseInt(cells[i]);
        return row;
    }
}
