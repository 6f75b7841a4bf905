package io.fastestjvm.warmup;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Resolves the loaded classes' string literals as the paced stage starts, else a compilation request would on the
 * hot thread (docs/steady-state.md#string-literals-resolved-by-a-compilation-request). Needs .mvn/jvm.config's opens.
 */
public final class StringLiterals {
    public static final String SUMMARY_KEY = "stringLiterals";

    private static final Access ACCESS = new Access();

    private final boolean enabled;
    private volatile Map<String, Object> done;

    public StringLiterals(final boolean enabled) {
        this.enabled = enabled;
    }

    /** Resolves the literals of the loaded classes of {@code java.class.path}, when enabled; records what it did. */
    public void resolveLoaded() {
        if (!enabled) {
            return;
        }
        final Map<String, Object> record = new LinkedHashMap<>();
        final long start = System.nanoTime();
        if (ACCESS.problem != null) {
            record.put("unavailable", ACCESS.problem);
        } else {
            final int[] counts = resolve(loadedClasses(ClassLoader.getSystemClassLoader(), classPathNames()));
            record.put("classes", counts[0]);
            record.put("literals", counts[1]);
        }
        record.put(WarmupCollections.WALL_MICROS, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start));
        done = Collections.unmodifiableMap(record);
    }

    /** The summary's record; null when nothing was asked for. */
    public Map<String, Object> toMap() {
        return done;
    }

    /** One console line, or null when there is nothing to say. */
    public String describe() {
        final Map<String, Object> record = done;
        if (record == null) {
            return enabled ? null : "string literals: not resolved (qp.resolveLiterals=false)";
        }
        if (record.containsKey("unavailable")) {
            return "string literals: not resolved: " + record.get("unavailable");
        }
        return String.format("string literals (qp.resolveLiterals): %,d resolved in the %,d initialized classes of the"
                + " class path as the paced stage starts, %d ms", (int) record.get("literals"),
                (int) record.get("classes"), (long) record.get(WarmupCollections.WALL_MICROS) / 1000);
    }

    /**
     * Returns {classes visited, literals resolved}. Uninitialized classes are skipped: an unlinked pool crashed
     * JDK 17 ({@code ConstantPool::cp_to_object_index}), and none of their methods can be compiled yet.
     */
    static int[] resolve(final List<Class<?>> classes) {
        int visited = 0;
        int literals = 0;
        for (final Class<?> type : classes) {
            if (ACCESS.initialized(type)) {
                visited++;
                literals += ACCESS.resolveLiterals(type);
            }
        }
        return new int[] {visited, literals};
    }

    /** The classes among {@code names} that {@code loader} has already loaded; none is loaded here. */
    static List<Class<?>> loadedClasses(final ClassLoader loader, final List<String> names) {
        return names.stream().map(name -> ACCESS.findLoaded(loader, name)).filter(Objects::nonNull)
                .collect(Collectors.toList());
    }

    /** The binary names of the classes in each jar and directory of {@code java.class.path}. */
    static List<String> classPathNames() {
        final List<String> names = new ArrayList<>();
        for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            final Path path = Paths.get(entry);
            try {
                if (Files.isDirectory(path)) {
                    try (Stream<Path> files = Files.walk(path)) {
                        files.filter(f -> f.toString().endsWith(".class"))
                                .forEach(f -> names.add(binaryName(path.relativize(f).toString(), File.separatorChar)));
                    }
                } else if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
                    try (JarFile jar = new JarFile(path.toFile())) {
                        for (final Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                            final String file = entries.nextElement().getName();
                            if (file.endsWith(".class") && !file.startsWith("META-INF/")) {
                                names.add(binaryName(file, '/'));
                            }
                        }
                    }
                }
            } catch (final IOException | RuntimeException e) {
                // an unreadable entry: its classes keep their unresolved literals
            }
        }
        return names;
    }

    private static String binaryName(final String file, final char separator) {
        return file.substring(0, file.length() - ".class".length()).replace(separator, '.');
    }

    /** The JDK-internal calls, opened once (set only in its constructor, which class initialisation publishes). */
    private static final class Access {
        private Method getConstantPool;
        private Method findLoadedClass;
        private Method size;
        private Method stringAt;
        /** {@code getTagAt} (JDK 9+); on JDK 8, every index is tried and the non-strings throw. */
        private Method tagAt;
        /** An Unsafe and its {@code shouldBeInitialized(Class)}: true while a class is not initialized. */
        private Object unsafe;
        private Method shouldBeInitialized;
        private String problem;

        Access() {
            try {
                getConstantPool = Class.class.getDeclaredMethod("getConstantPool");
                getConstantPool.setAccessible(true);
                findLoadedClass = ClassLoader.class.getDeclaredMethod("findLoadedClass", String.class);
                findLoadedClass.setAccessible(true);
                final Class<?> pool = getConstantPool.getReturnType();
                size = pool.getMethod("getSize");
                stringAt = pool.getMethod("getStringAt", int.class);
                try {
                    tagAt = pool.getMethod("getTagAt", int.class);
                } catch (final NoSuchMethodException e) {
                    // JDK 8
                }
                // a first call, so a missing --add-exports shows here rather than per class
                size.invoke(getConstantPool.invoke(StringLiterals.class));
                findShouldBeInitialized();
            } catch (final ReflectiveOperationException | RuntimeException e) {
                problem = "the JVM does not open its constant pools to reflection (" + e
                        + "); run with --add-opens=java.base/java.lang=ALL-UNNAMED"
                        + " --add-exports=java.base/jdk.internal.reflect=ALL-UNNAMED"
                        + " --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
            }
        }

        /** sun.misc.Unsafe's (JDK 8-21), else jdk.internal.misc.Unsafe's (JDK 22 removed the first). */
        private void findShouldBeInitialized() throws ReflectiveOperationException {
            try {
                final Class<?> type = Class.forName("sun.misc.Unsafe");
                final java.lang.reflect.Field field = type.getDeclaredField("theUnsafe");
                field.setAccessible(true);
                shouldBeInitialized = type.getMethod("shouldBeInitialized", Class.class);
                unsafe = field.get(null);
            } catch (final NoSuchMethodException e) {
                final Class<?> type = Class.forName("jdk.internal.misc.Unsafe");
                shouldBeInitialized = type.getMethod("shouldBeInitialized", Class.class);
                unsafe = type.getMethod("getUnsafe").invoke(null);
            }
        }

        boolean initialized(final Class<?> type) {
            try {
                return !(boolean) shouldBeInitialized.invoke(unsafe, type);
            } catch (final ReflectiveOperationException e) {
                return false;
            }
        }

        Class<?> findLoaded(final ClassLoader loader, final String name) {
            try {
                return (Class<?>) findLoadedClass.invoke(loader, name);
            } catch (final ReflectiveOperationException e) {
                return null;
            }
        }

        int resolveLiterals(final Class<?> type) {
            final Object pool;
            final int entries;
            try {
                pool = getConstantPool.invoke(type);
                if (pool == null) {
                    return 0; // arrays, primitives
                }
                entries = (int) size.invoke(pool);
            } catch (final ReflectiveOperationException e) {
                return 0;
            }
            int resolved = 0;
            for (int index = 1; index < entries; index++) {
                try {
                    if (tagAt == null || "STRING".equals(String.valueOf(tagAt.invoke(pool, index)))) {
                        stringAt.invoke(pool, index);
                        resolved++;
                    }
                } catch (final InvocationTargetException e) {
                    // not a string (JDK 8), or the second slot of a long or double
                } catch (final ReflectiveOperationException e) {
                    return resolved;
                }
            }
            return resolved;
        }
    }
}
