package io.fastestjvm.charts;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

import io.fastestjvm.results.ResultsFolder;

/**
 * Saves a chart as {@code <name>.png}, what GitHub shows. No SVG: XChart writes one path element per point, about
 * 0.8 MB a chart, which made charts a fifth of a published set.
 */
public final class ChartFiles {
    public static final int WIDTH = 1000;
    public static final int HEIGHT = 600;

    private ChartFiles() {
    }

    public static Path save(final Chart<?, ?> chart, final Path folder, final String name) throws IOException {
        return save(BitmapEncoder.getBufferedImage(chart), folder, name);
    }

    /** Writes the file whole ({@link ResultsFolder}) and returns its path. */
    public static Path save(final BufferedImage image, final Path folder, final String name) throws IOException {
        Files.createDirectories(folder);
        final Path temp = folder.resolve(name + ".png.tmp");
        ResultsFolder.write(temp, out -> {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer");
            }
        });
        return ResultsFolder.moveIntoPlace(temp, folder.resolve(name + ".png"));
    }
}
