package io.fastestjvm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.results.model.RunResults;

/**
 * Runs jvm-profiles/run-matrix.sh for real, on the system JDK 17 (the other JDKs need provisioning, which CI does
 * and checks separately): arguments, a missing JDK, a run that hangs past its time limit, an interrupt, a failed
 * run, the tuned flag set, aliases and the seeded order (dry runs, which need no JDK but 17).
 */
class RunMatrixScriptTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    @Test
    void aBadArgumentIsOneLineAndExitTwoAndCreatesNothing() throws Exception {
        final Process process = matrix("--runs", "0");
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, process.exitValue());
        assertEquals("run-matrix: --runs: '0' is not allowed; accepted: 1 to 100\n", stderr(process));
        assertEquals(0, results.toFile().list().length);
    }

    @Test
    void aMissingJdkIsRecordedAndTheMatrixGoesOnToTheNextProfile() throws Exception {
        final Process process = matrix(Arrays.asList("JDK11_HOME=" + results.resolve("no-such-jdk")),
                "--profiles", "jdk11,jdk17", "--runs", "1", "--id", "m", "-Dqp.seconds=2",
                "-Dqp.warmupSeconds=12", "-Dqp.rate=20000");
        assertTrue(process.waitFor(5, TimeUnit.MINUTES));
        final String out = stdout(process);
        assertEquals(1, process.exitValue(), out);
        final Path set = results.resolve("m");

        final JsonNode jdk11 = JSON.readTree(set.resolve("jdk11/profile.json").toFile());
        assertEquals("missing", jdk11.get("status").asText());
        assertTrue(jdk11.get("reason").asText().contains("JDK11_HOME=" + results.resolve("no-such-jdk")),
                jdk11.get("reason").asText());
        assertEquals(0, jdk11.get("runs").size());

        final JsonNode jdk17 = JSON.readTree(set.resolve("jdk17/profile.json").toFile());
        assertEquals("17", jdk17.get("expectedJavaSpec").asText());
        final JsonNode run = jdk17.get("runs").get(0);
        assertEquals("ok", run.get("status").asText(), run.toString());
        final File summary = set.resolve(run.get("resultsFolder").asText()).resolve("summary.json").toFile();
        final JsonNode parsed = RunResults.read(summary.toPath()).tree();
        assertEquals("17", parsed.at("/environment/java.specification.version").asText());
        assertEquals("jdk17", parsed.at("/settings/qp.profile").asText());
        assertTrue(run.get("outputTail").asText().contains("results: "), run.toString());

        final JsonNode matrix = JSON.readTree(set.resolve("matrix-run.json").toFile());
        assertEquals("complete-with-failures", matrix.get("status").asText());
        assertEquals(1, matrix.get("runsPerProfile").asInt());
        assertTrue(out.trim().endsWith("results: " + set), out);
    }

    @Test
    void aSeedGivesTheSameRandomOrderEveryRoundHoldsEveryUnitOnceAndTheSeedIsRecorded() throws Exception {
        final JsonNode first = dryRun("s1", "--seed", "12345", "-Dqp.seconds=3");
        final JsonNode again = dryRun("s2", "--seed", "12345");
        final JsonNode other = dryRun("s3", "--seed", "54321");
        assertEquals(12345, first.get("seed").asInt());
        assertEquals(first.get("order"), again.get("order"));
        assertFalse(first.get("order").equals(other.get("order")), "another seed, another order: " + other);
        final List<String> units = Arrays.asList("jdk8/chronicle", "jdk8-tuned/chronicle", "jdk11/chronicle",
                "jdk11-tuned/chronicle", "jdk17/chronicle", "jdk17-tuned/chronicle");
        assertEquals(4, first.get("order").size());
        final java.util.Set<List<String>> orders = new java.util.HashSet<>();
        for (final JsonNode round : first.get("order")) {
            final List<String> order = new ArrayList<>();
            round.forEach(unit -> order.add(unit.asText()));
            orders.add(order);
            assertEquals(new java.util.TreeSet<>(units), new java.util.TreeSet<>(order), round.toString());
            assertEquals(units.size(), order.size(), round.toString());
        }
        assertTrue(orders.size() > 1, "each round has its own order: " + first.get("order"));
        assertEquals("dry-run", first.get("status").asText());
        assertEquals(4, first.get("runsPerProfile").asInt());
        // the rest of matrix-run.json's shape: numbers stay numbers, lists stay arrays of strings
        assertTrue(first.get("seed").isInt() && first.get("runsPerProfile").isInt()
                && first.get("timeoutSecondsPerRun").isInt() && first.at("/host/cpuCount").isInt(), first.toString());
        assertEquals("[\"jdk8\",\"jdk11\",\"jdk17\"]", first.get("profiles").toString());
        assertEquals("[\"default\",\"tuned\"]", first.get("flagSets").toString());
        assertEquals("[\"chronicle\"]", first.get("transports").toString());
        assertEquals("[\"-Dqp.seconds=3\"]", first.get("qpSettings").toString());
        assertEquals("[]", again.get("qpSettings").toString());
        assertTrue(first.get("command").asText().startsWith("jvm-profiles/run-matrix.sh --no-build --results "));
        for (final String key : Arrays.asList("id", "startedAt", "finishedAt", "runsAre")) {
            assertTrue(first.get(key).isTextual(), key + " in " + first);
        }
        final JsonNode profile = JSON.readTree(results.resolve("s1/jdk17-tuned/profile.json").toFile());
        assertEquals("jdk17", profile.get("baseProfile").asText());
        assertTrue(profile.get("expectsGraal").isBoolean(), profile.toString());
        assertTrue(profile.get("runs").isArray() && profile.get("runs").size() == 0, profile.toString());
    }

    @Test
    void anAliasSaysItIsOneAndWhatRunsAndTheSetUsesTheProfilesName() throws Exception {
        final Process process = matrix("--dry-run", "--profiles", "graalvm-ce17", "--runs", "1", "--id", "a");
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        final String err = stderr(process);
        assertEquals(0, process.exitValue(), err);
        assertTrue(err.contains("jvm-profiles: graalvm-ce17 is an alias of jdk17-graaljit: OpenJDK 17 with the Graal "
                + "compiler jars on JVMCI (not a GraalVM distribution)"), err);
        final JsonNode matrix = JSON.readTree(results.resolve("a/matrix-run.json").toFile());
        assertEquals("[\"jdk17-graaljit\"]", matrix.get("profiles").toString());
        assertTrue(Files.isRegularFile(results.resolve("a/jdk17-graaljit/profile.json")));
    }

    @Test
    void aFailedRunIsRecordedAndTheMatrixGoesOnWithTheNextRun() throws Exception {
        // qp.rate=0 is refused by the benchmark itself (exit 2 before any result), in every run
        final Process process = matrix("--profiles", "jdk17", "--runs", "2", "--id", "f", "-Dqp.rate=0");
        assertTrue(process.waitFor(5, TimeUnit.MINUTES));
        final String out = stdout(process);
        assertEquals(1, process.exitValue(), out);
        final JsonNode profile = JSON.readTree(results.resolve("f/jdk17/profile.json").toFile());
        assertEquals("failed", profile.get("status").asText(), profile.toString());
        assertTrue(profile.get("reason").asText().startsWith("run 2 (chronicle): exit code 2"), profile.toString());
        final JsonNode runs = profile.get("runs");
        assertEquals(2, runs.size(), runs.toString());
        for (int i = 0; i < 2; i++) {
            assertEquals(i + 1, runs.get(i).get("run").asInt());
            assertEquals("failed", runs.get(i).get("status").asText(), runs.toString());
            assertTrue(runs.get(i).get("exitCode").isInt() && runs.get(i).get("run").isInt(), runs.toString());
            assertEquals(2, runs.get(i).get("exitCode").asInt(), runs.toString());
            assertEquals("chronicle", runs.get(i).get("transport").asText(), runs.toString());
            assertEquals("run-" + (i + 1) + "-chronicle.log", runs.get(i).get("log").asText(), runs.toString());
            assertTrue(runs.get(i).get("outputTail").asText().contains("qp.rate"), runs.toString());
        }
        assertEquals("complete-with-failures",
                JSON.readTree(results.resolve("f/matrix-run.json").toFile()).get("status").asText());
    }

    @Test
    void theTunedFlagSetReachesTheMeasuredJvmAndItsRunsAreLabelledTuned() throws Exception {
        final Process process = matrix("--profiles", "jdk17", "--flags", "tuned", "--runs", "1", "--id", "tu",
                "-Dqp.seconds=1", "-Dqp.warmupSeconds=1", "-Dqp.rate=1000");
        assertTrue(process.waitFor(5, TimeUnit.MINUTES));
        final String out = stdout(process) + stderr(process);
        assertFalse(Files.exists(results.resolve("tu/jdk17")), "only the tuned set was asked for");
        final JsonNode profile = JSON.readTree(results.resolve("tu/jdk17-tuned/profile.json").toFile());
        assertEquals("jdk17-tuned", profile.get("profile").asText());
        assertEquals("jdk17", profile.get("baseProfile").asText());
        assertEquals("tuned", profile.get("flagSet").asText());
        assertTrue(profile.get("jvmFlags").asText().contains("-XX:GuaranteedSafepointInterval=0"), profile.toString());
        final String folder = profile.get("runs").get(0).get("resultsFolder").asText();
        assertFalse(folder.isEmpty(), out);
        final JsonNode summary = JSON.readTree(results.resolve("tu").resolve(folder).resolve("summary.json").toFile());
        assertEquals("jdk17-tuned", summary.at("/settings/qp.profile").asText());
        final List<String> arguments = new ArrayList<>();
        summary.at("/environment/jvmArguments").forEach(a -> arguments.add(a.asText()));
        assertTrue(arguments.contains("-XX:+UnlockDiagnosticVMOptions"), arguments.toString());
        assertTrue(arguments.contains("-XX:GuaranteedSafepointInterval=0"), arguments.toString());
    }

    @Test
    void aRunPastItsTimeLimitIsKilledAndRecordedWithItsOutputTail() throws Exception {
        final Process process = matrix("--profiles", "jdk17", "--runs", "1", "--id", "t", "--timeout", "40",
                "-Dqp.seconds=600", "-Dqp.warmupSeconds=1", "-Dqp.rate=1000");
        assertTrue(process.waitFor(3, TimeUnit.MINUTES));
        assertEquals(1, process.exitValue());
        final String output = stdout(process) + stderr(process);
        final JsonNode run = JSON.readTree(results.resolve("t/jdk17/profile.json").toFile()).get("runs").get(0);
        assertEquals("timeout", run.get("status").asText(), run.toString());
        assertTrue(run.get("reason").asText().contains("--timeout 40 s"), run.toString());
        assertTrue(run.get("outputTail").asText().contains("[qp] "), run.toString());
        assertNoJvmOrQueueLeft("t", output);
    }

    @Test
    void aTermSignalStopsTheRunningJvmAndRemovesItsQueue() throws Exception {
        final Process process = matrix("--profiles", "jdk17", "--runs", "1", "--id", "i",
                "-Dqp.seconds=600", "-Dqp.warmupSeconds=1", "-Dqp.rate=1000");
        final Path log = results.resolve("i/jdk17/run-1-chronicle.log");
        final long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!(Files.exists(log) && new String(Files.readAllBytes(log), StandardCharsets.UTF_8).contains("[qp] "))) {
            assertTrue(System.nanoTime() < deadline, "the benchmark never started");
            assertTrue(process.isAlive(), "the matrix ended early");
            TimeUnit.MILLISECONDS.sleep(200); // polling an observable condition, not synchronising by time
        }
        // Process.pid() is Java 9+: find the script by its command line, which names this test's own folder.
        new ProcessBuilder("pkill", "-TERM", "-f", "run-matrix.sh --no-build --results " + results).start().waitFor();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(130, process.exitValue());
        assertEquals("interrupted", JSON.readTree(results.resolve("i/matrix-run.json").toFile())
                .get("status").asText());
        assertNoJvmOrQueueLeft("i", stdout(process) + stderr(process));
    }

    @Test
    void aKeptQueueIsNeverDeletedByTheMatrix() throws Exception {
        final Process process = matrix("--profiles", "jdk17", "--runs", "1", "--id", "k", "-Dqp.keepQueue=true",
                "-Dqp.seconds=1", "-Dqp.warmupSeconds=1", "-Dqp.rate=1000");
        assertTrue(process.waitFor(5, TimeUnit.MINUTES));
        final String output = stdout(process) + stderr(process);
        final File root = queueRoot(output);
        try {
            final File[] kept = root.listFiles((dir, name) -> name.startsWith("qp-"));
            assertTrue(kept != null && kept.length == 1, output);
            assertTrue(new File(kept[0], "metadata.cq4t").isFile(), "the kept queue is whole: " + kept[0]);
            assertTrue(output.contains("run-matrix: kept the queues in " + root + " (qp.keepQueue=true)"), output);
        } finally {
            new ProcessBuilder("rm", "-rf", "--", root.getPath()).start().waitFor();
        }
    }

    /**
     * No benchmark JVM left, the matrix's private queue root gone, and nothing in it had to be removed by the script:
     * the JVM's own shutdown hook deleted its queue (the script says when it removes a killed JVM's queue).
     */
    private void assertNoJvmOrQueueLeft(final String id, final String output) throws Exception {
        final Process pgrep = new ProcessBuilder("pgrep", "-f", "qp.resultsDir=" + results.resolve(id)).start();
        assertTrue(pgrep.waitFor(10, TimeUnit.SECONDS));
        assertEquals(1, pgrep.exitValue(), "a benchmark JVM is still running");
        final File root = queueRoot(output);
        assertFalse(root.exists(), "queue data left behind in " + root);
        assertFalse(output.contains("removed the queue a killed JVM left"), "the JVM did not delete its queue:\n"
                + output);
    }

    /** The private queue root the matrix announced: mktemp-made, so another matrix's is never the same. */
    private static File queueRoot(final String output) {
        final java.util.regex.Matcher root = java.util.regex.Pattern
                .compile("run-matrix: queues in (/\\S+/qp-matrix-[A-Za-z0-9]{8}) \\(private to this matrix\\)")
                .matcher(output);
        assertTrue(root.find(), output);
        return new File(root.group(1));
    }

    /** A dry run over three JDKs, both flag sets and 4 rounds: the plan only, nothing runs. */
    private JsonNode dryRun(final String id, final String... args) throws Exception {
        final List<String> command = new ArrayList<>(Arrays.asList("--dry-run", "--profiles", "jdk8,jdk11,jdk17",
                "--flags", "default,tuned", "--runs", "4", "--id", id));
        command.addAll(Arrays.asList(args));
        final Process process = matrix(command.toArray(new String[0]));
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), stderr(process));
        return JSON.readTree(results.resolve(id).resolve("matrix-run.json").toFile());
    }

    private Process matrix(final String... args) throws IOException {
        return matrix(new ArrayList<>(), args);
    }

    private Process matrix(final List<String> environment, final String... args) throws IOException {
        final List<String> command = new ArrayList<>(Arrays.asList("bash", "jvm-profiles/run-matrix.sh",
                "--no-build", "--results", results.toString()));
        command.addAll(Arrays.asList(args));
        final ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE);
        for (final String variable : environment) {
            final int eq = variable.indexOf('=');
            builder.environment().put(variable.substring(0, eq), variable.substring(eq + 1));
        }
        // The benchmark JVMs must run on JDK 17 whatever JDK runs the tests.
        builder.environment().put("JDK17_HOME", System.getProperty("java.specification.version").equals("17")
                ? System.getProperty("java.home") : "/usr/lib/jvm/java-17-openjdk-amd64");
        return builder.start();
    }

    private static String stdout(final Process process) throws IOException {
        return read(process.getInputStream());
    }

    private static String stderr(final Process process) throws IOException {
        return read(process.getErrorStream());
    }

    private static String read(final java.io.InputStream in) throws IOException {
        final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        final byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) > 0; ) {
            out.write(buffer, 0, n);
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
}
