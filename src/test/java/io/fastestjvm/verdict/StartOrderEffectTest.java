package io.fastestjvm.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

class StartOrderEffectTest {
    private static final int[] ALTERNATING = {1, -1, 1, -1, 1, -1, 1, -1};

    @Test
    void anExactOrderEffectIsFoundAndLeavesOnlyTheRest() {
        final double[] noise = {0.01, -0.01, 0.02, 0.0, -0.02, 0.01, 0.0, -0.01};
        final double[] values = new double[8];
        for (int i = 0; i < values.length; i++) {
            values[i] = 0.03 + 0.10 * ALTERNATING[i] + noise[i];
        }
        final StartOrderEffect order = StartOrderEffect.of(values, ALTERNATING);
        final Interval effect = order.effect(0.95);
        assertEquals(0.10, effect.estimate(), 0.01);
        assertTrue(effect.lower() > 0, "an effect of 10 % against noise of 1-2 % is certain: " + effect);
        assertTrue(order.residualSd() < 0.02, "what is left is the noise: " + order.residualSd());
        assertEquals(6, order.residualDf());
        assertEquals(8, order.blocks());
    }

    @Test
    void noFitWithoutBothOrdersAnUnknownOrderOrFewerThanFourBlocks() {
        assertNull(StartOrderEffect.of(new double[] {0.1, 0.2, 0.3, 0.4}, new int[] {1, 1, 1, 1}));
        assertNull(StartOrderEffect.of(new double[] {0.1, 0.2, 0.3, 0.4}, new int[] {1, -1, 0, 1}));
        assertNull(StartOrderEffect.of(new double[] {0.1, 0.2, 0.3}, new int[] {1, -1, 1}));
    }

    @Test
    void theEffectsIntervalCoversTheTrueEffectAsOftenAsItSays() {
        final Random random = new Random(2026);
        final int trials = 2000;
        int covered = 0;
        for (int t = 0; t < trials; t++) {
            final double[] values = new double[ALTERNATING.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = 0.05 * ALTERNATING[i] + 0.10 * random.nextGaussian();
            }
            covered += StartOrderEffect.of(values, ALTERNATING).effect(0.95).contains(0.05) ? 1 : 0;
        }
        final double coverage = (double) covered / trials;
        assertTrue(coverage > 0.93 && coverage < 0.97, "coverage " + coverage);
    }
}
