package io.fastestjvm.compare;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.HdrHistogram.Histogram;

/**
 * A comparison's record, {@code slices.csv} and {@code blocks.csv}, written as it goes so a killed comparison keeps
 * every finished cycle. The analysis needs nothing else, so a published set can leave the interval logs out.
 */
final class ComparisonFiles implements Closeable {
    static final String SLICES = "slices.csv";
    static final String BLOCKS = "blocks.csv";

    private final BufferedWriter slices;
    private final BufferedWriter blocks;

    ComparisonFiles(final File folder) throws IOException {
        slices = open(new File(folder, SLICES), SliceRow.header());
        blocks = open(new File(folder, BLOCKS), BlockRow.header());
    }

    private static BufferedWriter open(final File file, final String header) throws IOException {
        final BufferedWriter writer = Files.newBufferedWriter(file.toPath(), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE_NEW);
        append(writer, header);
        return writer;
    }

    void slice(final SliceRow row) throws IOException {
        append(slices, row.toCsv());
    }

    /** Writes an ok block's row, with its percentiles pooled from every slice of the cycles not voided. */
    void block(final BlockRow row, final Histogram[] pooled) throws IOException {
        row.status = "ok";
        row.pooledMessages = pooled[0].getTotalCount();
        for (int i = 0; i < BlockRow.PERCENTILES.length; i++) {
            row.actualSend[i] = pooled[0].getValueAtPercentile(BlockRow.PERCENTILES[i]);
            row.intendedSend[i] = pooled[1].getValueAtPercentile(BlockRow.PERCENTILES[i]);
        }
        append(blocks, row.toCsv());
    }

    void failedBlock(final int block, final String reason) throws IOException {
        final BlockRow row = new BlockRow();
        row.block = block;
        row.variant = "-";
        row.status = "failed: " + reason;
        append(blocks, row.toCsv());
    }

    private static void append(final BufferedWriter file, final String line) throws IOException {
        file.write(line);
        file.newLine();
        file.flush();
    }

    static List<SliceRow> readSlices(final File folder) throws IOException {
        return rows(new File(folder, SLICES), SliceRow::parse);
    }

    static List<BlockRow> readBlocks(final File folder) throws IOException {
        return rows(new File(folder, BLOCKS), BlockRow::parse);
    }

    private static <T> List<T> rows(final File file, final Function<String, T> parse) throws IOException {
        final List<String> lines = Files.readAllLines(file.toPath(), StandardCharsets.UTF_8);
        return lines.subList(1, lines.size()).stream().map(parse).collect(Collectors.toList());
    }

    @Override
    public void close() throws IOException {
        slices.close();
        blocks.close();
    }
}
