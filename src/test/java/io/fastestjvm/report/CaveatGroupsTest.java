package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class CaveatGroupsTest {
    private static String load(final String average, final int count) {
        return "Environment audit: {\"check\":\"load\",\"problem\":\"load average " + average + " on 2 CPUs: other "
                + "processes compete\",\"fix\":\"stop other work\"} (in " + count + " of 27 run folders).";
    }

    @Test
    void auditWarningsOfOneCheckBecomeOneLineWithTheirNumbersAsARange() {
        final List<String> grouped = CaveatGroups.group(Arrays.asList(load("1.91", 1), load("2.34", 2),
                load("2.07", 1), "No nohz_full CPUs in 27 of 27 run folders."), Arrays.asList("jdk17"));
        assertEquals(Arrays.asList("Environment audit, load (in 4 of 27 run folders): load average 1.91–2.34 on 2 "
                + "CPUs: other processes compete; fix: stop other work", "No nohz_full CPUs in 27 of 27 run folders."),
                grouped);
    }

    @Test
    void aCheckThatWarnedInTwoWordingsGivesTwoLinesSoNoFolderCountsTwice() {
        final String busy = "Environment audit: {\"check\":\"load\",\"problem\":\"other processes kept 0.30 CPUs "
                + "busy\",\"fix\":\"stop them\"} (in 1 of 27 run folders).";
        final List<String> grouped = CaveatGroups.group(Arrays.asList(load("1.91", 26), busy, load("2.08", 1)),
                Arrays.asList("jdk17"));
        assertEquals(Arrays.asList("Environment audit, load (in 27 of 27 run folders): load average 1.91–2.08 on 2 "
                + "CPUs: other processes compete; fix: stop other work", "Environment audit, load (in 1 of 27 run "
                + "folders): other processes kept 0.30 CPUs busy; fix: stop them"), grouped);
    }

    @Test
    void theSameCaveatOfSeveralJvmsBecomesOneLineAndASingleOneStaysAsItWas() {
        final String single = "jdk8: garbage collections during the measurement (1) in 1 of 3 run folders.";
        final List<String> grouped = CaveatGroups.group(Arrays.asList(
                "jdk17: the JIT compiled during the measurement (5 ms) in 1 of 3 run folders: still compiling.",
                single,
                "jdk17-tuned: the JIT compiled during the measurement (7 ms, 9 ms) in 2 of 3 run folders: still "
                        + "compiling."), Arrays.asList("jdk8", "jdk17", "jdk17-tuned"));
        assertEquals(Arrays.asList("2 JVMs: jdk17 (5 ms; 1 of 3), jdk17-tuned (7 ms, 9 ms; 2 of 3): the JIT compiled "
                + "during the measurement: still compiling.", single), grouped);
    }
}
