package io.fastestjvm.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.fastestjvm.slice.SliceProtocol;

/**
 * One measured slice, as one row of {@code slices.csv}: where it ran (block, cycle, its place in the cycle's order
 * and the variant before it), its percentiles, its checks, the JVM's evidence, and what the idle JVMs and the
 * parent did meanwhile. The file is the comparison's record; the analysis reads it back.
 */
final class SliceRow {
    static final List<String> PERCENTILES = SliceProtocol.PERCENTILES;
    static final List<String> EVIDENCE = SliceProtocol.EVIDENCE;

    int block;
    int cycle;
    int position;
    String variant;
    String predecessor;
    long recorded;
    long wallNanos;
    final long[] actualSend = new long[PERCENTILES.size()];
    final long[] intendedSend = new long[PERCENTILES.size()];
    final long[] evidence = new long[EVIDENCE.size()];
    long idleCpuNanos;
    long idleSwitches;
    long parentCpuNanos;
    long stealTicks;
    /** This slice's own failed check, or empty. */
    String failure = "";
    /** Whether any slice of its cycle failed a check: then no slice of the cycle counts. */
    boolean voided;
    /** Which of its JVM's queues it went through (the last column: sets made before it have 0). */
    int queue;

    static String header() {
        final List<String> columns = new ArrayList<>(Arrays.asList("block", "cycle", "position", "variant",
                "predecessor", SliceProtocol.RECORDED, SliceProtocol.WALL_NANOS));
        for (final String p : PERCENTILES) {
            columns.add(SliceProtocol.ACTUAL_SEND + "." + p);
        }
        for (final String p : PERCENTILES) {
            columns.add(SliceProtocol.INTENDED_SEND + "." + p);
        }
        columns.addAll(EVIDENCE);
        columns.addAll(Arrays.asList("idleCpuNanos", "idleSwitches", "parentCpuNanos", "stealTicks", "voided",
                SliceProtocol.FAILURE, SliceProtocol.QUEUE));
        return String.join(",", columns);
    }

    String toCsv() {
        final StringBuilder line = new StringBuilder();
        line.append(block).append(',').append(cycle).append(',').append(position).append(',').append(variant)
                .append(',').append(predecessor).append(',').append(recorded).append(',').append(wallNanos);
        for (final long[] values : new long[][] {actualSend, intendedSend, evidence}) {
            for (final long value : values) {
                line.append(',').append(value);
            }
        }
        line.append(',').append(idleCpuNanos).append(',').append(idleSwitches).append(',').append(parentCpuNanos)
                .append(',').append(stealTicks).append(',').append(voided).append(',')
                .append(failure.replace(',', ';').replaceAll("[\\r\\n]", " ")).append(',').append(queue);
        return line.toString();
    }

    static SliceRow parse(final String csv) {
        final String[] cells = csv.split(",", -1);
        final SliceRow row = new SliceRow();
        int i = 0;
        row.block = Integer.parseInt(cells[i++]);
        row.cycle = Integer.parseInt(cells[i++]);
        row.position = Integer.parseInt(cells[i++]);
        row.variant = cells[i++];
        row.predecessor = cells[i++];
        row.recorded = Long.parseLong(cells[i++]);
        row.wallNanos = Long.parseLong(cells[i++]);
        for (final long[] values : new long[][] {row.actualSend, row.intendedSend, row.evidence}) {
            for (int j = 0; j < values.length; j++) {
                values[j] = Long.parseLong(cells[i++]);
            }
        }
        row.idleCpuNanos = Long.parseLong(cells[i++]);
        row.idleSwitches = Long.parseLong(cells[i++]);
        row.parentCpuNanos = Long.parseLong(cells[i++]);
        row.stealTicks = Long.parseLong(cells[i++]);
        row.voided = Boolean.parseBoolean(cells[i++]);
        row.failure = cells[i++];
        row.queue = i < cells.length ? Integer.parseInt(cells[i]) : 0;
        return row;
    }

    @SuppressWarnings("unchecked")
    void fill(final Map<String, Object> reply) {
        recorded = ((Number) reply.get(SliceProtocol.RECORDED)).longValue();
        wallNanos = ((Number) reply.get(SliceProtocol.WALL_NANOS)).longValue();
        queue = ((Number) reply.get(SliceProtocol.QUEUE)).intValue();
        final Object failed = reply.get(SliceProtocol.FAILURE);
        failure = failed == null ? "" : failed.toString();
        percentiles((Map<String, Object>) reply.get(SliceProtocol.ACTUAL_SEND), actualSend);
        percentiles((Map<String, Object>) reply.get(SliceProtocol.INTENDED_SEND), intendedSend);
        final Map<String, Object> fields = (Map<String, Object>) reply.get(SliceProtocol.SLICE_EVIDENCE);
        for (int i = 0; i < EVIDENCE.size(); i++) {
            evidence[i] = ((Number) fields.get(EVIDENCE.get(i))).longValue();
        }
    }

    private static void percentiles(final Map<String, Object> from, final long[] into) {
        for (int i = 0; i < PERCENTILES.size(); i++) {
            into[i] = ((Number) from.get(PERCENTILES.get(i))).longValue();
        }
    }

    long actualP50() {
        return actualSend[0];
    }
}
