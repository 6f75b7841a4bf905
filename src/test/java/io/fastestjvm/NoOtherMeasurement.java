package io.fastestjvm;

import java.io.File;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import io.fastestjvm.faults.RunRegistry;

/**
 * Every integration test measures, so it refuses to start while another measurement is live on this machine (a
 * run, a comparison, another test's child), naming it: two measurements spoil each other, and the other one would
 * be failed as not comparable too. Registered for the failsafe suite by autodetection (pom.xml,
 * META-INF/services); unit tests do not measure and do not check.
 */
public final class NoOtherMeasurement implements BeforeAllCallback {
    @Override
    public void beforeAll(final ExtensionContext context) {
        check(RunRegistry.machineWide(), context.getRequiredTestClass());
    }

    static void check(final File registry, final Class<?> testClass) {
        if (!testClass.getSimpleName().endsWith("IT")) {
            return;
        }
        final Map<Long, String> live = RunRegistry.liveIn(registry);
        if (!live.isEmpty()) {
            throw new IllegalStateException("another measurement is running on this machine: " + live.entrySet()
                    .stream().map(run -> "pid " + run.getKey() + " (" + run.getValue() + ")")
                    .collect(Collectors.toList()) + " (registry " + registry + "); an integration test measures too, and two measurements spoil"
                    + " each other: let it end first");
        }
    }
}
