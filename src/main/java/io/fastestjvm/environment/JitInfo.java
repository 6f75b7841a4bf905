package io.fastestjvm.environment;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;

import com.sun.management.HotSpotDiagnosticMXBean;

/** Which JIT compiles this JVM's code: Graal when UseJVMCICompiler is on and a Graal compiler module is loaded. */
public final class JitInfo {
    public static final String GRAAL_IN_USE = "graalInUse";
    /** Puts a JVMCI compiler (Graal) in C2's place; also its key in the jit object. */
    public static final String USE_JVMCI_COMPILER = "UseJVMCICompiler";
    public static final String COMPILER = "compiler";

    private JitInfo() {
    }

    public static Map<String, Object> describe() {
        final Map<String, Object> jit = new LinkedHashMap<>();
        final String compilerName = ManagementFactory.getCompilationMXBean() == null ? null
                : ManagementFactory.getCompilationMXBean().getName();
        jit.put("compilationMXBean", compilerName);
        final String useJvmci = vmOption(USE_JVMCI_COMPILER);
        jit.put(USE_JVMCI_COMPILER, useJvmci);
        jit.put("EnableJVMCI", vmOption("EnableJVMCI"));
        jit.put("jvmci.Compiler", System.getProperty("jvmci.Compiler"));
        final String graalModule = firstLoadedModule("jdk.graal.compiler", "jdk.internal.vm.compiler");
        jit.put("graalModule", graalModule);
        final boolean graal = "true".equals(useJvmci) && graalModule != null
                && (System.getProperty("jvmci.Compiler") == null || "graal".equals(System.getProperty("jvmci.Compiler")));
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
                final java.util.Optional<?> module = (java.util.Optional<?>) findModule.invoke(boot, name);
                if (module.isPresent()) {
                    final Object descriptor = module.get().getClass().getMethod("getDescriptor").invoke(module.get());
                    final Object version = descriptor == null ? null
                            : descriptor.getClass().getMethod("rawVersion").invoke(descriptor);
                    return name + (version instanceof java.util.Optional && ((java.util.Optional<?>) version).isPresent()
                            ? "@" + ((java.util.Optional<?>) version).get() : "");
                }
            }
        } catch (final ReflectiveOperationException | RuntimeException e) {
            // JDK 8: no modules, and no Graal unless on the class path
        }
        return null;
    }
}
