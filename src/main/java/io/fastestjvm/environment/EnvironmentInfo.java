package io.fastestjvm.environment;

import java.io.File;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import com.sun.management.HotSpotDiagnosticMXBean;

import io.fastestjvm.affinity.ThreadAffinity;

/** Facts about the machine and JVM a run happened on, read from the JVM and from /proc and /sys. */
public final class EnvironmentInfo {
    /** Keys of summary.json's {@code environment} section that readers (the report) look up. */
    public static final String HOSTNAME = "hostname";
    public static final String CPU_MODEL = "cpuModel";
    public static final String CPU_COUNT = "cpuCount";
    public static final String ONLINE_CPUS = "onlineCpus";
    public static final String PROCESS_ALLOWED_CPUS = "processAllowedCpus";
    public static final String ISOLATED_CPUS = "isolatedCpus";
    public static final String NOHZ_FULL_CPUS = "nohzFullCpus";
    public static final String KERNEL = "kernel";
    public static final String OS = "os";
    public static final String QUEUE_FILE_SYSTEM = "queueFileSystem";
    public static final String JVM_ARGUMENTS = "jvmArguments";
    public static final String QUEUE_DIRECTORY = "queueDirectory";
    /** The JVM's own system properties, recorded under their property names. */
    public static final String JAVA_VENDOR = "java.vendor";
    public static final String JAVA_RUNTIME_VERSION = "java.runtime.version";
    public static final String JAVA_VM_NAME = "java.vm.name";
    public static final String JAVA_VM_VERSION = "java.vm.version";
    public static final String JAVA_SPECIFICATION_VERSION = "java.specification.version";
    public static final String JIT = "jit";
    /** Keys of the jit object. */
    public static final String GRAAL_IN_USE = "graalInUse";
    /** Puts a JVMCI compiler (Graal) in C2's place; also its key in the jit object. */
    public static final String USE_JVMCI_COMPILER = "UseJVMCICompiler";
    public static final String COMPILER = "compiler";
    public static final String GC = "gc";

    private EnvironmentInfo() {
    }

    /**
     * This JVM's process id, for Java 8 too (no ProcessHandle there), and the one place that reads it: as
     * {@code /proc/self} names it, so it matches /proc; else the runtime's "pid@host".
     */
    public static long pid() {
        try {
            return Long.parseLong(new File("/proc/self").getCanonicalFile().getName());
        } catch (final IOException | NumberFormatException e) {
            final String name = ManagementFactory.getRuntimeMXBean().getName();
            final int at = name.indexOf('@');
            return Long.parseLong(at > 0 ? name.substring(0, at) : name);
        }
    }

