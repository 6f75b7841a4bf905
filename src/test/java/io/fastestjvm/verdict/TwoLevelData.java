package io.fastestjvm.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Synthetic paired cycle values with variance at two levels, as real interleaved runs have it: each block (set of
 * fresh JVMs) shifts all its cycles by an effect drawn from N(0, sb^2), and each cycle adds noise from N(0, sw^2).
 */
final class TwoLevelData {
    /** Fresh JVMs differ by about 2 %. */
    static final double SB = 0.02;
    /** Cycle-to-cycle noise of about 2.5 %. */
    static final double SW = 0.025;
    static final int CYCLES = 60;

    private TwoLevelData() {
    }

    static List<double[]> blocks(final Random random, final double mu, final int blocks, final int cycles) {
        final List<double[]> data = new ArrayList<>(blocks);
        for (int b = 0; b < blocks; b++) {
            data.add(block(random, mu, cycles));
        }
        return data;
    }

    static double[] block(final Random random, final double mu, final int cycles) {
        final double effect = SB * random.nextGaussian();
        final double[] values = new double[cycles];
        for (int c = 0; c < cycles; c++) {
            values[c] = mu + effect + SW * random.nextGaussian();
        }
        return values;
    }
}
