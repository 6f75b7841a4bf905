package io.fastestjvm.compare;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.launch.ChildJvm;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.slice.SliceChild;

/**
 * The command line of one variant's warm JVM: its own Java home (the launching JVM's when none is given), the
 * project's base flags, the variant's flags, then the comparison's {@code qp.*} settings (the variant's own
 * {@code -Dqp.*} flags win over them, as the later definition does on a java command line... so they come after).
 */
final class VariantLaunch {
    private static final String[] FORWARDED = {"java.io.tmpdir", "user.home", "jna.tmpdir"};

    private VariantLaunch() {
    }

    static List<String> command(final VariantSpec variant, final Properties settings) {
        final String home = variant.javaHome.isEmpty() ? System.getProperty("java.home") : variant.javaHome;
        final List<String> line = new ArrayList<>();
        line.add(new File(home, "bin" + File.separator + "java").getPath());
        line.addAll(JvmFlags.base());
        final Map<String, String> qp = new TreeMap<>(JvmFlags.qpOnly(settings));
        qp.remove("qp.compare.variants"); // the parent's list, not the child's business
        for (final Map.Entry<String, String> setting : qp.entrySet()) {
            line.add("-D" + setting.getKey() + "=" + setting.getValue());
        }
        line.addAll(variant.flags);
        for (final String name : FORWARDED) {
            if (System.getProperty(name) != null) {
                line.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        line.add("-Dqp.profile=" + variant.name.replace('#', '-'));
        line.add("-Dchronicle.analytics.disable=true");
        line.add("-cp");
        line.add(ChildJvm.classpath());
        line.add(SliceChild.class.getName());
        return line;
    }

    /** The heap a variant's flags give it at most, in bytes; -1 when they set none (the JVM's default applies). */
    static long heapBytes(final List<String> flags) {
        long heap = -1;
        for (final String flag : flags) {
            if (flag.startsWith("-Xmx") || flag.startsWith("-Xms")) {
                heap = Math.max(heap, bytes(flag.substring(4)));
            }
        }
        return heap;
    }

    static long bytes(final String size) {
        final char unit = Character.toLowerCase(size.charAt(size.length() - 1));
        final long scale = unit == 'k' ? 1L << 10 : unit == 'm' ? 1L << 20 : unit == 'g' ? 1L << 30
                : unit == 't' ? 1L << 40 : 1;
        return Long.parseLong(Character.isDigit(unit) ? size : size.substring(0, size.length() - 1)) * scale;
    }
}
