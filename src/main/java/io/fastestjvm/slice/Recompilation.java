package io.fastestjvm.slice;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * qp.compare.recompile: a warm JVM throws its compiled code away (WhiteBox) and warms up again, which cures a slow
 * first compilation (docs/findings/memory-draw.md#the-slow-state-is-the-jvms-compiled-code-compiled-again-it-goes).
 */
public final class Recompilation {
    static final String WHITE_BOX = "sun.hotspot.WhiteBox";
    /** The most the code cache is shifted by before the new code comes, in steps of a cache line. */
    static final int MAX_SHIFT_BYTES = 256 * 1024;

    private Recompilation() {
    }

    /** The flags a JVM needs for {@link #deoptimizeAll}, with the WhiteBox class {@link #install}ed in {@code dir}. */
    public static List<String> jvmFlags(final File dir) {
        return Arrays.asList("-XX:+UnlockDiagnosticVMOptions", "-XX:+WhiteBoxAPI", "-Xbootclasspath/a:" + dir);
    }

    /** Copies the WhiteBox class alone into {@code dir} (the boot loader must find it there, and nothing else). */
    public static void install(final File dir) throws IOException {
        final String path = WHITE_BOX.replace('.', '/') + ".class";
        final File target = new File(dir, path);
        Files.createDirectories(target.getParentFile().toPath());
        try (InputStream in = Recompilation.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IOException(path + " is not on the classpath");
            }
            Files.copy(in, target.toPath(), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deoptimises everything, then shifts both method heaps at random so new code does not refill the old places. */
    static int deoptimizeAll(final SplittableRandom random) throws ReflectiveOperationException {
        final ClassLoader loader = Recompilation.class.getClassLoader();
        if (Class.forName(WHITE_BOX, false, loader).getClassLoader() != null) { // loaded, not yet initialised
            throw new ClassNotFoundException(WHITE_BOX + " is not on the boot class path (-Xbootclasspath/a)");
        }
        final Class<?> type = Class.forName(WHITE_BOX, true, loader); // binds the natives
        final Object whiteBox = type.getConstructor().newInstance();
        type.getMethod("deoptimizeAll").invoke(whiteBox);
        final int shift = 64 * random.nextInt(MAX_SHIFT_BYTES / 64);
        final Method allocate = type.getMethod("allocateCodeBlob", int.class, int.class);
        try {
            allocate.invoke(whiteBox, shift + 64, 0);
            allocate.invoke(whiteBox, shift / 2 + 64, 1);
        } catch (final InvocationTargetException e) {
            return 0; // a JVM without this call (or one heap) recompiles all the same, at places of its choosing
        }
        return shift;
    }
}
