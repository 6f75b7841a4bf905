package io.fastestjvm.slice;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a comparison JVM needs for qp.compare.recompile; InterleavedComparisonIT recompiles in real JVMs. */
class RecompilationTest {
    @TempDir
    Path temp;

    @Test
    void theWhiteBoxClassIsInstalledAloneSoTheBootLoaderFindsNothingElseThere() throws IOException {
        final Path dir = temp.resolve("whitebox");
        Recompilation.install(dir.toFile());
        try (Stream<Path> files = Files.walk(dir)) {
            assertEquals(Arrays.asList("sun/hotspot/WhiteBox.class"), files.filter(Files::isRegularFile)
                    .map(f -> dir.relativize(f).toString().replace('\\', '/')).collect(Collectors.toList()));
        }
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("sun/hotspot/WhiteBox.class")) {
            final ByteArrayOutputStream expected = new ByteArrayOutputStream();
            final byte[] buffer = new byte[4096];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                expected.write(buffer, 0, n);
            }
            assertArrayEquals(expected.toByteArray(), Files.readAllBytes(dir.resolve("sun/hotspot/WhiteBox.class")));
        }
        Recompilation.install(dir.toFile()); // a second block's install replaces it
    }

    @Test
    void theFlagsUnlockTheApiAndAppendTheFolderToTheBootClassPath() {
        final List<String> flags = Recompilation.jvmFlags(temp.toFile());
        assertEquals(Arrays.asList("-XX:+UnlockDiagnosticVMOptions", "-XX:+WhiteBoxAPI",
                "-Xbootclasspath/a:" + temp.toFile()), flags);
    }

    @Test
    void aJvmWithoutTheBootCopyRefusesInsteadOfMeasuringItsFirstCode() {
        final ReflectiveOperationException e = assertThrows(ReflectiveOperationException.class,
                () -> Recompilation.deoptimizeAll(new SplittableRandom(1)));
        assertTrue(e.getMessage().contains("boot class path"), e.getMessage());
    }
}
