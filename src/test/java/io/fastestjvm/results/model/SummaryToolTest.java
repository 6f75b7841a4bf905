package io.fastestjvm.results.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** Scripts read summary fields through the results model, never with sed. */
class SummaryToolTest {
    private static final java.nio.file.Path FIXTURE = java.nio.file.Paths.get("src/test/resources/fixtures/matrix-set/jdk17/"
            + "20261122T040643Z-jdk17-15009/summary.json");

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args) {
        out.reset();
        return SummaryTool.run(Arrays.asList(args), new PrintStream(out, true), new PrintStream(err, true));
    }

    private String printed() {
        return new String(out.toByteArray(), StandardCharsets.UTF_8).trim();
    }

    @Test
    void helpPrintsTheUsage() {
        assertEquals(0, run("--help"));
        assertEquals(SummaryTool.USAGE, printed());
        assertEquals(2, run("nonsense"));
        assertTrue(new String(err.toByteArray(), StandardCharsets.UTF_8).contains(SummaryTool.USAGE));
    }

    @Test
    void printsAFieldAndSaysWhenItIsAbsent() {
        assertEquals(0, run("field", FIXTURE.toString(), "/status"));
        assertEquals("passed", printed());
        assertEquals(0, run("field", FIXTURE.toString(), "/environment/java.specification.version"));
        assertEquals("17", printed());
        assertEquals(1, run("field", FIXTURE.toString(), "/no/such/key"));
        assertEquals("", printed());
        assertEquals(2, run("field", "no-such-file.json", "/status"));
    }

    @Test
    void printsSeveralFieldsOneLineEachWithAnEmptyLineForAnAbsentOne() {
        assertEquals(0, run("field", FIXTURE.toString(), "/environment/java.specification.version",
                "/environment/jit/graalInUse", "/status"));
        assertEquals(Arrays.asList("17", "false", "passed"), Arrays.asList(printed().split("\n", -1)));
        assertEquals(1, run("field", FIXTURE.toString(), "/status", "/no/such/key", "/environment/jit/graalInUse"));
        assertEquals(Arrays.asList("passed", "", "false"), Arrays.asList(printed().split("\n", -1)));
    }
}
