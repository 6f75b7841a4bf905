package io.fastestjvm.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The layer order of io.fastestjvm, bottom first, written once here (docs/architecture.md explains it). A package
 * may import packages of its own layer or below, never above; no two packages may import each other, directly or
 * round a loop, sub-packages included (a.b is a package of its own, so a and a.b may not import each other). The
 * same rules check the planted fixtures in ArchitectureRulesTest, so they are shown to fail.
 */
final class Architecture {
    static final String BASE = "io.fastestjvm";
    /** Bottom first; "" is the root package (QueuePerformance, the entry point). */
    static final List<List<String>> LAYERS = Arrays.asList(
            Arrays.asList("message", "pacing", "timing", "statistics", "control"), // a message, its due time; the
                                                                          // parent-child control link
            Arrays.asList("transport"),                                   // the transports and their registry
            Arrays.asList("config"),                                      // settings: bounds, meaning, parsing
            Arrays.asList("affinity", "environment", "audit"),            // the machine: CPUs, OS, JVM facts
            Arrays.asList("recording"),                                   // latencies into histograms
            Arrays.asList("engine"),                                      // the one send loop and receive loop
            Arrays.asList("calibration", "placement", "jitter", "timeline", "warmup"), // instruments around a run
            Arrays.asList("results"),                                     // one run's output files
            Arrays.asList("faults"),                                      // preflight, run registry, clean-up
            Arrays.asList("benchmark", "slice"),                          // one run: its phases; a warm JVM's slices
            Arrays.asList("charts"),                                      // drawing
            Arrays.asList("verdict"),                                     // which JVM is faster: both designs
            Arrays.asList("launch", "sweep", "report", "compare", "matrix", "")); // entry points: fork, sweep,
                                                                          // report, the interleaved comparison,
                                                                          // the fresh matrix

    private Architecture() {
    }

    /**
     * No package cycles under {@code base}: every package is its own slice, sub-packages and {@code base} itself
     * included (the pattern {@code base.(*)..} would fold a.b into a and miss a cycle between them; the pattern
     * {@code base.(**)} would leave out the root package).
     */
    static ArchRule noCycles(final String base) {
        return slices().assignedFrom(new EachPackage(base)).should().beFreeOfCycles();
    }

    /** One slice per package, named by its full name; classes outside {@code base} belong to none. */
    private static final class EachPackage implements SliceAssignment {
        private final String base;

        EachPackage(final String base) {
            this.base = base;
        }

        @Override
        public SliceIdentifier getIdentifierOf(final JavaClass javaClass) {
            final String name = javaClass.getPackageName();
            return name.equals(base) || name.startsWith(base + ".") ? SliceIdentifier.of(name)
                    : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "every package under " + base + ", sub-packages and " + base + " included";
        }
    }

    /** Each layer imports nothing from the layers above it. */
    static List<ArchRule> layersPointDown(final String base, final List<List<String>> layers) {
        final List<ArchRule> rules = new ArrayList<>();
        for (int i = 0; i < layers.size() - 1; i++) {
            final List<String> higher = new ArrayList<>();
            layers.subList(i + 1, layers.size()).forEach(higher::addAll);
            rules.add(noClasses().that().resideInAnyPackage(identifiers(base, layers.get(i)))
                    .should().dependOnClassesThat().resideInAnyPackage(identifiers(base, higher))
                    .because("layer " + layers.get(i) + " lies below " + higher));
        }
        return rules;
    }

    /** Packages under {@code base} that no layer names (a new package must be placed in the order). */
    static List<String> unplaced(final JavaClasses classes, final String base, final List<List<String>> layers) {
        final List<String> placed = new ArrayList<>();
        layers.forEach(placed::addAll);
        final List<String> missing = new ArrayList<>();
        classes.forEach(c -> {
            final String name = c.getPackageName().equals(base) ? ""
                    : c.getPackageName().substring(base.length() + 1).split("\\.")[0];
            if (c.getPackageName().startsWith(base) && !placed.contains(name) && !missing.contains(name)) {
                missing.add(name);
            }
        });
        return missing;
    }

    private static String[] identifiers(final String base, final List<String> packages) {
        return packages.stream().map(p -> p.isEmpty() ? base : base + "." + p + "..").toArray(String[]::new);
    }
}
