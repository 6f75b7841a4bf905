package io.fastestjvm.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The JVM flags of the measured JVM: the base flags Chronicle needs ({@code .mvn/jvm.config}, which the build
 * copies into the classes so the jar carries them too) and the profile's flags ({@value #ENV}).
 */
public final class JvmFlags {
    /** Flags for the measured JVM only (heap, GC, JIT), exported by jvm-profiles/lib/activate.sh. */
    public static final String ENV = "QP_JVM_FLAGS";
    /** The copy of {@code .mvn/jvm.config} inside the classes (see the pom's resources). */
    static final String BASE_RESOURCE = "/io/fastestjvm/launch/jvm.config";

    private JvmFlags() {
    }

    /** The flags of {@code .mvn/jvm.config}, in order. */
    public static List<String> base() {
        try (InputStream in = JvmFlags.class.getResourceAsStream(BASE_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(BASE_RESOURCE + " is missing from the classpath (build with mvn)");
            }
            return split(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines()
                    .collect(Collectors.joining("\n")));
        } catch (final IOException | UncheckedIOException e) {
            throw new IllegalStateException("cannot read " + BASE_RESOURCE, e);
        }
    }

    /** The profile's flags from the environment; none when {@value #ENV} is unset. */
    public static List<String> profile() {
        return split(System.getenv(ENV));
    }

    /** A flat word list split on blanks, as the mvn launcher splits MAVEN_OPTS (no quoting). */
    public static List<String> split(final String words) {
        if (words == null || words.trim().isEmpty()) {
            return Collections.emptyList();
        }
        return Collections.unmodifiableList(Arrays.asList(words.trim().split("\\s+")));
    }

    /** Its last {@code -Xmx}, else the larger of its {@code -Xms} and HotSpot's default, a quarter of physical. */
    public static long maxHeapBytes(final List<String> flags, final long physicalBytes) {
        long max = -1;
        long initial = -1;
        for (final String flag : flags) {
            if (flag.startsWith("-Xmx")) {
                max = bytes(flag.substring(4));
            } else if (flag.startsWith("-Xms")) {
                initial = bytes(flag.substring(4));
            }
        }
        return max > 0 ? max : Math.max(initial, physicalBytes / 4);
    }

    /** A heap size as -Xmx takes it: digits with an optional k, m, g or t. */
    static long bytes(final String size) {
        final char unit = Character.toLowerCase(size.charAt(size.length() - 1));
        final long scale = unit == 'k' ? 1L << 10 : unit == 'm' ? 1L << 20 : unit == 'g' ? 1L << 30
                : unit == 't' ? 1L << 40 : 1;
        return Long.parseLong(Character.isDigit(unit) ? size : size.substring(0, size.length() - 1)) * scale;
    }

    /** This machine's physical memory in bytes, as HotSpot sizes its default heap from it. */
    public static long physicalBytes() {
        final java.lang.management.OperatingSystemMXBean os =
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean
                ? ((com.sun.management.OperatingSystemMXBean) os).getTotalPhysicalMemorySize()
                : Runtime.getRuntime().maxMemory() * 4;
    }

    /** The {@code -Dqp.*} settings among {@code flags}: the later of two wins, as on a java command line. */
    public static Properties qpSettings(final List<String> flags) {
        final Properties settings = new Properties();
        for (final String flag : flags) {
            if (flag.startsWith("-Dqp.")) {
                final int eq = flag.indexOf('=');
                settings.setProperty(eq < 0 ? flag.substring(2) : flag.substring(2, eq),
                        eq < 0 ? "" : flag.substring(eq + 1));
            }
        }
        return settings;
    }

    /** The {@code -Dqp.*} of {@value #ENV}, overridden by this JVM's own system properties. */
    public static Properties settingsSeen(final Properties own) {
        final Properties seen = qpSettings(profile());
        own.stringPropertyNames().forEach(name -> seen.setProperty(name, own.getProperty(name)));
        return seen;
    }

    /** The {@code qp.*} entries of {@code properties}, in name order. */
    public static Map<String, String> qpOnly(final Properties properties) {
        return properties.stringPropertyNames().stream().filter(name -> name.startsWith("qp.")).collect(
                Collectors.toMap(name -> name, properties::getProperty, (first, second) -> first, TreeMap::new));
    }
}
