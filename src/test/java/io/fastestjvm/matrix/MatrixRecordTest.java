package io.fastestjvm.matrix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** matrix-run.json: written whole, read back as the same plan, refused when it belongs elsewhere or was altered. */
class MatrixRecordTest {
    private static final ObjectNode HOST = MatrixRecord.host("box", "6.1", "Some CPU", 2, "");
    private static final MatrixPlan PLAN = new MatrixPlan(Arrays.asList("jdk17"), Arrays.asList("default", "tuned"),
            Arrays.asList("chronicle"), 3, 99, 600, Arrays.asList("-Dqp.seconds=3"));

    @TempDir
    Path set;

    @Test
    void aNewRecordReadsBackAsTheSamePlanWithNumbersAsNumbers() throws Exception {
        MatrixRecord.create(set, "s", PLAN, HOST, "jvm-profiles/run-matrix.sh --design fresh --runs 3");
        final MatrixPlan read = MatrixRecord.read(set).plan("s", HOST);
        assertEquals(PLAN.rounds, read.rounds);
        assertEquals(PLAN.qpSettings, read.qpSettings);
        assertEquals(600, read.timeoutSeconds);
        final JsonNode json = MatrixPlanTest.read(set.resolve(MatrixRecord.MATRIX_RUN));
        assertTrue(json.get("seed").isNumber() && json.get("runsPerProfile").isInt()
                && json.at("/host/cpuCount").isInt() && json.get("timeoutSecondsPerRun").isInt(), json.toString());
        assertEquals("running", json.get("status").asText());
        assertEquals(0, json.get("sessions").size());
        assertTrue(json.get("startedAt").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"),
                json.get("startedAt").asText());
    }

    @Test
    void aSessionRecordsTheCodeItRanTheRunsItStartedAndHowItEnded() throws Exception {
        final MatrixRecord record = MatrixRecord.create(set, "s", PLAN, HOST, "cmd");
        record.startSession("cmd --resume s", "abc", false, null);
        record.runStarted(1, "jdk17/chronicle");
        record.status("partial");
        record.startSession("cmd --resume s", "def", null, 5);
        record.status("complete");
        final JsonNode sessions = MatrixPlanTest.read(set.resolve(MatrixRecord.MATRIX_RUN)).get("sessions");
        assertEquals(2, sessions.size());
        assertEquals("partial", sessions.get(0).get("status").asText());
        assertEquals("[\"1/jdk17/chronicle\"]", sessions.get(0).get("runsStarted").toString());
        assertTrue(sessions.get(0).get("maxMinutes").isNull() && sessions.get(1).get("gitDirty").isNull());
        assertEquals(5, sessions.get(1).get("maxMinutes").asInt());
        assertEquals("complete", MatrixRecord.read(set).status());
    }

    @Test
    void aSetFromAnotherMachineIsRefusedAndTheFileLeftAsItWas() throws Exception {
        MatrixRecord.create(set, "s", PLAN, HOST, "cmd");
        final byte[] before = Files.readAllBytes(set.resolve(MatrixRecord.MATRIX_RUN));
        final MatrixRefusal refused = assertThrows(MatrixRefusal.class, () -> MatrixRecord.read(set).plan("s",
                MatrixRecord.host("box", "6.1", "Some CPU", 4, "")));
        assertEquals("--resume: s was recorded on another machine (Some CPU, 2 CPUs; this one: Some CPU, 4 CPUs);"
                + " a set's runs must all come from one machine", refused.getMessage());
        assertArrayEquals(before, Files.readAllBytes(set.resolve(MatrixRecord.MATRIX_RUN)));
    }

    @Test
    void anOrderItsSeedDoesNotGiveOrAMissingPartIsRefused() throws Exception {
        MatrixRecord.create(set, "s", PLAN, HOST, "cmd");
        final Path file = set.resolve(MatrixRecord.MATRIX_RUN);
        final ObjectNode json = (ObjectNode) MatrixPlanTest.read(file);
        final ArrayNode second = (ArrayNode) json.get("order").get(1);
        final JsonNode first = second.get(0);
        second.remove(0);
        second.add(first);
        new ObjectMapper().writeValue(file.toFile(), json);
        assertTrue(assertThrows(MatrixRefusal.class, () -> MatrixRecord.read(set).plan("s", HOST)).getMessage()
                .startsWith("--resume: round 2's recorded order is not the one seed 99 gives"));
        json.remove("seed");
        new ObjectMapper().writeValue(file.toFile(), json);
        assertTrue(assertThrows(MatrixRefusal.class, () -> MatrixRecord.read(set).plan("s", HOST)).getMessage()
                .contains("does not record a whole plan"));
    }
}
