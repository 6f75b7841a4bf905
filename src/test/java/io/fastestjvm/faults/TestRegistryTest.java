package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;

import org.junit.jupiter.api.Test;

/**
 * The test suite registers its runs (and its child processes' runs) in a registry of its own under target/, so
 * running mvn test next to a real benchmark run neither fails it as a concurrent run nor is failed by it.
 */
class TestRegistryTest {
    @Test
    void testsRegisterTheirRunsUnderTargetNotInTheMachineWideRegistry() {
        assertEquals(new File("target/test-run-registry").getAbsoluteFile(), RunRegistry.defaultDirectory());
        assertEquals(RunRegistry.defaultDirectory().getPath(), System.getenv(RunRegistry.DIRECTORY_VARIABLE),
                "inherited by every process a test starts");
    }
}
