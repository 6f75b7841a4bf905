package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.PairedBlocks;
import io.fastestjvm.verdict.VarianceComponents;
import io.fastestjvm.verdict.BlocksPair;

/** The variance components table across comparison folders. */
class ComparisonComponentsTest {
    private static final Map<String, String> SETTINGS = Collections.singletonMap("qp.compare.variants", "a=|;b=|");

    @TempDir
    File temp;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private int run(final String... args) throws IOException {
        try (PrintStream out = new PrintStream(outBytes, true, "UTF-8");
             PrintStream err = new PrintStream(errBytes, true, "UTF-8")) {
            return ComparisonComponents.run(args, out, err);
        }
    }

    private static ComparisonComponents.Row row(final String name, final double sd, final int blocks) {
        return new ComparisonComponents.Row(name, "a / b", blocks, sd * sd, blocks - 1, 0.02, new double[] {1.1},
                new double[] {100});
    }

    /** The base sets' 8.944 % on 8 df and 10.646 % on 12 pool to 10 % on 20; a folder's 5 % on 5 df: phi 0.75. */
    @Test
    void phiAgainstThePooledBaseByHand() {
        final String md = ComparisonComponents.markdown(Arrays.asList(row("x", Math.sqrt(0.008), 9),
                row("y", Math.sqrt(0.136 / 12), 13)), Collections.singletonList(row("z", 0.05, 6)));
        final String[] lines = md.split("\n");
        assertEquals("| set | pair | blocks | sd of block values (95 %) | cycle sd within a block | s per slice | s per"
                + " block | phi (95 %) |", lines[0]);
        assertTrue(lines[2].startsWith("| base: x | a / b | 9 | 8.94 % ("), lines[2]);
        assertTrue(lines[2].endsWith(" | 2.00 % | 1.10 | 100 | - |"), lines[2]);
        final Interval pooledSd = VarianceComponents.sdInterval(0.1, 20, 0.95);
        assertEquals(ComparisonReport.fmt("| base, pooled (2 sets) | - | 22 | 10.00 %% (%.2f - %.2f %%) | 2.00 %% |"
                + " 1.10 | 100 | - |", 100 * pooledSd.lower(), 100 * pooledSd.upper()), lines[4]);
        assertTrue(lines[5].startsWith("| z | a / b | 6 | 5.00 % ("), lines[5]);
        assertTrue(lines[5].endsWith(" | 0.75 (-0.58 - 0.92) |"), lines[5]);
    }

    @Test
    void fromComparisonFolders() throws IOException {
        final Synthetic base = Synthetic.generate(1, 6, 10, 0, 0);
        final Synthetic other = Synthetic.generate(2, 4, 10, 0, 0);
        for (final Synthetic data : Arrays.asList(base, other)) {
            for (final BlockRow row : data.blocks) {
                row.startMillis = 5_000;
                row.warmupMillis = 30_000;
                row.finishMillis = 5_000;
                row.cyclesMillis = 22_000; // 10 cycles of 2 slices: 1.1 s a slice; a block 2 x 40 + 22 s
            }
        }
        final File baseFolder = base.write(new File(temp, "base"), SETTINGS);
        final File otherFolder = other.write(new File(temp, "other"), SETTINGS);
        assertEquals(0, run(baseFolder.getPath(), "--", otherFolder.getPath()));
        final List<String> lines = Arrays.asList(new String(outBytes.toByteArray(), StandardCharsets.UTF_8)
                .split("\n"));
        final PairedBlocks b = base.analyse().figure("a", "b", BlocksPair.P50).blocks;
        final PairedBlocks o = other.analyse().figure("a", "b", BlocksPair.P50).blocks;
        assertTrue(lines.get(2).startsWith(ComparisonReport.fmt("| base: base | a / b | 6 | %.2f %% (",
                100 * b.blockSd())), lines.toString());
        assertTrue(lines.get(2).endsWith(ComparisonReport.fmt(" | %.2f %% | 1.10 | 102 | - |",
                100 * b.withinSdRobust())), lines.get(2));
        assertTrue(lines.get(3).startsWith("| base, pooled (1 set) | - | 6 | "), lines.get(3));
        final Interval phi = VarianceComponents.varianceReduction(o.blockSd() * o.blockSd(), 3,
                b.blockSd() * b.blockSd(), 5, 0.95);
        assertTrue(lines.get(4).startsWith("| other | a / b | 4 | "), lines.get(4));
        assertTrue(lines.get(4).endsWith(ComparisonReport.fmt(" | 1.10 | 102 | %.2f (%.2f - %.2f) |",
                phi.estimate(), phi.lower(), phi.upper())), lines.get(4));
        assertEquals("", new String(errBytes.toByteArray(), StandardCharsets.UTF_8));
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() throws IOException {
        final File folder = Synthetic.generate(1, 3, 10, 0, 0).write(new File(temp, "set"), SETTINGS);
        for (final String[] args : Arrays.asList(new String[] {folder.getPath()},
                new String[] {"--", folder.getPath()}, new String[] {folder.getPath(), "--"},
                new String[] {folder.getPath(), "--", new File(temp, "missing").getPath()})) {
            outBytes.reset();
            errBytes.reset();
            assertEquals(2, run(args), Arrays.toString(args));
            final String err = new String(errBytes.toByteArray(), StandardCharsets.UTF_8);
            assertTrue(err.startsWith(ComparisonComponents.USAGE) && err.indexOf('\n') == err.length() - 1, err);
            assertEquals(0, outBytes.size());
        }
    }
}
