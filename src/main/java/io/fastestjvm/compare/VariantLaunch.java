package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.launch.ChildJvm;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.slice.SliceChild;

/** The command line of one variant's JVM; its own flags come last, so its {@code -Dqp.*} wins as java's does. */
final class VariantLaunch {
    private VariantLaunch() {
    }

    static List<String> command(final VariantSpec variant, final Properties settings) {
        return command(variant, settings, ChildJvm.classpath(), Collections.<String>emptyList());
    }

    /** The command with a comparison's {@link #snapshot} classpath and {@code childFlags} for this JVM alone. */
    static List<String> command(final VariantSpec variant, final Properties settings, final String classpath,
                                final List<String> childFlags) {
        final String home = variant.javaHome.isEmpty() ? System.getProperty("java.home") : variant.javaHome;
        final Map<String, String> qp = JvmFlags.qpOnly(settings); // in name order
        qp.remove("qp.compare.variants"); // the parent's list, not the child's business
        final List<String> flags = new ArrayList<>();
        qp.forEach((name, value) -> flags.add("-D" + name + "=" + value));
        flags.addAll(variant.flags);
        final List<String> later = new ArrayList<>(Arrays.asList("-Dqp.profile=" + fileName(variant.name),
                "-Dchronicle.analytics.disable=true"));
        later.addAll(childFlags);
        return ChildJvm.javaCommand(home, flags, later, classpath, SliceChild.class.getName());
    }

    /** The {@code qp.*} settings the variant's JVM will see, read from its command line so they cannot drift. */
    static Properties childSettings(final VariantSpec variant, final Properties settings) {
        return JvmFlags.qpSettings(command(variant, settings, "", Collections.<String>emptyList()));
    }

    /** The most warm-up slices {@code variant}'s JVM takes, as it reads them from its command line. */
    static int warmupSlices(final VariantSpec variant, final Properties settings) {
        return ComparisonOptions.fromProperties(childSettings(variant, settings)).warmupSlices();
    }

    /** Each variant's settings checked as its JVM will, so a bad one is refused before anything starts; or null. */
    static String refusedSetting(final List<VariantSpec> variants, final Properties settings) {
        for (final VariantSpec variant : variants) {
            final Properties child = childSettings(variant, settings);
            try {
                BenchmarkOptions.fromProperties(child);
                ComparisonOptions.fromProperties(child);
            } catch (final InvalidSettingException e) {
                return "variant " + variant.name + ": " + e.getMessage();
            }
        }
        return null;
    }

    /** The notices of old setting names any variant's JVM will read, each once. */
    static Set<String> oldNameNotices(final List<VariantSpec> variants, final Properties settings) {
        return variants.stream().flatMap(variant -> ComparisonOptions.oldNameNotices(childSettings(variant, settings))
                .stream()).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** This classpath with class folders copied into {@code folder}, so a rebuild meanwhile cannot reach a block. */
    static String snapshot(final File folder) throws IOException {
        final List<String> entries = new ArrayList<>();
        int copies = 0;
        for (final String entry : ChildJvm.classpath().split(File.pathSeparator)) {
            final File source = new File(entry);
            if (!source.isDirectory()) {
                entries.add(entry);
                continue;
            }
            final Path target = new File(folder, "classpath-" + copies++).toPath();
            try (Stream<Path> files = Files.walk(source.toPath())) {
                for (final Path file : (Iterable<Path>) files::iterator) {
                    final Path copy = target.resolve(source.toPath().relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(copy);
                    } else {
                        Files.copy(file, copy);
                    }
                }
            }
            entries.add(target.toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Where a comparison keeps what its JVMs run: the classes' {@link #snapshot}, the recompilation's boot folder. */
    static File buildFolder(final File comparisonFolder) {
        return new File(comparisonFolder, "build");
    }

    /** A variant's name as qp.profile and file names take it: '#' and '+' become '-'. */
    static String fileName(final String variant) {
        return variant.replaceAll("[^A-Za-z0-9._-]", "-");
    }
}
