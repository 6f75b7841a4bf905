package io.fastestjvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.faults.ProcessIdentity;
import io.fastestjvm.faults.RunRegistry;

/** An integration test refuses to start while another measurement is registered, and names it. */
class NoOtherMeasurementTest {
    @TempDir
    Path temp;

    /** Named as an integration test is: the check applies to it. */
    private static final class SomeIT {
    }

    @Test
    void anIntegrationTestFailsNamingTheLiveMeasurement() throws Exception {
        final File registry = temp.resolve("runs").toFile();
        try (RunRegistry live = RunRegistry.register(registry, "20261126T000000Z-jdk17-chronicle")) {
            final IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> NoOtherMeasurement.check(registry, SomeIT.class));
            assertEquals("another measurement is running on this machine: [pid " + ProcessIdentity.current().pid
                    + " (this JVM)] (registry " + registry + "); an integration test measures too, and two"
                    + " measurements spoil each other: let it end first", refused.getMessage());
            NoOtherMeasurement.check(registry, NoOtherMeasurementTest.class); // a unit test measures nothing
        }
        NoOtherMeasurement.check(registry, SomeIT.class); // ended: nothing live
    }
}
