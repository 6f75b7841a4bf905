package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * For tests that need root (mount, chown). CI runs as root and sets CI=true: there such a test must run, so being
 * unable to is a failure. Elsewhere it is skipped, loudly: the reason goes to stderr as well as to the report.
 */
final class RootOnly {
    private RootOnly() {
    }

    static void unavailable(final String reason) {
        if ("true".equals(System.getenv("CI"))) {
            fail("CI=true but this test cannot run: " + reason);
        }
        System.err.println("\n*** SKIPPED (needs root; CI runs it and fails if it cannot): " + reason + " ***\n");
        Assumptions.assumeTrue(false, "skipped: " + reason);
    }
}
