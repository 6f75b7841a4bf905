package io.fastestjvm.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** The plan of a fresh matrix: labels, units, and each round's seeded order, as sets made by the shell recorded it. */
class MatrixPlanTest {
    @Test
    void publishedSetsGetTheOrderTheirSeedGaveSoTheyStillResume() throws Exception {
        // made by the shell version of run-matrix.sh: 18 labels x 10 rounds, and 4 transports x 3 rounds
        for (final String set : Arrays.asList("20261124-vm-jvm-matrix", "20261124-vm-transports")) {
            final Path folder = Paths.get("results", set);
            final JsonNode recorded = new ObjectMapper().readTree(folder.resolve("matrix-run.json").toFile());
            final MatrixPlan plan = MatrixRecord.read(folder).plan(set, hostOf(recorded));
            assertEquals(recorded.get("runsPerProfile").asInt(), plan.rounds.size());
            for (int round = 0; round < plan.runs; round++) {
                assertEquals(MatrixRecord.texts(recorded.get("order").get(round)), plan.rounds.get(round), set);
            }
        }
    }

    @Test
    void labelsAreTheProfileOrItsTunedNameAndUnitsCrossThemWithTheTransports() {
        final MatrixPlan plan = new MatrixPlan(Arrays.asList("jdk8", "jdk17"), Arrays.asList("default", "tuned"),
                Arrays.asList("chronicle", "floor"), 2, 7, 900, Collections.<String>emptyList());
        assertEquals(Arrays.asList("jdk8", "jdk8-tuned", "jdk17", "jdk17-tuned"), new ArrayList<>(plan.labels.keySet()));
        assertEquals("tuned", plan.labels.get("jdk17-tuned")[1]);
        assertEquals(8, plan.units.size());
        assertEquals("jdk8-tuned/floor", plan.units.get(3));
        assertEquals(16, plan.planned());
    }

    @Test
    void eachRoundHoldsEveryUnitOnceInItsOwnOrderAndTheSeedReplaysIt() {
        final List<String> units = Arrays.asList("a", "b", "c", "d", "e", "f");
        final List<List<String>> rounds = MatrixPlan.rounds(units, 5, 12345);
        assertEquals(rounds, MatrixPlan.rounds(units, 5, 12345));
        assertNotEquals(rounds, MatrixPlan.rounds(units, 5, 54321));
        for (final List<String> round : rounds) {
            final List<String> sorted = new ArrayList<>(round);
            Collections.sort(sorted);
            assertEquals(units, sorted);
        }
        assertNotEquals(rounds.get(0), rounds.get(1), "each round has its own order");
    }

    @Test
    void aNumberOutsideItsRangeIsOneLineNamingTheRange() throws MatrixRefusal {
        assertEquals(100, MatrixPlan.bounded("--runs", "100", 3, 1, 100, ""));
        for (final String bad : Arrays.asList("0", "101", "1000", "-1", "1e2", "", " 5")) {
            final MatrixRefusal refused = assertThrows(MatrixRefusal.class,
                    () -> MatrixPlan.bounded("--runs", bad, 3, 1, 100, ""));
            assertEquals("--runs: '" + bad + "' is not allowed; accepted: 1 to 100", refused.getMessage());
        }
        assertEquals("--timeout: '5' is not allowed; accepted: 10 to 86400 seconds per run", assertThrows(
                MatrixRefusal.class, () -> MatrixPlan.bounded("--timeout", "5", 5, 10, 86400, " seconds per run"))
                .getMessage());
    }

    static ObjectNode hostOf(final JsonNode recorded) {
        return MatrixRecord.host("h", "k", recorded.at("/host/cpuModel").asText(),
                recorded.at("/host/cpuCount").asInt(), "");
    }

    static JsonNode read(final Path file) throws IOException {
        return new ObjectMapper().readTree(file.toFile());
    }
}
