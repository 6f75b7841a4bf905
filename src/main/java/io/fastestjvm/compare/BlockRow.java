package io.fastestjvm.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.fastestjvm.compare.SliceRow.Column;
import io.fastestjvm.slice.SliceProtocol;

/** One variant in one block, one row of {@code blocks.csv}; columns appended later read -1 in older sets. */
final class BlockRow {
    /** The pooled percentiles: per block, from every slice of the cycles that were not voided. */
    static final double[] PERCENTILES = {50, 99, 99.9, 99.99};
    private static final List<String> NAMES = Arrays.asList("p50", "p99", "p99.9", "p99.99");

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

    /** This row's columns in file order; a set made before the last ones reads them as -1. */
    private List<Column> columns() {
        final List<Column> columns = new ArrayList<>(Arrays.asList(
                new Column("block", () -> block, cell -> block = Integer.parseInt(cell)),
                new Column("variant", () -> variant, cell -> variant = cell),
                new Column("cycles", () -> cycles, cell -> cycles = Integer.parseInt(cell)),
                new Column("voids", () -> voids, cell -> voids = Integer.parseInt(cell)),
                new Column("warmupSlices", () -> warmupSlices, cell -> warmupSlices = Integer.parseInt(cell)),
                new Column("steady", () -> steady, cell -> steady = Boolean.parseBoolean(cell)),
                new Column("pooledMessages", () -> pooledMessages, cell -> pooledMessages = Long.parseLong(cell)),
                new Column(SliceProtocol.READ_BACK, () -> readBack, cell -> readBack = Long.parseLong(cell))));
        columns.addAll(Column.group(SliceProtocol.ACTUAL_SEND + ".", NAMES, actualSend));
        columns.addAll(Column.group(SliceProtocol.INTENDED_SEND + ".", NAMES, intendedSend));
        columns.addAll(Arrays.asList(
                new Column("status", () -> SliceRow.text(status), cell -> status = cell),
                new Column("startMillis", () -> startMillis, cell -> startMillis = Long.parseLong(cell)),
                new Column("warmupMillis", () -> warmupMillis, cell -> warmupMillis = Long.parseLong(cell)),
                new Column("cyclesMillis", () -> cyclesMillis, cell -> cyclesMillis = Long.parseLong(cell)),
                new Column("finishMillis", () -> finishMillis, cell -> finishMillis = Long.parseLong(cell)),
                new Column("startPosition", () -> startPosition, cell -> startPosition = Integer.parseInt(cell)),
                new Column(SliceProtocol.RECOMPILED_SLICES, () -> recompiledSlices,
                        cell -> recompiledSlices = Integer.parseInt(cell))));
        return columns;
    }

    static String header() {
        return Column.join(new BlockRow().columns(), column -> column.name);
    }

    String toCsv() {
        return Column.join(columns(), column -> column.cell.get());
    }

    static BlockRow parse(final String csv) {
        final BlockRow row = new BlockRow();
        Column.read(row.columns(), csv);
        return row;
    }
}
