package io.fastestjvm.charts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Saves a chart as {@code <name>.png}, what GitHub shows. No SVG: XChart writes one path element per point, about
 * 0.8 MB a chart, which made charts a fifth of a published set.
 */
public final class ChartFiles {
    public static final int WIDTH = 1000;
    public static final int HEIGHT = 600;

    private ChartFiles() {
    }

    /** Writes the file whole (temp + rename) and returns its path. */
    public static Path save(final Chart<?, ?> chart, final Path folder, final String name) throws IOException {
        Files.createDirectories(folder);
        final Path png = folder.resolve(name + ".png");
        replace(png, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        return png;
    }

    private static void replace(final Path file, final byte[] bytes) throws IOException {
        final Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(temp, bytes);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
