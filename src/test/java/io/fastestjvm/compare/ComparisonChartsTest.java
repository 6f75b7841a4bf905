package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** charts/A-vs-B.png per pair of a synthetic comparison, and the report's links to them. */
class ComparisonChartsTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    @TempDir
    File folder;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static void assertPng(final File png) throws IOException {
        assertTrue(png.isFile(), png + " missing");
        final byte[] bytes = Files.readAllBytes(png.toPath());
        assertTrue(bytes.length > 1000, png + ": " + bytes.length + " bytes");
        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(bytes, PNG_MAGIC.length), png + " is no PNG");
        final BufferedImage image = ImageIO.read(png);
        assertNotNull(image, png + " unreadable");
        assertTrue(image.getWidth() >= 1000 && image.getHeight() >= 800, image.getWidth() + "x" + image.getHeight());
    }

    @Test
    void onePngPerPairOfThreeVariants() throws IOException {
        final ComparisonAnalysis analysis = Synthetic.generate(3, 4, 30, 0, 150, -100).analyse();
        ComparisonCharts.write(folder, analysis);
        final List<String> names = ComparisonCharts.names(analysis);
        assertEquals(Arrays.asList("charts/a-vs-b.png", "charts/a-vs-c.png", "charts/b-vs-c.png"), names);
        for (final String name : names) {
            assertPng(new File(folder, name));
        }
        assertEquals(3, new File(folder, ComparisonCharts.FOLDER).list().length, "no temp or SVG files left");
    }

    @Test
    void aFailedBlockVoidedCyclesAndAStalledSliceStillChart() throws IOException {
        final Synthetic data = Synthetic.generate(11, 4, 20, 200, 0);
        data.blocks.removeIf(row -> row.block == 2);
        data.failed(2, "b (pid 9): ended before its slice reply");
        for (final SliceRow row : data.slices) {
            if (row.block == 3 && row.cycle < 20 && row.cycle % 7 == 3) {
                row.voided = true;
            }
            if (row.block == 4 && row.cycle == 5 && "a".equals(row.variant)) {
                row.actualSend[0] *= 20; // the host stalled it: off the scale of both panels
            }
        }
        final ComparisonAnalysis analysis = data.analyse();
        assertEquals(Collections.singletonMap(2, "failed: b (pid 9): ended before its slice reply"),
                analysis.failedBlocks);
        ComparisonCharts.write(folder, analysis);
        assertEquals(Collections.singletonList("charts/a-vs-b.png"), ComparisonCharts.names(analysis));
        assertPng(new File(folder, "charts/a-vs-b.png"));
    }

    @Test
    void oneBlockHasNoIntervalAndStillCharts() throws IOException {
        final ComparisonAnalysis analysis = Synthetic.generate(5, 1, 40, 50, 0).analyse();
        ComparisonCharts.write(folder, analysis);
        assertEquals(Collections.singletonList("charts/a-vs-b.png"), ComparisonCharts.names(analysis));
        assertPng(new File(folder, "charts/a-vs-b.png"));
    }

    @Test
    void namesAreSanitised() {
        assertEquals("jdk17-1-vs-jdk17-tuned-2", ComparisonCharts.fileName("jdk17#1", "jdk17-tuned+2"));
        assertEquals("jdk21-vs-x-y", ComparisonCharts.fileName("jdk21", "x/y"));
    }

    @Test
    void theReportLinksTheCharts() {
        final ComparisonAnalysis analysis = Synthetic.generate(3, 4, 30, 0, 150, -100).analyse();
        final String md = ComparisonReport.markdown("t", Collections.<String>emptyList(), analysis, 20);
        assertTrue(md.endsWith("\n## Charts\n\nPer pair: each variant's per-slice actual-send p50 by cycle (top), and"
                + " the per-cycle ratio with the block values and the overall ratio (bottom).\n\n"
                + "- [a-vs-b](charts/a-vs-b.png)\n- [a-vs-c](charts/a-vs-c.png)\n- [b-vs-c](charts/b-vs-c.png)\n"),
                md);
        assertEquals("", ComparisonCharts.markdown(Collections.<String>emptyList()));
    }
}
