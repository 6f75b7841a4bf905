package io.fastestjvm.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.slice.SliceProtocol;
import io.fastestjvm.slice.SliceWindow;

/**
 * One measured slice, as one row of {@code slices.csv}: where it ran (block, cycle, its place in the cycle's order
 * and the variant before it), its check, and its figures, all from the slice's {@link MeasuredWindow}: its
 * percentiles, the JVM's evidence, and what the idle JVMs, the parent and the rest of the machine did meanwhile.
 * The file is the comparison's record; the analysis reads it back.
 * Columns added later are appended last, so a set written before them still parses (they read as -1).
 */
final class SliceRow {
    static final List<String> PERCENTILES = SliceProtocol.PERCENTILES;
    static final List<String> EVIDENCE = SliceProtocol.EVIDENCE;
    static final List<String> MORE_STATISTICS = SliceProtocol.MORE_STATISTICS;
    static final List<String> MORE_EVIDENCE = SliceProtocol.MORE_EVIDENCE;
    /** The idle JVMs' and the parent's own CPU time, and the machine's steal, around a slice, after the evidence. */
    static final List<String> AROUND = Collections.unmodifiableList(Arrays.asList("idleCpuNanos", "idleSwitches",
            "parentCpuNanos", "stealTicks"));
    /** The parent's own samples around a slice, appended after {@link #MORE_EVIDENCE}. */
    static final List<String> MACHINE = Collections.unmodifiableList(Arrays.asList("measuringCpuNanos",
            "machineBusyNanos", "outsideCpuNanos", "windowNanos"));

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
    /** Which of its JVM's queues it went through (sets made before it have 0). */
    int queue;
    // Appended after queue: -1 in sets made before them, and wherever unreadable.
    final long[] actualMore = minusOnes(MORE_STATISTICS.size());
    final long[] intendedMore = minusOnes(MORE_STATISTICS.size());
    /** Each worker's CPU time during the slice, ns. */
    final long[] threadCpu = minusOnes(MORE_EVIDENCE.size());
    /** The measuring JVM's CPU time (all its threads, /proc) over the parent's window around the slice. */
    long measuringCpuNanos = -1;
    /** The machine's busy CPU time (/proc/stat: user, nice, system, irq, softirq) over the window, ns. */
    long machineBusyNanos = -1;
    /** machineBusyNanos less the measuring JVM's, the idle JVMs' and the parent's CPU time, floored at 0. */
    long outsideCpuNanos = -1;
    /** The parent's window around the slice: its request to its reply, ns. */
    long windowNanos = -1;

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
        columns.addAll(AROUND);
        columns.addAll(Arrays.asList("voided", SliceProtocol.FAILURE, SliceProtocol.QUEUE));
        for (final String latency : new String[] {SliceProtocol.ACTUAL_SEND, SliceProtocol.INTENDED_SEND}) {
            for (final String statistic : MORE_STATISTICS) {
                columns.add(latency + "." + statistic);
            }
        }
        columns.addAll(MORE_EVIDENCE);
        columns.addAll(MACHINE);
        return String.join(",", columns);
    }

    private static long[] minusOnes(final int size) {
        final long[] values = new long[size];
        Arrays.fill(values, -1);
        return values;
    }

    /** The appended columns, as one array per group, in order (the last four are {@link #MACHINE}). */
    private long[][] appended() {
        return new long[][] {actualMore, intendedMore, threadCpu};
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
        for (final long[] values : appended()) {
            for (final long value : values) {
                line.append(',').append(value);
            }
        }
        line.append(',').append(measuringCpuNanos).append(',').append(machineBusyNanos).append(',')
                .append(outsideCpuNanos).append(',').append(windowNanos);
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
        row.queue = i < cells.length ? Integer.parseInt(cells[i++]) : 0;
        if (i < cells.length) {
            for (final long[] values : row.appended()) {
                for (int j = 0; j < values.length; j++) {
                    values[j] = Long.parseLong(cells[i++]);
                }
            }
            row.measuringCpuNanos = Long.parseLong(cells[i++]);
            row.machineBusyNanos = Long.parseLong(cells[i++]);
            row.outsideCpuNanos = Long.parseLong(cells[i++]);
            row.windowNanos = Long.parseLong(cells[i]);
        }
        return row;
    }

    /**
     * The slice's figures from its window: its recorded samples and length, both latencies' statistics (from its
     * histograms), its evidence and the parent's samples around it ({@link #AROUND}, {@link #MACHINE}), each -1
     * where the window lacks it.
     */
    void fill(final MeasuredWindow window) {
        recorded = window.histogram(Latency.ACTUAL_SEND).getTotalCount();
        wallNanos = window.lengthNanos();
        final Map<String, Object> actual = SliceWindow.percentiles(window.histogram(Latency.ACTUAL_SEND));
        final Map<String, Object> intended = SliceWindow.percentiles(window.histogram(Latency.INTENDED_SEND));
        read(actual, PERCENTILES, actualSend);
        read(intended, PERCENTILES, intendedSend);
        read(actual, MORE_STATISTICS, actualMore);
        read(intended, MORE_STATISTICS, intendedMore);
        counters(window, EVIDENCE, evidence);
        counters(window, MORE_EVIDENCE, threadCpu);
        idleCpuNanos = window.counter(AROUND.get(0));
        idleSwitches = window.counter(AROUND.get(1));
        parentCpuNanos = window.counter(AROUND.get(2));
        stealTicks = window.counter(AROUND.get(3));
        measuringCpuNanos = window.counter(MACHINE.get(0));
        machineBusyNanos = window.counter(MACHINE.get(1));
        outsideCpuNanos = window.counter(MACHINE.get(2));
        windowNanos = window.counter(MACHINE.get(3));
    }

    /**
     * The parent's samples around a slice as a window's interference, named as their columns: {@code own} is the
     * CPU time of the measuring JVM, the idle JVMs (and their involuntary switches) and the parent, in that order.
     */
    static Map<String, Long> around(final long[] own, final long stealTicks, final long machineBusyNanos,
                                    final long windowNanos) {
        final Map<String, Long> around = new LinkedHashMap<>();
        around.put(AROUND.get(0), own[1]);
        around.put(AROUND.get(1), own[2]);
        around.put(AROUND.get(2), own[3]);
        around.put(AROUND.get(3), stealTicks);
        around.put(MACHINE.get(0), own[0]);
        around.put(MACHINE.get(1), machineBusyNanos);
        around.put(MACHINE.get(2), ProcSample.outsideNanos(machineBusyNanos, own[0], own[1], own[3]));
        around.put(MACHINE.get(3), windowNanos);
        return around;
    }

    private static void counters(final MeasuredWindow window, final List<String> names, final long[] into) {
        for (int i = 0; i < names.size(); i++) {
            into[i] = window.counter(names.get(i));
        }
    }

    /** {@code names}' values from a map of statistics, in order; -1 for a name it lacks. */
    private static void read(final Map<String, Object> from, final List<String> names, final long[] into) {
        for (int i = 0; i < names.size(); i++) {
            final Object value = from.get(names.get(i));
            into[i] = value == null ? -1 : ((Number) value).longValue();
        }
    }

    long actualP50() {
        return actualSend[0];
    }
}
