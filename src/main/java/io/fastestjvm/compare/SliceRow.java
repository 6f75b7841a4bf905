package io.fastestjvm.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.slice.SliceProtocol;
import io.fastestjvm.slice.SliceWindow;

/**
 * One measured slice as one row of {@code slices.csv}, the comparison's record that the analysis reads back.
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
    /** The parent's own samples around a slice, appended last ({@link ProcSample}), ns. */
    static final List<String> MACHINE = Collections.unmodifiableList(Arrays.asList("measuringCpuNanos",
            "machineBusyNanos", "outsideCpuNanos", "windowNanos"));
    static final int IDLE_CPU = AROUND.indexOf("idleCpuNanos");
    static final int PARENT_CPU = AROUND.indexOf("parentCpuNanos");
    static final int OUTSIDE_CPU = MACHINE.indexOf("outsideCpuNanos");

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
    final long[] around = new long[AROUND.size()];
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
    final long[] machine = minusOnes(MACHINE.size());

    static String header() {
        final List<String> columns = new ArrayList<>(Arrays.asList("block", "cycle", "position", "variant",
                "predecessor", SliceProtocol.RECORDED, SliceProtocol.WALL_NANOS));
        columns.addAll(prefixed(SliceProtocol.ACTUAL_SEND, PERCENTILES));
        columns.addAll(prefixed(SliceProtocol.INTENDED_SEND, PERCENTILES));
        columns.addAll(EVIDENCE);
        columns.addAll(AROUND);
        columns.addAll(Arrays.asList("voided", SliceProtocol.FAILURE, SliceProtocol.QUEUE));
        columns.addAll(prefixed(SliceProtocol.ACTUAL_SEND, MORE_STATISTICS));
        columns.addAll(prefixed(SliceProtocol.INTENDED_SEND, MORE_STATISTICS));
        columns.addAll(MORE_EVIDENCE);
        columns.addAll(MACHINE);
        return String.join(",", columns);
    }

    private static List<String> prefixed(final String latency, final List<String> statistics) {
        return statistics.stream().map(statistic -> latency + "." + statistic).collect(Collectors.toList());
    }

    private static long[] minusOnes(final int size) {
        final long[] values = new long[size];
        Arrays.fill(values, -1);
        return values;
    }

    /** The number columns before {@code voided}, as one array per group, in order. */
    private long[][] leading() {
        return new long[][] {actualSend, intendedSend, evidence, around};
    }

    /** The columns appended after {@code queue}, as one array per group, in order. */
    private long[][] appended() {
        return new long[][] {actualMore, intendedMore, threadCpu, machine};
    }

    String toCsv() {
        final StringBuilder line = new StringBuilder(cells(block, cycle, position, variant, predecessor, recorded,
                wallNanos));
        append(line, leading());
        line.append(',').append(cells(voided, text(failure), queue));
        append(line, appended());
        return line.toString();
    }

    /** The values as cells of one line, comma-separated. */
    static String cells(final Object... values) {
        return Arrays.stream(values).map(String::valueOf).collect(Collectors.joining(","));
    }

    /** Free text as one cell: no comma, no line break. */
    static String text(final String text) {
        return text.replace(',', ';').replaceAll("[\\r\\n]", " ");
    }

    /** Appends each group's values, each after a comma. */
    static void append(final StringBuilder line, final long[]... groups) {
        for (final long[] values : groups) {
            for (final long value : values) {
                line.append(',').append(value);
            }
        }
    }

    static SliceRow parse(final String csv) {
        final String[] cells = csv.split(",", -1);
        final SliceRow row = new SliceRow();
        row.block = Integer.parseInt(cells[0]);
        row.cycle = Integer.parseInt(cells[1]);
        row.position = Integer.parseInt(cells[2]);
        row.variant = cells[3];
        row.predecessor = cells[4];
        row.recorded = Long.parseLong(cells[5]);
        row.wallNanos = Long.parseLong(cells[6]);
        int i = parse(cells, 7, row.leading());
        row.voided = Boolean.parseBoolean(cells[i++]);
        row.failure = cells[i++];
        row.queue = i < cells.length ? Integer.parseInt(cells[i++]) : 0;
        if (i < cells.length) {
            parse(cells, i, row.appended());
        }
        return row;
    }

    /** Fills {@code groups} from {@code cells} at {@code from}; returns the index after them. */
    static int parse(final String[] cells, final int from, final long[]... groups) {
        int i = from;
        for (final long[] values : groups) {
            for (int j = 0; j < values.length; j++) {
                values[j] = Long.parseLong(cells[i++]);
            }
        }
        return i;
    }

    /** The slice's figures from its window, each -1 where the window lacks it. */
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
        counters(window, AROUND, around);
        counters(window, MORE_EVIDENCE, threadCpu);
        counters(window, MACHINE, machine);
    }

    /** The parent's samples around a slice, named as their columns; {@code own} as {@code BlockRunner.ownCpu}. */
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
