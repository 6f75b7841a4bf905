package io.fastestjvm.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The paired-slices chart's y ranges (outliers clipped to the edge), its colours, and its stacked image. */
class PairedSlicesChartTest {
    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void oneStalledSliceDoesNotWidenTheRange() {
        final double[] range = PairedSlicesChart.range(Arrays.asList(0.98, 1.02, 1.05, 18.6, null), 0.5, 2,
                new double[] {1, Double.NaN});
        assertTrue(range[0] < 0.98 && range[0] > 0.9, Arrays.toString(range));
        assertTrue(range[1] > 1.05 && range[1] < 1.1, Arrays.toString(range));
        assertEquals(range[1], PairedSlicesChart.clip(18.6, range), 0);
        assertEquals(1.0, PairedSlicesChart.clip(1.0, range), 0);
        final double[] kept = PairedSlicesChart.range(Arrays.asList(1.0, 1.01), 0.5, 2, new double[] {1.3, 9});
        assertTrue(kept[1] >= 2 && kept[1] <= 2.04, "a kept value beyond the cap stops at the cap: "
                + Arrays.toString(kept));
        assertArrayEquals(new double[] {0.5, 2}, PairedSlicesChart.range(Arrays.asList(5.0, 7.0), 0.5, 2,
                new double[0]), 0, "nothing within the caps: the caps");
    }

    @Test
    void twoCopiesOfOneProfileAreToldApart() {
        assertTrue(PairedSlicesChart.alike(ProfilePalette.colour("jdk17"), ProfilePalette.colour("jdk17")));
        assertFalse(PairedSlicesChart.alike(ProfilePalette.colour("jdk17"), ProfilePalette.colour("jdk21")));
        assertFalse(PairedSlicesChart.alike(Color.WHITE, Color.BLACK));
    }

    @Test
    void bothPanelsStackIntoOneImage() {
        final PairedSlicesChart chart = new PairedSlicesChart("x vs y", "jdk17#1", "jdk17#2", "jdk17", "jdk17");
        for (int block = 1; block <= 3; block++) {
            for (int cycle = 1; cycle <= 10; cycle++) {
                if (cycle != 4) { // voided
                    chart.cycle(block, (block - 1) * 10 + cycle, 1000 + 10 * cycle, 950 + 10 * cycle);
                }
            }
            chart.block(block, (block - 1) * 10 + 1, block * 10, 1.05);
        }
        chart.cycle(3, 30, 50_000, 1000); // stalled
        chart.overall(1.05, 1.01, 1.09);
        final BufferedImage image = chart.render();
        assertTrue(image.getWidth() >= PairedSlicesChart.WIDTH - 50, "width " + image.getWidth());
        assertEquals(PairedSlicesChart.TOP_HEIGHT + PairedSlicesChart.BOTTOM_HEIGHT, image.getHeight());

        final PairedSlicesChart empty = new PairedSlicesChart("nothing", "a", "b", "a", "b");
        assertEquals(PairedSlicesChart.TOP_HEIGHT + PairedSlicesChart.BOTTOM_HEIGHT, empty.render().getHeight());
    }
}
