package io.fastestjvm.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collections;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The production classes keep the layer order in {@link Architecture}: no cycles, no import upwards. */
class ArchitectureTest {
    private static JavaClasses production;

    @BeforeAll
    static void importProduction() {
        production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(Architecture.BASE);
    }

    @Test
    void noPackageImportsAnotherThatImportsItBack() {
        Architecture.noCycles(Architecture.BASE).check(production);
    }

    @Test
    void noLayerImportsALayerAboveIt() {
        Architecture.layersPointDown(Architecture.BASE, Architecture.LAYERS).forEach(rule -> rule.check(production));
    }

    @Test
    void everyPackageHasAPlaceInTheOrder() {
        assertEquals(Collections.emptyList(),
                Architecture.unplaced(production, Architecture.BASE, Architecture.LAYERS));
    }
}
