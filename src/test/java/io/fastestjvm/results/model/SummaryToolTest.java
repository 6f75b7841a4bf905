package io.fastestjvm.results.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scripts read summary fields and write matrix metadata through the model, with JSON escaping done by Jackson. */
class SummaryToolTest {
    private static final Path FIXTURE = java.nio.file.Paths.get("src/test/resources/fixtures/matrix-set/jdk17/"
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

    @Test
    void appendsArraysOfArraysForTheMatrixOrder(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("matrix-run.json");
        assertEquals(0, run("write-json", file.toString(), "order:=[]", "order[]:=[]", "order[][]=jdk8/chronicle",
                "order[][]=jdk17/chronicle", "order[]:=[]", "order[][]=jdk17/chronicle", "empty:=[]"));
        final JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertEquals("[[\"jdk8/chronicle\",\"jdk17/chronicle\"],[\"jdk17/chronicle\"]]", json.get("order").toString());
        assertEquals("[]", json.get("empty").toString());
        assertEquals(2, run("write-json", file.toString(), "order[][]=no inner array yet"));
    }

    @Test
    void writesAndMergesJsonWithoutHandBuiltEscaping(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("matrix-run.json");
        final Path entry = dir.resolve("entry.json");
        assertEquals(0, run("write-json", file.toString(), "id=a \"quoted\"\nname", "runsPerProfile:=3",
                "host.hostname=vm", "profiles[]=jdk17", "profiles[]=jdk21"));
        assertEquals(0, run("write-json", entry.toString(), "run:=1", "status=ok"));
        assertEquals(0, run("write-json", "--merge", file.toString(), "status=finished", "runs[]@=" + entry));
        final JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertEquals("a \"quoted\"\nname", json.get("id").asText());
        assertEquals(3, json.get("runsPerProfile").asInt());
        assertEquals("vm", json.at("/host/hostname").asText());
        assertEquals("[\"jdk17\",\"jdk21\"]", json.get("profiles").toString());
        assertEquals("finished", json.get("status").asText());
        assertEquals(1, json.at("/runs/0/run").asInt());
        assertTrue(Files.exists(file) && !Files.exists(dir.resolve(".matrix-run.json.tmp")));
        assertEquals(2, run("write-json", file.toString(), "broken:={"));
        assertEquals(2, run("write-json", file.toString(), "noEquals"));
    }

    @Test
    void getsValuesOfAnyJsonFileOneLineEachAndRefusesWhatIsNotOneLine(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("matrix-run.json");
        assertEquals(0, run("write-json", file.toString(), "seed:=42", "host.cpuModel=AMD EPYC\tX", "host.cpuCount:=2",
                "profiles[]=jdk17", "note=two\nlines"));
        assertEquals(1, run("get", file.toString(), "/seed", "/no/such/key", "/host/cpuCount"));
        assertEquals(Arrays.asList("42", "", "2"), Arrays.asList(printed().split("\n", -1)));
        assertEquals(2, run("get", file.toString(), "/seed", "/profiles"));
        assertEquals("", printed(), "nothing printed when one value is refused");
        assertEquals(2, run("get", file.toString(), "/note"));
        assertEquals(2, run("get", file.toString(), "/host/cpuModel"));
        assertEquals(2, run("get", dir.resolve("absent.json").toString(), "/seed"));
    }

    @Test
    void listsAnArrayOneLinePerElementWithFieldsOrInnerValuesTabSeparated(@TempDir final Path dir)
            throws IOException {
        final Path file = dir.resolve("profile.json");
        assertEquals(0, run("write-json", file.toString(), "profiles[]=jdk8", "profiles[]=jdk17", "order:=[]",
                "order[]:=[]", "order[][]=jdk8/chronicle", "order[][]=jdk17/chronicle", "order[]:=[]",
                "order[][]=jdk17/chronicle", "runs[]:={\"run\":1,\"transport\":\"floor\"}", "runs[]:={\"run\":2}",
                "empty:=[]", "seed:=1", "bad[]=a\tb"));
        assertEquals(0, run("list", file.toString(), "/profiles"));
        assertEquals("jdk8\njdk17", printed());
        assertEquals(0, run("list", file.toString(), "/order"));
        assertEquals("jdk8/chronicle\tjdk17/chronicle\njdk17/chronicle", printed());
        assertEquals(0, run("list", file.toString(), "/runs", "/run", "/transport"));
        assertEquals("1\tfloor\n2\t\n", new String(out.toByteArray(), StandardCharsets.UTF_8),
                "an absent field is an empty column");
        assertEquals(0, run("list", file.toString(), "/empty"));
        assertEquals("", printed());
        assertEquals(1, run("list", file.toString(), "/absent"));
        assertEquals(2, run("list", file.toString(), "/seed"));
        assertEquals(2, run("list", file.toString(), "/runs"));
        assertEquals(2, run("list", file.toString(), "/bad"));
    }

    @Test
    void setsKeysInTheLastObjectOfAnArrayAndLeavesTheEarlierOnes(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("matrix-run.json");
        assertEquals(0, run("write-json", file.toString(), "sessions[]:={}", "sessions[-1].status=complete"));
        assertEquals(0, run("write-json", "--merge", file.toString(), "sessions[]:={}", "sessions[-1].status=running",
                "sessions[-1].runsStarted:=[]"));
        assertEquals(0, run("write-json", "--merge", file.toString(), "sessions[-1].runsStarted[]=1/jdk17/chronicle",
                "sessions[-1].status=partial", "sessions[-1].host.cpus:=2"));
        final JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertEquals("[{\"status\":\"complete\"},{\"status\":\"partial\",\"runsStarted\":[\"1/jdk17/chronicle\"],"
                + "\"host\":{\"cpus\":2}}]", json.get("sessions").toString());
        assertEquals(2, run("write-json", "--merge", file.toString(), "none[-1].status=x"));
        assertEquals(2, run("write-json", "--merge", file.toString(), "sessions[-1].runsStarted[-1].x=y"));
        assertEquals(2, run("write-json", "--merge", file.toString(), "sessions[-1]=replaced"));
        assertEquals(json, new ObjectMapper().readTree(file.toFile()), "a refused write changes nothing");
    }
}
