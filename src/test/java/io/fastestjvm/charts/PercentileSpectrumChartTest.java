package io.fastestjvm.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Collections;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;

class PercentileSpectrumChartTest {

    /** SpectrumLine says it is immutable: drawing it twice draws the same line. */
    @Test
    void drawingALineTwiceDrawsTheSameLogScaledPoints() {
        final SpectrumLine line = new SpectrumLine("jdk17", "jdk17", 0, new double[] {1, 10, 100, 1_000},
                new double[] {300, 400, 900, 4_000});
        final double[] expected = {0, 1, 2, 3};
        for (int i = 0; i < 2; i++) {
            final XYChart chart = PercentileSpectrumChart.of("spectrum", Collections.singletonList(line));
            assertArrayEquals(expected, chart.getSeriesMap().get("jdk17").getXData(), 1e-12, "drawing " + i);
        }
    }
}
