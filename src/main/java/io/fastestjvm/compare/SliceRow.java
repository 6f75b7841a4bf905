package io.fastestjvm.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.slice.SliceProtocol;

/** One measured slice, one row of {@code slices.csv}; columns added later come last, so older sets parse (-1). */
final class SliceRow {
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
    final long[] actualSend = new long[SliceProtocol.PERCENTILES.size()];
    final long[] intendedSend = new long[SliceProtocol.PERCENTILES.size()];
    final long[] evidence = new long[SliceProtocol.EVIDENCE.size()];
    final long[] around = new long[AROUND.size()];
    /** This slice's own failed check, or empty. */
    String failure = "";
    /** Whether any slice of its cycle failed a check: then no slice of the cycle counts. */
    boolean voided;
    /** Which of its JVM's queues it went through (sets made before it have 0). */
    int queue;
    // Appended after queue: -1 in sets made before them, and wherever unreadable.
    final long[] actualMore = minusOnes(SliceProtocol.MORE_STATISTICS.size());
    final long[] intendedMore = minusOnes(SliceProtocol.MORE_STATISTICS.size());
    /** Each worker's CPU time during the slice, ns. */
    final long[] threadCpu = minusOnes(SliceProtocol.MORE_EVIDENCE.size());
    final long[] machine = minusOnes(MACHINE.size());

    /** One column of a CSV row: its name, its cell, and how a cell read back sets it. */
    static final class Column {
        final String name;
        final Supplier<Object> cell;
        final Consumer<String> read;

        Column(final String name, final Supplier<Object> cell, final Consumer<String> read) {
            this.name = name;
            this.cell = cell;
            this.read = read;
        }

        /** One column per name, {@code prefix} before it, over {@code values}. */
        static List<Column> group(final String prefix, final List<String> names, final long[] values) {
            return IntStream.range(0, names.size()).mapToObj(i -> new Column(prefix + names.get(i), () -> values[i],
                    cell -> values[i] = Long.parseLong(cell))).collect(Collectors.toList());
        }

        static String join(final List<Column> columns, final Function<Column, Object> what) {
            return columns.stream().map(what).map(String::valueOf).collect(Collectors.joining(","));
        }

        /** Sets each column from its cell; the columns a set made before them lacks keep their defaults. */
        static void read(final List<Column> columns, final String csv) {
            final String[] cells = csv.split(",", -1);
            for (int i = 0; i < Math.min(cells.length, columns.size()); i++) {
                columns.get(i).read.accept(cells[i]);
            }
        }
    }

    /** This row's columns in file order; those appended after {@code queue} last. */
    private List<Column> columns() {
        final List<Column> columns = new ArrayList<>(Arrays.asList(
                new Column("block", () -> block, cell -> block = Integer.parseInt(cell)),
                new Column("cycle", () -> cycle, cell -> cycle = Integer.parseInt(cell)),
                new Column("position", () -> position, cell -> position = Integer.parseInt(cell)),
                new Column("variant", () -> variant, cell -> variant = cell),
                new Column("predecessor", () -> predecessor, cell -> predecessor = cell),
                new Column(SliceProtocol.RECORDED, () -> recorded, cell -> recorded = Long.parseLong(cell)),
                new Column(SliceProtocol.WALL_NANOS, () -> wallNanos, cell -> wallNanos = Long.parseLong(cell))));
        columns.addAll(Column.group(SliceProtocol.ACTUAL_SEND + ".", SliceProtocol.PERCENTILES, actualSend));
        columns.addAll(Column.group(SliceProtocol.INTENDED_SEND + ".", SliceProtocol.PERCENTILES, intendedSend));
        columns.addAll(Column.group("", SliceProtocol.EVIDENCE, evidence));
        columns.addAll(Column.group("", AROUND, around));
        columns.add(new Column("voided", () -> voided, cell -> voided = Boolean.parseBoolean(cell)));
        columns.add(new Column(SliceProtocol.FAILURE, () -> text(failure), cell -> failure = cell));
        columns.add(new Column(SliceProtocol.QUEUE, () -> queue, cell -> queue = Integer.parseInt(cell)));
        columns.addAll(Column.group(SliceProtocol.ACTUAL_SEND + ".", SliceProtocol.MORE_STATISTICS, actualMore));
        columns.addAll(Column.group(SliceProtocol.INTENDED_SEND + ".", SliceProtocol.MORE_STATISTICS, intendedMore));
        columns.addAll(Column.group("", SliceProtocol.MORE_EVIDENCE, threadCpu));
        columns.addAll(Column.group("", MACHINE, machine));
        return columns;
    }

    static String header() {
        return Column.join(new SliceRow().columns(), column -> column.name);
    }

    String toCsv() {
        return Column.join(columns(), column -> column.cell.get());
    }

    static SliceRow parse(final String csv) {
        final SliceRow row = new SliceRow();
        Column.read(row.columns(), csv);
        return row;
    }

    /** Free text as one cell: no comma, no line break. */
    static String text(final String text) {
        return text.replace(',', ';').replaceAll("[\\r\\n]", " ");
    }

    private static long[] minusOnes(final int size) {
        final long[] values = new long[size];
        Arrays.fill(values, -1);
        return values;
    }

    /** The slice's figures from its window, each -1 where the window lacks it. */
    void fill(final MeasuredWindow window) {
        recorded = window.histogram(Latency.ACTUAL_SEND).getTotalCount();
        wallNanos = window.lengthNanos();
        final Map<String, Object> actual = SliceProtocol.percentiles(window.histogram(Latency.ACTUAL_SEND));
        final Map<String, Object> intended = SliceProtocol.percentiles(window.histogram(Latency.INTENDED_SEND));
        read(actual, SliceProtocol.PERCENTILES, actualSend);
        read(intended, SliceProtocol.PERCENTILES, intendedSend);
        read(actual, SliceProtocol.MORE_STATISTICS, actualMore);
        read(intended, SliceProtocol.MORE_STATISTICS, intendedMore);
        counters(window, SliceProtocol.EVIDENCE, evidence);
        counters(window, AROUND, around);
        counters(window, SliceProtocol.MORE_EVIDENCE, threadCpu);
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
