package io.fastestjvm.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.fastestjvm.verdict.PairedBlocks;
import io.fastestjvm.verdict.StartOrderEffect;
import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.MedianStop;
import io.fastestjvm.verdict.SteinStop;

/**
 * The interleaved design's block values from a comparison's two CSV files: blocks every variant completed, cycles no
 * slice voided. p50s are block medians of per-cycle log ratios (a stalled slice moves a mean, not a median); tails
 * are log ratios of pooled percentiles. Primary figures are decided apart, so noisy tails do not dilute the p50.
 */
final class ComparisonAnalysis {
    final List<String> variants;
    final List<BlocksPair> figures = new ArrayList<>();
    /** Per pair "A / B": the paired p50 shift in ns (A - B), blocks as units. */
    final Map<String, PairedBlocks> shifts = new LinkedHashMap<>();
    final Set<Integer> countedBlocks = new TreeSet<>();
    final Map<Integer, String> failedBlocks = new TreeMap<>();
    final Map<String, int[]> voidsPerVariant = new LinkedHashMap<>();
    /** Block -> cycle -> variant -> row: the counted blocks' cycles no slice voided. */
    final Map<Integer, Map<Integer, Map<String, SliceRow>>> countedCycles = new TreeMap<>();
    final List<SliceRow> slices;
    final List<BlockRow> blockRows;
    /** Stein's stop rule the comparison ran under; null: a fixed number of blocks. */
    final SteinStop stop;
    /** The median stop rule the comparison ran under, which makes the median of blocks primary; or null. */
    final MedianStop medianStop;

    /** The analysis of a comparison that ran under either stop rule (both null: a fixed number of blocks). */
    ComparisonAnalysis(final List<String> variants, final List<SliceRow> slices, final List<BlockRow> blocks,
                       final SteinStop stop, final MedianStop medianStop) {
        this.variants = variants;
        this.slices = slices;
        this.blockRows = blocks;
        this.stop = stop;
        this.medianStop = medianStop;
        final Map<Integer, Map<String, BlockRow>> byBlock = new TreeMap<>();
        for (final BlockRow row : blockRows) {
            if (!row.ok()) {
                failedBlocks.put(row.block, row.status);
                continue;
            }
            byBlock.computeIfAbsent(row.block, b -> new LinkedHashMap<>()).put(row.variant, row);
        }
        byBlock.entrySet().stream().filter(block -> !failedBlocks.containsKey(block.getKey())
                && block.getValue().keySet().containsAll(variants)).forEach(block -> countedBlocks.add(block.getKey()));
        for (final String variant : variants) {
            final int[] voids = new int[2];
            for (final int block : countedBlocks) {
                voids[0] += byBlock.get(block).get(variant).voids;
                voids[1] += byBlock.get(block).get(variant).cycles;
            }
            voidsPerVariant.put(variant, voids);
        }
        slices.stream().filter(row -> countedBlocks.contains(row.block) && !row.voided)
                .forEach(row -> countedCycles.computeIfAbsent(row.block, b -> new TreeMap<>())
                        .computeIfAbsent(row.cycle, c -> new LinkedHashMap<>()).put(row.variant, row));
        for (final String[] pair : pairs()) {
            pair(pair[0], pair[1], byBlock);
        }
        BlocksPair.decide(family(true));
        BlocksPair.decide(family(false));
    }

    /** The primary figures (each pair's actual-send p50), or the others. */
    List<BlocksPair> family(final boolean primary) {
        return figures.stream().filter(figure -> figure.primary() == primary).collect(Collectors.toList());
    }

    private void pair(final String a, final String b, final Map<Integer, Map<String, BlockRow>> byBlock) {
        final List<double[]> logRatios = new ArrayList<>();
        final List<double[]> intendedLogRatios = new ArrayList<>();
        final List<double[]> shiftNanos = new ArrayList<>();
        final List<double[]> p99 = new ArrayList<>();
        final List<double[]> p999 = new ArrayList<>();
        final List<Integer> paired = new ArrayList<>();
        for (final int block : countedBlocks) {
            final List<double[]> values = new ArrayList<>();
            for (final Map<String, SliceRow> cycle : countedCycles.getOrDefault(block,
                    Collections.<Integer, Map<String, SliceRow>>emptyMap()).values()) {
                final SliceRow ra = cycle.get(a);
                final SliceRow rb = cycle.get(b);
                if (ra != null && rb != null) {
                    values.add(new double[] {Math.log((double) ra.actualP50() / rb.actualP50()),
                        Math.log((double) ra.intendedSend[0] / rb.intendedSend[0]),
                        ra.actualP50() - rb.actualP50()});
                }
            }
            if (values.isEmpty()) {
                continue; // every cycle voided: the block has no paired median (its voids say why)
            }
            paired.add(block);
            logRatios.add(column(values, 0));
            intendedLogRatios.add(column(values, 1));
            shiftNanos.add(column(values, 2));
            final BlockRow ba = byBlock.get(block).get(a);
            final BlockRow bb = byBlock.get(block).get(b);
            p99.add(new double[] {Math.log((double) ba.actualSend[1] / bb.actualSend[1])});
            p999.add(new double[] {Math.log((double) ba.actualSend[2] / bb.actualSend[2])});
        }
        if (logRatios.isEmpty()) {
            return;
        }
        final List<Integer> numbers = Collections.unmodifiableList(paired);
        final PairedBlocks p50 = PairedBlocks.ofMedians(logRatios);
        if (medianStop != null) {
            figures.add(BlocksPair.medianOf(a, b, BlocksPair.P50, p50, numbers));
            figures.add(new BlocksPair(a, b, BlocksPair.P50_MEAN_OF_BLOCKS, p50, numbers, null));
        } else {
            figures.add(new BlocksPair(a, b, BlocksPair.P50, p50, numbers, stop == null ? null : stop.plan(p50)));
            figures.add(BlocksPair.medianOf(a, b, BlocksPair.P50_MEDIAN_OF_BLOCKS, p50, numbers));
        }
        figures.add(new BlocksPair(a, b, "actual-send p99 (pooled per block)", PairedBlocks.of(p99), numbers, null));
        figures.add(new BlocksPair(a, b, "actual-send p99.9 (pooled per block)", PairedBlocks.of(p999), numbers,
                null));
        figures.add(new BlocksPair(a, b, "intended-send p50", PairedBlocks.ofMedians(intendedLogRatios), numbers,
                null));
        shifts.put(a + " / " + b, PairedBlocks.ofMedians(shiftNanos));
    }

