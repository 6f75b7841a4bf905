package io.fastestjvm.matrix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.model.Provenance;

/**
 * A fresh matrix set's own files: {@code matrix-run.json} (the plan, the machine and each session) and one
 * {@code profile.json} per label (its JVM and each run's outcome). Every write replaces the whole file atomically;
 * the main thread and the interrupt write through one instance, one at a time.
 */
final class MatrixRecord {
    static final String MATRIX_RUN = "matrix-run.json";
    static final String PROFILE = "profile.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path setDir;
    private final ObjectNode matrixRun;

    private MatrixRecord(final Path setDir, final ObjectNode matrixRun) {
        this.setDir = setDir;
        this.matrixRun = matrixRun;
    }

    /** A new set's record of {@code plan}, written at once. */
    static MatrixRecord create(final Path setDir, final String id, final MatrixPlan plan,
                               final ObjectNode host, final String command) throws IOException {
        final ObjectNode run = JSON.createObjectNode();
        final String now = now();
        run.put("id", id).put("status", "running").put("startedAt", now).put("finishedAt", now);
        run.set("host", host);
        plan.profiles.forEach(run.putArray("profiles")::add);
        plan.flagSets.forEach(run.putArray("flagSets")::add);
        plan.transports.forEach(run.putArray("transports")::add);
        run.put("runsPerProfile", plan.runs)
                .put("runsAre", "fresh JVMs: each (profile, flag set, transport) once per round, in a new random order"
                        + " each round")
                .put("seed", plan.seed);
        final ArrayNode order = run.putArray("order");
        plan.rounds.forEach(round -> round.forEach(order.addArray()::add));
        run.put("timeoutSecondsPerRun", plan.timeoutSeconds);
        plan.qpSettings.forEach(run.putArray("qpSettings")::add);
        run.put("command", command);
        run.putArray("sessions");
        final MatrixRecord record = new MatrixRecord(setDir, run);
        record.write();
        return record;
    }

    static MatrixRecord read(final Path setDir) throws IOException {
        final JsonNode tree = JSON.readTree(setDir.resolve(MATRIX_RUN).toFile());
        if (!(tree instanceof ObjectNode)) {
            throw new IOException(setDir.resolve(MATRIX_RUN) + " is not a JSON object");
        }
        return new MatrixRecord(setDir, (ObjectNode) tree);
    }

    /** The plan this record holds, or a refusal: a part missing, an order its seed does not give, another machine. */
    MatrixPlan plan(final String id, final ObjectNode here) throws MatrixRefusal {
        final String[] parts = {"profiles", "flagSets", "transports", "runsPerProfile", "seed", "order", "qpSettings",
            "timeoutSecondsPerRun", "host"};
        for (final String part : parts) {
            if (!matrixRun.has(part)) {
                throw new MatrixRefusal("--resume: " + setDir.resolve(MATRIX_RUN) + " does not record a whole plan ("
                        + String.join(", ", parts) + "); a set made before seeded rounds cannot be resumed");
            }
        }
        final JsonNode host = matrixRun.get("host");
        final String model = host.path(EnvironmentInfo.CPU_MODEL).asText();
        final int count = host.path(EnvironmentInfo.CPU_COUNT).asInt();
        final String hereModel = here.path(EnvironmentInfo.CPU_MODEL).asText();
        final int hereCount = here.path(EnvironmentInfo.CPU_COUNT).asInt();
        if (!model.equals(hereModel) || count != hereCount) {
            throw new MatrixRefusal("--resume: " + id + " was recorded on another machine (" + model + ", " + count
                    + " CPUs; this one: " + hereModel + ", " + hereCount + " CPUs); a set's runs must all"
                    + " come from one machine");
        }
        final MatrixPlan plan = new MatrixPlan(texts(matrixRun.get("profiles")), texts(matrixRun.get("flagSets")),
                texts(matrixRun.get("transports")), matrixRun.get("runsPerProfile").asInt(),
                matrixRun.get("seed").asLong(), matrixRun.get("timeoutSecondsPerRun").asInt(),
                texts(matrixRun.get("qpSettings")));
        final JsonNode order = matrixRun.get("order");
        for (int round = 0; round < plan.runs; round++) {
            if (order.size() != plan.runs || !texts(order.get(round)).equals(plan.rounds.get(round))) {
                throw new MatrixRefusal("--resume: round " + (round + 1) + "'s recorded order is not the one seed "
                        + plan.seed + " gives with this code; resume the set with the commit that made it");
            }
        }
        return plan;
    }

    synchronized String status() {
        return matrixRun.path("status").asText();
    }

    /** The set's and its last session's status become {@code status}, now. */
    synchronized void status(final String status) throws IOException {
        final String now = now();
        matrixRun.put("status", status).put("finishedAt", now);
        final ArrayNode sessions = (ArrayNode) matrixRun.get("sessions");
        if (sessions.size() > 0) {
            ((ObjectNode) sessions.get(sessions.size() - 1)).put("status", status).put("finishedAt", now);
        }
        write();
    }

    /** Appends this invocation to the sessions, with the code it runs, and marks the set running. */
    synchronized void startSession(final String command, final String gitCommit, final Boolean gitDirty,
                      final Integer maxMinutes) throws IOException {
        final ObjectNode session = ((ArrayNode) matrixRun.get("sessions")).addObject();
        // a null Boolean or Integer is written as JSON null
        session.put("startedAt", now()).put("command", command).put(Provenance.GIT_COMMIT, gitCommit)
                .put(Provenance.GIT_DIRTY, gitDirty).put("maxMinutes", maxMinutes);
        session.putArray("runsStarted");
        status("running");
    }

    /** The run {@code round/unit} is starting in this session. */
    synchronized void runStarted(final int round, final String unit) throws IOException {
        final ArrayNode sessions = (ArrayNode) matrixRun.get("sessions");
        ((ArrayNode) sessions.get(sessions.size() - 1).get("runsStarted")).add(round + "/" + unit);
        status("running");
    }

    /** A label's profile.json as it stands, or null when there is none yet. */
    synchronized ObjectNode profile(final String label) throws IOException {
        final Path file = setDir.resolve(label).resolve(PROFILE);
        return Files.isRegularFile(file) ? (ObjectNode) JSON.readTree(file.toFile()) : null;
    }

    synchronized void writeProfile(final String label, final ObjectNode profile) throws IOException {
        write(setDir.resolve(label).resolve(PROFILE), profile);
    }

    private void write() throws IOException {
        write(setDir.resolve(MATRIX_RUN), matrixRun);
    }

    private static void write(final Path file, final JsonNode tree) throws IOException {
        final Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
        ResultsFolder.write(temporary, out -> JSON.writeValue(out, tree));
        ResultsFolder.moveIntoPlace(temporary, file);
    }

    static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    static List<String> texts(final JsonNode array) {
        final List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    /** The machine a set is recorded on; a set's runs all come from one CPU model and count. */
    static ObjectNode host(final String hostname, final String kernel, final String cpuModel, final int cpuCount,
                           final String isolatedCpus) {
        final ObjectNode host = JSON.createObjectNode();
        host.put("hostname", hostname).put("kernel", kernel).put(EnvironmentInfo.CPU_MODEL, cpuModel)
                .put(EnvironmentInfo.CPU_COUNT, cpuCount).put(EnvironmentInfo.ISOLATED_CPUS, isolatedCpus);
        return host;
    }
}
