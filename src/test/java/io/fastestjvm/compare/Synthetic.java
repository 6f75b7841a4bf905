package io.fastestjvm.compare;

import io.fastestjvm.verdict.SteinStop;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Hand-built comparison rows for the analysis and report tests: a host level shared by every variant of a cycle
 * (a random walk within 600-1200 ns), a per-block JVM effect per variant (the luck of a fresh JVM), per-slice
 * lognormal noise, and a fixed shift in ns per variant. Seeded, so every test sees the same numbers each time.
 */
final class Synthetic {
    final List<String> variants;
    final List<SliceRow> slices = new ArrayList<>();
    final List<BlockRow> blocks = new ArrayList<>();

    Synthetic(final String... variants) {
        this.variants = Arrays.asList(variants);
    }

    /** One slice with this p50; its other percentiles and its intended-send p50 follow from it. */
    SliceRow slice(final int block, final int cycle, final int position, final String predecessor,
                   final String variant, final long p50) {
        final SliceRow row = new SliceRow();
        row.block = block;
        row.cycle = cycle;
        row.position = position;
        row.variant = variant;
        row.predecessor = predecessor;
        row.recorded = 100_000;
        row.wallNanos = 1_000_000_000L;
        for (int i = 0; i < row.actualSend.length; i++) {
            row.actualSend[i] = p50 << i;
            row.intendedSend[i] = (p50 + 100) << i;
        }
        row.around[0] = 1_000_000;
        row.around[2] = 2_000_000;
        slices.add(row);
        return row;
    }

    BlockRow block(final int block, final String variant, final long p99, final long p999, final int cycles,
                   final int voids) {
        final BlockRow row = new BlockRow();
        row.block = block;
        row.variant = variant;
        row.status = "ok";
        row.cycles = cycles;
        row.voids = voids;
        row.warmupSlices = 20 + block;
        row.steady = true;
        row.pooledMessages = 100_000L * cycles;
        row.readBack = row.pooledMessages;
        row.actualSend[0] = p99 / 3;
        row.actualSend[1] = p99;
        row.actualSend[2] = p999;
        row.actualSend[3] = 2 * p999;
        for (int i = 0; i < row.intendedSend.length; i++) {
            row.intendedSend[i] = row.actualSend[i] + 100;
        }
        blocks.add(row);
        return row;
    }

    /** A block that did not complete, as {@link ComparisonFiles#failedBlock} records it. */
    BlockRow failed(final int block, final String reason) {
        final BlockRow row = new BlockRow();
        row.block = block;
        row.variant = "-";
        row.status = "failed: " + reason;
        blocks.add(row);
        return row;
    }

    ComparisonAnalysis analyse() {
        return new ComparisonAnalysis(variants, slices, blocks, null, null);
    }

    /**
     * A finished comparison's folder of these rows as Comparison writes it: plan.json (with these settings, seed 42,
     * commit abc123), slices.csv and blocks.csv.
     */
    File write(final File folder, final Map<String, String> settings) throws IOException {
        if (!folder.mkdirs()) {
            throw new IOException("cannot create " + folder);
        }
        final Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("started", "20250101T000000Z");
        plan.put("seed", 42);
        plan.put("settings", settings);
        final List<Map<String, Object>> entries = new ArrayList<>();
        for (final String name : variants) {
            final Map<String, Object> variant = new LinkedHashMap<>();
            variant.put("name", name);
            variant.put("javaHome", "");
            variant.put("flags", Collections.emptyList());
            entries.add(variant);
        }
        plan.put("variants", entries);
        plan.put("provenance", Collections.singletonMap("commit", "abc123"));
        plan.put("machine", "Linux test, 2 CPUs");
        new ObjectMapper().writeValue(new File(folder, Comparison.PLAN), plan);
        final List<String> sliceLines = new ArrayList<>();
        sliceLines.add(SliceRow.header());
        for (final SliceRow row : slices) {
            sliceLines.add(row.toCsv());
        }
        Files.write(new File(folder, ComparisonFiles.SLICES).toPath(), sliceLines, StandardCharsets.UTF_8);
        final List<String> blockLines = new ArrayList<>();
        blockLines.add(BlockRow.header());
        for (final BlockRow row : blocks) {
            blockLines.add(row.toCsv());
        }
        Files.write(new File(folder, ComparisonFiles.BLOCKS).toPath(), blockLines, StandardCharsets.UTF_8);
        return folder;
    }

    /** The analysis as a comparison run under {@code stop} (null: a fixed number of blocks) sees it. */
    ComparisonAnalysis analyse(final SteinStop stop) {
        return new ComparisonAnalysis(variants, slices, blocks, stop, null);
    }

    /**
     * A block of one cycle whose p50 log ratio a / b is {@code logRatio} (so it is the block's value), with tails
     * that carry the same ratio.
     */
    void pairedBlock(final int block, final double logRatio) {
        final long b = 1_000_000;
        final long a = Math.round(b * Math.exp(logRatio));
        slice(block, 0, 0, "-", variants.get(0), a);
        slice(block, 0, 1, variants.get(0), variants.get(1), b);
        block(block, variants.get(0), 3 * a, 8 * a, 1, 0);
        block(block, variants.get(1), 3 * b, 8 * b, 1, 0);
    }

    /**
     * {@code blocks} x {@code cycles} for the variants a, b (, c...), one per element of {@code shiftNanos}: every
     * cycle's p50 of a variant is level x exp(its block's JVM effect, sd 1 %) x exp(noise, sd 2 %) + its shift.
     * The pooled tails per block carry the same JVM effect and shift.
     */
    static Synthetic generate(final long seed, final int blocks, final int cycles, final double... shiftNanos) {
        final String[] names = new String[shiftNanos.length];
        for (int v = 0; v < names.length; v++) {
            names[v] = String.valueOf((char) ('a' + v));
        }
        final Synthetic data = new Synthetic(names);
        final Random random = new Random(seed);
        for (int block = 1; block <= blocks; block++) {
            final double[] jvm = new double[names.length];
            for (int v = 0; v < names.length; v++) {
                jvm[v] = 0.01 * random.nextGaussian();
            }
            double level = 600 + 600 * random.nextDouble();
            double levelSum = 0;
            for (int cycle = 0; cycle < cycles; cycle++) {
                level = Math.max(600, Math.min(1200, level * Math.exp(0.05 * random.nextGaussian())));
                levelSum += level;
                final List<Integer> order = new ArrayList<>();
                for (int v = 0; v < names.length; v++) {
                    order.add(v);
                }
                Collections.shuffle(order, random);
                String predecessor = "-";
                for (int position = 0; position < order.size(); position++) {
                    final int v = order.get(position);
                    final double p50 = level * Math.exp(jvm[v] + 0.02 * random.nextGaussian()) + shiftNanos[v];
                    data.slice(block, cycle, position, predecessor, names[v], Math.round(p50));
                    predecessor = names[v];
                }
            }
            final double meanLevel = levelSum / cycles;
            for (int v = 0; v < names.length; v++) {
                final double p99 = 3 * meanLevel * Math.exp(jvm[v] + 0.02 * random.nextGaussian()) + shiftNanos[v];
                final double p999 = 8 * meanLevel * Math.exp(jvm[v] + 0.03 * random.nextGaussian())
                        + shiftNanos[v];
                data.block(block, names[v], Math.round(p99), Math.round(p999), cycles, 0);
            }
        }
        return data;
    }
}
