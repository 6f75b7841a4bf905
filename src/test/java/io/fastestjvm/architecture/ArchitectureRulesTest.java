package io.fastestjvm.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The rules ArchitectureTest applies fail on a planted cycle, a planted cycle between a package and its own
 * sub-package, one through the root package, and a planted upward import (fixture packages).
 */
class ArchitectureRulesTest {
    private static final String FIXTURE = "io.fastestjvm.architecture.fixture";

    @Test
    void aPlantedCycleFails() {
        final String base = FIXTURE + ".cycle";
        final JavaClasses classes = new ClassFileImporter().importPackages(base);
        final AssertionError failure = assertThrows(AssertionError.class,
                () -> Architecture.noCycles(base).check(classes));
        assertTrue(failure.getMessage().contains("Cycle detected"), failure.getMessage());
    }

    @Test
    void aPlantedCycleBetweenAPackageAndItsSubPackageFails() {
        final String base = FIXTURE + ".subcycle";
        final JavaClasses classes = new ClassFileImporter().importPackages(base);
        slices().matching(base + ".(*)..").should().beFreeOfCycles().check(classes); // top-level slices miss it
        final AssertionError failure = assertThrows(AssertionError.class,
                () -> Architecture.noCycles(base).check(classes));
        assertTrue(failure.getMessage().contains("Cycle detected"), failure.getMessage());
        assertTrue(failure.getMessage().contains("subcycle.outer.inner"), failure.getMessage());
    }

    @Test
    void aPlantedCycleThroughTheRootPackageFails() {
        final String base = FIXTURE + ".rootcycle";
        final JavaClasses classes = new ClassFileImporter().importPackages(base);
        final AssertionError failure = assertThrows(AssertionError.class,
                () -> Architecture.noCycles(base).check(classes));
        assertTrue(failure.getMessage().contains("Cycle detected"), failure.getMessage());
        assertTrue(failure.getMessage().contains("Slice " + base + " "), failure.getMessage());
    }

    @Test
    void aPlantedUpwardImportFails() {
        final String base = FIXTURE + ".layers";
        final JavaClasses classes = new ClassFileImporter().importPackages(base);
        final List<List<String>> layers = Arrays.asList(Collections.singletonList("low"),
                Collections.singletonList("high"));
        final AssertionError failure = assertThrows(AssertionError.class,
                () -> Architecture.layersPointDown(base, layers).forEach(rule -> rule.check(classes)));
        assertTrue(failure.getMessage().contains("layers.low.Low"), failure.getMessage());
        Architecture.noCycles(base).check(classes); // an upward import alone is no cycle: the layer rule caught it
    }

    @Test
    void anUnplacedPackageIsNamed() {
        final String base = FIXTURE + ".layers";
        final JavaClasses classes = new ClassFileImporter().importPackages(base);
        assertEquals(Collections.singletonList("high"), Architecture.unplaced(classes, base,
                Collections.singletonList(Collections.singletonList("low"))));
    }
}
