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
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.ChildProcesses;
import io.fastestjvm.results.model.RunResults;

/**
 * Runs jvm-profiles/run-matrix.sh --design fresh (the script builds nothing here and execs the Java matrix) for real,
 * on the system JDK 17 (the other JDKs need provisioning, which CI does
 * and checks separately): arguments, a missing JDK, a run that hangs past its time limit, an interrupt, a failed
 * run, the tuned flag set, aliases and the seeded order (dry runs, which need no JDK but 17), and sets built over
 * several sessions (--resume, --max-minutes), with runs the launcher refuses at once (no JVM starts) or short ones.
 */
@ExtendWith(ChildProcesses.class)
// sized to the runs: run-matrix.sh with short runs (up to 12 s warm-up + 3 s measured each), 14 tests in ~10 min
// here; a test waits up to 2 x 5 min for the script itself
// in a thread of its own: a test blocked reading a hung child's output still times out, and ChildProcesses then
// kills the child
@Timeout(value = 12, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RunMatrixScriptIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> LABELS = Arrays.asList("jdk17", "jdk17-tuned");
    /** The matrix's command line as the script execs it, up to this test's results folder. */
    private static final String MATRIX = "io.fastestjvm.matrix.FreshMatrix --no-build --results ";

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
    void aSettingTheBenchmarkWouldRefuseIsOneLineAndExitTwoBeforeAnyRun() throws Exception {
        for (final List<String> bad : Arrays.asList(Arrays.asList("-Dqp.rate=0"), Arrays.asList("-Dqp.secnds=3"),
                Arrays.asList("--transports", "chronicle,nosuch"))) {
            final List<String> args = new ArrayList<>(Arrays.asList("--profiles", "jdk17", "--runs", "1"));
            args.addAll(bad);
            final Process process = matrix(args.toArray(new String[0]));
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            final String err = stderr(process);
            assertEquals(2, process.exitValue(), err);
            assertTrue(err.startsWith("run-matrix: qp.") && err.indexOf('\n') == err.length() - 1, err);
            assertEquals(0, results.toFile().list().length, "nothing written for " + bad);
        }
    }

    @Test
    void theDefaultDesignIsInterleavedSoAFreshOptionWithoutDesignFreshIsOneLineAndExitTwo() throws Exception {
        final Process process = ChildProcesses.start(new ProcessBuilder("bash", "jvm-profiles/run-matrix.sh",
                "--profiles", "jdk17,jdk21", "--runs", "3", "-Dqp.resultsDir=" + results.resolve("runs"))
                .redirectInput(ProcessBuilder.Redirect.PIPE));
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, process.exitValue());
        assertEquals("run-matrix: --runs is an option of --design fresh (fresh JVMs one after another); the default"
                + " design is interleaved: add --design fresh\n", stderr(process));
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
        assertTrue(first.get("command").asText().startsWith("jvm-profiles/run-matrix.sh --design fresh --no-build --results "));
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
        // 1,000 s of samples do not fit the profile's 2 GiB heap: the launcher refuses every run (exit 2, no JVM)
        final Process process = matrix("--profiles", "jdk17", "--runs", "2", "--id", "f", "-Dqp.seconds=1000");
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
        // Process.pid() is Java 9+: find the matrix (the script execs it) by its command line, which names this test's
        // own folder.
        new ProcessBuilder("pkill", "-TERM", "-f", MATRIX + results).start().waitFor();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(130, process.exitValue());
        assertEquals("interrupted", JSON.readTree(results.resolve("i/matrix-run.json").toFile())
                .get("status").asText());
        assertNoJvmOrQueueLeft("i", stdout(process) + stderr(process));
    }

    @Test
    void aKillNineOfTheMatrixEndsTheRunItStartedThroughItsLifeline() throws Exception {
        final Process process = matrix("--profiles", "jdk17", "--runs", "1", "--id", "l",
                "-Dqp.seconds=600", "-Dqp.warmupSeconds=1", "-Dqp.rate=1000");
        final Path log = results.resolve("l/jdk17/run-1-chronicle.log");
        final long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!(Files.exists(log) && new String(Files.readAllBytes(log), StandardCharsets.UTF_8).contains("[qp] "))) {
            assertTrue(System.nanoTime() < deadline, "the benchmark never started");
            assertTrue(process.isAlive(), "the matrix ended early");
            TimeUnit.MILLISECONDS.sleep(200); // polling an observable condition, not synchronising by time
        }
        // SIGKILL: no hook runs; the run's JVM sees its stdin close (its lifeline) and stops through its own hooks
        new ProcessBuilder("pkill", "-KILL", "-f", MATRIX + results).start().waitFor();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        final long gone = System.nanoTime() + TimeUnit.SECONDS.toNanos(70); // its hooks, then its own halt at 60 s
        while (true) {
            final Process pgrep = new ProcessBuilder("pgrep", "-f", "qp.resultsDir=" + results.resolve("l")).start();
            assertTrue(pgrep.waitFor(10, TimeUnit.SECONDS));
            if (pgrep.exitValue() == 1) {
                break;
            }
            assertTrue(System.nanoTime() < gone, "a run outlived the killed matrix past its lifeline's bound");
            TimeUnit.MILLISECONDS.sleep(200); // polling an observable condition
        }
        // the JVM's own shutdown hook deleted its queue; the empty private folder is all that stays
        final File root = queueRoot(stdout(process) + stderr(process));
        try {
            final String[] left = root.list();
            assertTrue(left != null && left.length == 0, "queue data left behind in " + root + ": "
                    + Arrays.toString(left));
        } finally {
            new ProcessBuilder("rm", "-rf", "--", root.getPath()).start().waitFor();
        }
    }

    @Test
    void aKeptQueueIsNeverDeletedByTheMatrix() throws Exception {
        // the benchmark's own parsing decides (SummaryTool keep-queue): any case keeps the queue, as the run does
        final Process process = matrix("--profiles", "jdk17", "--runs", "1", "--id", "k", "-Dqp.keepQueue=TRUE",
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

    @Test
    void aResumeRefusesAnOptionThatWouldChangeTheRecordedPlanInOneLine() throws Exception {
        final List<List<String>> options = Arrays.asList(Arrays.asList("--profiles", "jdk17"),
                Arrays.asList("--flags", "tuned"), Arrays.asList("--transports", "floor"), Arrays.asList("--runs", "3"),
                Arrays.asList("--seed", "1"), Arrays.asList("--timeout", "60"), Arrays.asList("--id", "other"),
                Arrays.asList("--dry-run"), Arrays.asList("-Dqp.seconds=3"));
        for (final List<String> option : options) {
            final List<String> args = new ArrayList<>(option);
            args.addAll(Arrays.asList("--resume", "r", "--max-minutes", "5"));
            final Process process = matrix(args.toArray(new String[0]));
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            final String name = option.get(0).split("=")[0];
            assertEquals(2, process.exitValue(), option.toString());
            assertEquals("run-matrix: " + name + ": a resumed set keeps its recorded plan; drop " + name
                    + ", or start a new set without --resume\n", stderr(process));
        }
        final Process absent = matrix("--resume", "r");
        assertTrue(absent.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, absent.exitValue());
        assertEquals("run-matrix: --resume: no set " + results.resolve("r") + " (no matrix-run.json in it)\n",
                stderr(absent));
        assertEquals(0, results.toFile().list().length);
    }

    @Test
    void aSetRecordedOnAMachineWithAnotherCpuModelOrCountIsNotResumed() throws Exception {
        smallDryRun("h");
        final Path file = results.resolve("h/matrix-run.json");
        final ObjectNode recorded = (ObjectNode) JSON.readTree(file.toFile());
        final ObjectNode host = (ObjectNode) recorded.get("host");
        final String model = host.get("cpuModel").asText();
        final int count = host.get("cpuCount").asInt();
        final String[][] others = {{"Another CPU", Integer.toString(count)}, {model, Integer.toString(count + 1)}};
        for (final String[] other : others) {
            host.put("cpuModel", other[0]).put("cpuCount", Integer.parseInt(other[1]));
            JSON.writeValue(file.toFile(), recorded);
            final byte[] before = Files.readAllBytes(file);
            final Process process = matrix("--resume", "h");
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            final String err = stderr(process);
            assertEquals(2, process.exitValue(), err);
            assertEquals("run-matrix: --resume: h was recorded on another machine (" + other[0] + ", " + other[1]
                    + " CPUs; this one: " + model + ", " + count + " CPUs); a set's runs must all come from one"
                    + " machine\n", err);
            assertTrue(Arrays.equals(before, Files.readAllBytes(file)), "matrix-run.json is left as it was");
        }
    }

    @Test
    void resumingADryRunRunsEveryPairOnceInTheRecordedOrderAndKeepsTheFirstSession() throws Exception {
        // too many samples for the profile's heap: each pair is a quick failed run, recorded like any other
        final JsonNode plan = smallDryRun("d", "-Dqp.seconds=1000");
        final Process process = matrix("--resume", "d");
        assertTrue(process.waitFor(5, TimeUnit.MINUTES));
        final String out = stdout(process);
        assertEquals(1, process.exitValue(), out + stderr(process));
        final JsonNode matrix = JSON.readTree(results.resolve("d/matrix-run.json").toFile());
        for (final String key : Arrays.asList("id", "startedAt", "host", "profiles", "flagSets", "transports", "seed",
                "order", "qpSettings", "timeoutSecondsPerRun", "command")) {
            assertEquals(plan.get(key), matrix.get(key), key + " stays as the first session recorded it");
        }
        assertEquals("complete-with-failures", matrix.get("status").asText());
        final JsonNode sessions = matrix.get("sessions");
        assertEquals(2, sessions.size(), sessions.toString());
        assertEquals(plan.get("sessions").get(0), sessions.get(0));
        assertEquals("dry-run", sessions.get(0).get("status").asText());
        final JsonNode resumed = sessions.get(1);
        assertEquals("complete-with-failures", resumed.get("status").asText());
        assertEquals(matrix.get("finishedAt"), resumed.get("finishedAt"));
        assertEquals(git("rev-parse", "HEAD"), resumed.get("gitCommit").asText());
        assertTrue(resumed.get("gitDirty").isBoolean() && resumed.get("maxMinutes").isNull(), resumed.toString());
        assertEquals("jvm-profiles/run-matrix.sh --design fresh --no-build --results " + results + " --resume d",
                resumed.get("command").asText());

        final List<String> planned = pairs(plan.get("order"));
        assertEquals(4, planned.size());
        assertEquals(planned, texts(resumed.get("runsStarted")));
        assertEquals(planned, pairsRun(out), "the console shows the runs in the recorded order");
        assertEquals(sorted(planned), recordedPairs("d"), "every pair has exactly one run");
        for (final String label : LABELS) {
            for (final JsonNode run : runs("d", label)) {
                assertTrue(run.get("outputTail").asText().contains("qp.rate"), "the recorded setting ran: " + run);
            }
        }
    }

    @Test
    void aSessionKilledWithoutItsTrapIsMarkedKilledWhenTheSetIsResumed() throws Exception {
        smallDryRun("k", "-Dqp.seconds=1000");
        final File runFile = results.resolve("k/matrix-run.json").toFile();
        final ObjectNode killed = (ObjectNode) JSON.readTree(runFile);
        killed.put("status", "running");
        ((ObjectNode) killed.get("sessions").get(0)).put("status", "running");
        JSON.writeValue(runFile, killed);

        final Process process = matrix("--resume", "k");
        assertTrue(process.waitFor(5, TimeUnit.MINUTES));
        final String err = stderr(process);
        assertEquals(1, process.exitValue(), stdout(process) + err);
        assertTrue(err.contains("run-matrix: k: its last session was killed while running; marked killed"), err);
        final JsonNode sessions = JSON.readTree(runFile).get("sessions");
        assertEquals("killed", sessions.get(0).get("status").asText(), sessions.toString());
        assertEquals("complete-with-failures", sessions.get(1).get("status").asText(), sessions.toString());
    }

    @Test
    void maxMinutesStopsStartingRunsAndAResumeRunsTheNextPairsInOrderKeepingEarlierRuns() throws Exception {
        // 60 short runs take far longer than a minute; the budget is checked before each run starts
        final Process first = matrix("--profiles", "jdk17", "--flags", "default,tuned", "--runs", "30", "--id", "p",
                "--max-minutes", "1", "-Dqp.seconds=1", "-Dqp.warmupSeconds=1", "-Dqp.rate=1000");
        assertTrue(first.waitFor(5, TimeUnit.MINUTES));
        final String firstOut = stdout(first);
        assertEquals(3, first.exitValue(), firstOut + stderr(first));
        final JsonNode afterFirst = JSON.readTree(results.resolve("p/matrix-run.json").toFile());
        final List<String> planned = pairs(afterFirst.get("order"));
        assertEquals(60, planned.size());
        final List<String> done = recordedPairs("p");
        assertTrue(done.size() >= 1 && done.size() < 60, done.toString());
        assertEquals(sorted(planned.subList(0, done.size())), done);
        assertEquals(planned.subList(0, done.size()), pairsRun(firstOut));
        assertEquals("partial", afterFirst.get("status").asText());
        final JsonNode session = afterFirst.get("sessions").get(0);
        assertEquals("partial", session.get("status").asText());
        assertEquals(1, session.get("maxMinutes").asInt());
        assertEquals(planned.subList(0, done.size()), texts(session.get("runsStarted")));
        assertStoppedWithResumeCommand(firstOut, done.size());
        assertTrue(Files.isRegularFile(results.resolve("p/report.md")), "the report covers the runs done");
        final List<JsonNode> runsBefore = Arrays.asList(runs("p", LABELS.get(0)), runs("p", LABELS.get(1)));

        final Process second = matrix("--resume", "p", "--max-minutes", "1");
        assertTrue(second.waitFor(5, TimeUnit.MINUTES));
        final String secondOut = stdout(second);
        final List<String> doneAfter = recordedPairs("p");
        final List<String> ranNow = pairsRun(secondOut);
        assertTrue(!ranNow.isEmpty() && doneAfter.size() == done.size() + ranNow.size(), secondOut);
        assertEquals(planned.subList(done.size(), doneAfter.size()), ranNow, "exactly the next pairs, in order");
        assertEquals(sorted(planned.subList(0, doneAfter.size())), doneAfter, "and each pair once");
        assertEquals(doneAfter.size() < 60 ? 3 : 1, second.exitValue(), secondOut + stderr(second));
        final JsonNode afterSecond = JSON.readTree(results.resolve("p/matrix-run.json").toFile());
        assertEquals(afterFirst.get("startedAt"), afterSecond.get("startedAt"));
        assertEquals(afterFirst.get("order"), afterSecond.get("order"));
        assertEquals(2, afterSecond.get("sessions").size());
        assertEquals(session, afterSecond.get("sessions").get(0), "the first session stays as it was");
        assertEquals(ranNow, texts(afterSecond.get("sessions").get(1).get("runsStarted")));
        for (int label = 0; label < LABELS.size(); label++) {
            final JsonNode before = runsBefore.get(label);
            final JsonNode after = runs("p", LABELS.get(label));
            for (int i = 0; i < before.size(); i++) {
                assertEquals(before.get(i), after.get(i), "an earlier session's run stays as recorded");
            }
        }
        if (doneAfter.size() < 60) {
            assertEquals("partial", afterSecond.get("status").asText());
            assertStoppedWithResumeCommand(secondOut, doneAfter.size());
        }
    }

    private void assertStoppedWithResumeCommand(final String out, final int done) {
        assertTrue(out.contains("run-matrix: stopped after --max-minutes 1: " + done + " of 60 planned runs done;"
                + " continue with: jvm-profiles/run-matrix.sh --design fresh --resume p --results " + results + "\n"), out);
    }

    /** Every round's order as "<round>/<label>/<transport>", round after round. */
    private static List<String> pairs(final JsonNode order) {
        final List<String> pairs = new ArrayList<>();
        for (int round = 0; round < order.size(); round++) {
            for (final JsonNode unit : order.get(round)) {
                pairs.add((round + 1) + "/" + unit.asText());
            }
        }
        return pairs;
    }

    /** The runs the console announced, in the order it started them, as "<round>/<label>/<transport>". */
    private static List<String> pairsRun(final String out) {
        final java.util.regex.Matcher run = java.util.regex.Pattern
                .compile("(?m)^run-matrix: (\\S+) +run (\\d+)/\\d+ (\\S+) ").matcher(out);
        final List<String> pairs = new ArrayList<>();
        while (run.find()) {
            pairs.add(run.group(2) + "/" + run.group(1) + "/" + run.group(3));
        }
        return pairs;
    }

    /** The pairs the set's profile.json files record a run for, sorted (a pair recorded twice is there twice). */
    private List<String> recordedPairs(final String id) throws IOException {
        final List<String> pairs = new ArrayList<>();
        for (final String label : LABELS) {
            for (final JsonNode run : runs(id, label)) {
                pairs.add(run.get("run").asInt() + "/" + label + "/" + run.get("transport").asText());
            }
        }
        return sorted(pairs);
    }

    private static List<String> sorted(final List<String> pairs) {
        final List<String> sorted = new ArrayList<>(pairs);
        java.util.Collections.sort(sorted);
        return sorted;
    }

    private JsonNode runs(final String id, final String label) throws IOException {
        return JSON.readTree(results.resolve(id).resolve(label).resolve("profile.json").toFile()).get("runs");
    }

    private static List<String> texts(final JsonNode array) {
        final List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private static String git(final String... args) throws Exception {
        final List<String> command = new ArrayList<>(Arrays.asList("git"));
        command.addAll(Arrays.asList(args));
        final Process process = ChildProcesses.start(new ProcessBuilder(command));
        final String out = stdout(process).trim();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        return out;
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

    /** The private queue root the matrix announced: a fresh temporary folder, never another matrix's. */
    private static File queueRoot(final String output) {
        final java.util.regex.Matcher root = java.util.regex.Pattern
                .compile("run-matrix: queues in (/\\S+/qp-matrix-[A-Za-z0-9]+) \\(private to this matrix\\)")
                .matcher(output);
        assertTrue(root.find(), output);
        return new File(root.group(1));
    }

    /** A dry run of JDK 17 with both flag sets (LABELS) and 2 rounds: the plan only, nothing runs. */
    private JsonNode smallDryRun(final String id, final String... args) throws Exception {
        return dryRun("jdk17", 2, id, args);
    }

    /** A dry run over three JDKs, both flag sets and 4 rounds: the plan only, nothing runs. */
    private JsonNode dryRun(final String id, final String... args) throws Exception {
        return dryRun("jdk8,jdk11,jdk17", 4, id, args);
    }

    /** A dry run of these profiles with both flag sets and this many rounds; returns its matrix-run.json. */
    private JsonNode dryRun(final String profiles, final int rounds, final String id, final String... args)
            throws Exception {
        final List<String> command = new ArrayList<>(Arrays.asList("--dry-run", "--profiles", profiles,
                "--flags", "default,tuned", "--runs", String.valueOf(rounds), "--id", id));
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
                "--design", "fresh", "--no-build", "--results", results.toString()));
        command.addAll(Arrays.asList(args));
        final ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE);
        for (final String variable : environment) {
            final int eq = variable.indexOf('=');
            builder.environment().put(variable.substring(0, eq), variable.substring(eq + 1));
        }
        // The benchmark JVMs must run on JDK 17 whatever JDK runs the tests.
        builder.environment().put("JDK17_HOME", Jdk17.home());
        return ChildProcesses.start(builder);
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