    public static Map<String, Object> capture(final File queueDirectory) {
        final Map<String, Object> env = new LinkedHashMap<>();
        for (final String key : new String[] {"java.version", JAVA_VENDOR, JAVA_VM_NAME, JAVA_VM_VERSION,
                JAVA_RUNTIME_VERSION, JAVA_SPECIFICATION_VERSION, "java.home"}) {
            env.put(key, System.getProperty(key));
        }
        env.put(JVM_ARGUMENTS, ManagementFactory.getRuntimeMXBean().getInputArguments());
        env.put("command", commandLine());
        env.put(JIT, jit());
        env.put(GC, ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                .collect(Collectors.toList()));
        env.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        env.put(OS, System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        env.put(KERNEL, System.getProperty("os.version"));
        env.put(HOSTNAME, readFirstLine("/proc/sys/kernel/hostname")); // not InetAddress: no network look-up
        env.put(CPU_MODEL, cpuModel());
        env.put(CPU_COUNT, Runtime.getRuntime().availableProcessors());
        env.put(ONLINE_CPUS, readFirstLine("/sys/devices/system/cpu/online"));
        env.put(PROCESS_ALLOWED_CPUS, ThreadAffinity.cpuList(ThreadAffinity.processAllowedCpus()));
        env.put(ISOLATED_CPUS, readFirstLine("/sys/devices/system/cpu/isolated"));
        env.put(NOHZ_FULL_CPUS, readFirstLine("/sys/devices/system/cpu/nohz_full"));
        env.put(QUEUE_DIRECTORY, queueDirectory.getAbsolutePath());
        env.put(QUEUE_FILE_SYSTEM, fileSystemType(queueDirectory));
        return env;
    }

    /** The whole command line as the kernel holds it (with qp.fork the forked JVM's); null without /proc. */
    static List<String> commandLine() {
        try {
            final String raw = new String(Files.readAllBytes(Paths.get("/proc/self/cmdline")), StandardCharsets.UTF_8);
            return Arrays.asList(raw.split("\0"));
        } catch (final IOException | RuntimeException e) {
            return null;
        }
    }

    /** os.arch without /proc/cpuinfo. */
    public static String cpuModel() {
        try {
            for (final String line : Files.readAllLines(Paths.get("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (final IOException | RuntimeException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    /** The first line of a small /proc or /sys file, or null when absent; "" for an empty file. */
    public static String readFirstLine(final String path) {
        try {
            final List<String> lines = Files.readAllLines(Paths.get(path), StandardCharsets.UTF_8);
            return lines.isEmpty() ? "" : lines.get(0).trim();
        } catch (final IOException | RuntimeException e) {
            return null;
        }
    }

    public static String fileSystemType(final File directory) {
        try {
            return Files.getFileStore(directory.toPath()).type();
        } catch (final IOException e) {
            return null;
        }
    }

    /** Which JIT compiles this JVM's code: Graal when UseJVMCICompiler is on and a Graal compiler module is loaded. */
    static Map<String, Object> jit() {
        final Map<String, Object> jit = new LinkedHashMap<>();
        jit.put("compilationMXBean", ManagementFactory.getCompilationMXBean() == null ? null
                : ManagementFactory.getCompilationMXBean().getName());
        final String useJvmci = vmOption(USE_JVMCI_COMPILER);
        jit.put(USE_JVMCI_COMPILER, useJvmci);
        jit.put("EnableJVMCI", vmOption("EnableJVMCI"));
        final String jvmciCompiler = System.getProperty("jvmci.Compiler");
        jit.put("jvmci.Compiler", jvmciCompiler);
        final String graalModule = firstLoadedModule("jdk.graal.compiler", "jdk.internal.vm.compiler");
        jit.put("graalModule", graalModule);
        final boolean graal = "true".equals(useJvmci) && graalModule != null
                && (jvmciCompiler == null || "graal".equals(jvmciCompiler));
        jit.put(GRAAL_IN_USE, graal);
        jit.put(COMPILER, graal ? "Graal (JVMCI)" : "HotSpot C1/C2");
        return jit;
    }

    /** A HotSpot flag's value, or null where this JVM has no such flag (JDK 8 has no JVMCI flags). */
    public static String vmOption(final String name) {
        try {
            return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name).getValue();
        } catch (final RuntimeException e) {
            return null;
        }
    }

    /** "name@version" of the first of these modules in the boot layer, via reflection so this runs on JDK 8. */
    static String firstLoadedModule(final String... names) {
        try {
            final Class<?> layerClass = Class.forName("java.lang.ModuleLayer");
            final Object boot = layerClass.getMethod("boot").invoke(null);
            final Method findModule = layerClass.getMethod("findModule", String.class);
            for (final String name : names) {
                final Optional<?> module = (Optional<?>) findModule.invoke(boot, name);
                if (module.isPresent()) {
                    final Object descriptor = module.get().getClass().getMethod("getDescriptor").invoke(module.get());
                    final Object version = descriptor == null ? null
                            : descriptor.getClass().getMethod("rawVersion").invoke(descriptor);
                    return name + (version instanceof Optional && ((Optional<?>) version).isPresent()
                            ? "@" + ((Optional<?>) version).get() : "");
                }
            }
        } catch (final ReflectiveOperationException | RuntimeException e) {
            // JDK 8: no modules, and no Graal unless on the class path
        }
        return null;
    }
}
