package io.fastestjvm.matrix;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;

/**
 * The JDK 17 the profile tests point jdk17 at: the JDK running the tests when it is 17 (README's requirement:
 * JDK 17 as the default {@code java}), else JDK17_HOME or JAVA17_HOME. No install folder is assumed; without a
 * JDK 17 the test is skipped, saying why.
 */
final class Jdk17 {
    private Jdk17() {
    }

    static String home() {
        if ("17".equals(System.getProperty("java.specification.version"))) {
            return System.getProperty("java.home");
        }
        for (final String variable : new String[] {"JDK17_HOME", "JAVA17_HOME"}) {
            final String home = System.getenv(variable);
            if (home != null && new File(home, "bin/java").canExecute()) {
                return home;
            }
        }
        assumeTrue(false, "needs a JDK 17: run the tests on one, or set JDK17_HOME");
        throw new IllegalStateException("unreachable");
    }
}