    private static double[] column(final List<double[]> rows, final int column) {
        return rows.stream().mapToDouble(row -> row[column]).toArray();
    }

    /** Each counted block's wall time in s, {fixed, cycles, cycle count}; null for sets without the times. */
    List<double[]> blockSeconds() {
        final Map<Integer, double[]> perBlock = new TreeMap<>();
        for (final BlockRow row : blockRows) {
            if (countedBlocks.contains(row.block)) {
                if (row.fixedMillis() < 0) {
                    return null;
                }
                final double[] cost = perBlock.computeIfAbsent(row.block, b -> new double[3]);
                cost[0] += row.fixedMillis() / 1000.0;
                cost[1] = row.cyclesMillis / 1000.0;
                cost[2] = row.cycles;
            }
        }
        return perBlock.isEmpty() ? null : new ArrayList<>(perBlock.values());
    }

    /** A counted block's wall time, medians over blocks, in s: {fixed, per cycle}; null for sets without it. */
    double[] blockCostSeconds() {
        final List<double[]> perBlock = blockSeconds();
        if (perBlock == null) {
            return null;
        }
        final double[] fixed = perBlock.stream().mapToDouble(c -> c[0]).sorted().toArray();
        final double[] perCycle = perBlock.stream().mapToDouble(c -> c[1] / c[2]).sorted().toArray();
        return new double[] {fixed[fixed.length / 2], perCycle[perCycle.length / 2]};
    }

    /** The start order's share of a figure's block values; null where the order is unknown or cannot be fitted. */
    StartOrderEffect startOrder(final BlocksPair figure) {
        final int[] signs = new int[figure.blockNumbers.size()];
        for (int i = 0; i < signs.length; i++) {
            int a = -1;
            int b = -1;
            for (final BlockRow row : blockRows) {
                if (row.block == figure.blockNumbers.get(i) && row.ok()) {
                    a = figure.a.equals(row.variant) ? row.startPosition : a;
                    b = figure.b.equals(row.variant) ? row.startPosition : b;
                }
            }
            signs[i] = a < 0 || b < 0 ? 0 : Integer.signum(a - b); // +1: B started before A
        }
        return StartOrderEffect.of(figure.blocks.blockValues(), signs);
    }

    /** {cycles the machine's disturbance voided, cycles run} over every block: counted against no variant. */
    int[] disturbedCycles() {
        final long cycles = slices.stream().map(row -> row.block + "/" + row.cycle).distinct().count();
        final long disturbed = slices.stream().filter(row -> ProcSample.disturbed(row.failure))
                .map(row -> row.block + "/" + row.cycle).distinct().count();
        return new int[] {(int) disturbed, (int) cycles};
    }

    /** The share of a variant's counted cycles its own slices voided, in %. */
    double voidPercent(final String variant) {
        final int[] counts = voidsPerVariant.get(variant);
        return counts[1] == 0 ? 0 : 100.0 * counts[0] / counts[1];
    }

    /** Every pair of variants, {A, B} with A listed first. */
    List<String[]> pairs() {
        final List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            for (int j = i + 1; j < variants.size(); j++) {
                pairs.add(new String[] {variants.get(i), variants.get(j)});
            }
        }
        return pairs;
    }

    /** Every pair's primary p50 figure, in pair order; null for a pair whose blocks all failed. */
    List<BlocksPair> p50s() {
        return pairs().stream().map(pair -> figure(pair[0], pair[1], BlocksPair.P50)).collect(Collectors.toList());
    }

    BlocksPair figure(final String a, final String b, final String figure) {
        return figures.stream().filter(candidate -> candidate.a.equals(a) && candidate.b.equals(b)
                && candidate.figure.equals(figure)).findFirst().orElse(null);
    }
}
