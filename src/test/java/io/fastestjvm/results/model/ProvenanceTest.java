package io.fastestjvm.results.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** The provenance names what was loaded and the commit, from this project's own classes. */
class ProvenanceTest {
    @Test
    void everyMeasuredLibraryHasTheVersionOfTheJarItWasLoadedFrom() {
        final Provenance provenance = Provenance.collect();
        assertEquals(Arrays.asList("chronicle-queue", "chronicle-core", "affinity", "HdrHistogram"),
                Arrays.asList(provenance.libraries.keySet().toArray()));
        provenance.libraries.forEach((library, version) -> assertTrue(version.matches("\\d+(\\.\\d+)+.*"),
                library + " " + version));
    }

    @Test
    void theCommitIsAGitHashWhenRunFromAWorkTree() {
        final Provenance provenance = Provenance.collect();
        // the tests run from target/classes in this project's git work tree
        assertTrue(provenance.gitCommit.matches("[0-9a-f]{40}"), provenance.gitCommit);
        assertNotNull(provenance.gitDirty);
    }

    @Test
    void aClassOutsideAnyJarHasNoInventedVersion() {
        assertEquals(null, Provenance.version(ProvenanceTest.class, "io.fastestjvm", "queue-latency"));
    }
}
