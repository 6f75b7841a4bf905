package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Caveats of one kind become one line: one per-JVM caveat of several JVMs, one audit check's warnings as ranges. */
class CaveatsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void auditWarningsOfOneCheckBecomeOneLineWithTheirNumbersAsARangeAndEachWordingItsOwnLine() throws Exception {
        final List<String> caveats = caveats(Arrays.asList(
                root -> load(root, "load average 1.91 on 2 CPUs: other processes compete", "stop other work"),
                root -> load(root, "load average 2.34 on 2 CPUs: other processes compete", "stop other work"),
                root -> load(root, "load average 2.34 on 2 CPUs: other processes compete", "stop other work"),
                root -> load(load(root, "load average 2.07 on 2 CPUs: other processes compete", "stop other work"),
                        "other processes kept 0.30 CPUs busy", "stop them")));
        final List<String> audit = caveats.stream().filter(c -> c.startsWith("Environment audit"))
                .collect(Collectors.toList());
        assertEquals(Arrays.asList("Environment audit, load (in 4 of 4 run folders): load average 1.91–2.34 on 2 "
                + "CPUs: other processes compete; fix: stop other work", "Environment audit, load (in 1 of 4 run "
                + "folders): other processes kept 0.30 CPUs busy; fix: stop them"), audit);
    }

    @Test
    void theSameCaveatOfSeveralJvmsBecomesOneLineAndASingleOneStaysAsItWas() throws Exception {
        final List<String> caveats = caveats(Arrays.asList(root -> allocated(root, 4096), root -> { },
                root -> allocated(root, 8), root -> root.putObject("environmentAudit").putArray("warnings")
                        .add("CPU frequency governor is powersave")));
        assertTrue(caveats.contains("2 JVMs: jdk17 (0 B producer / 4096 B consumer; 1 of 2), jdk25 (0 B producer / "
                + "8 B consumer; 1 of 2): the measured loops allocated: the hot path is not allocation-free there."),
                caveats.toString());
        assertFalse(caveats.stream().anyMatch(c -> c.startsWith("jdk17: the measured loops")), caveats.toString());
        assertTrue(caveats.contains("Environment audit: CPU frequency governor is powersave (in 1 of 4 run folders)."),
                caveats.toString());
    }

    /** The fixture set's caveats, each of its four summaries (jdk17's two, then jdk25's) changed by its edit. */
    private List<String> caveats(final List<Consumer<ObjectNode>> edits) throws IOException, InvalidInputException {
        final Path set = Fixtures.copy(Fixtures.MATRIX_SET, temp.resolve("set"));
        final List<Path> summaries;
        try (Stream<Path> files = Files.walk(set)) {
            summaries = files.filter(p -> p.endsWith("summary.json")).sorted().collect(Collectors.toList());
        }
        for (int i = 0; i < summaries.size(); i++) {
            final ObjectNode root = (ObjectNode) JSON.readTree(summaries.get(i).toFile());
            edits.get(i).accept(root);
            JSON.writeValue(summaries.get(i).toFile(), root);
        }
        return Caveats.of(new ReportedSets(Arrays.asList(ResultsSet.read(set))));
    }

    private static ObjectNode load(final ObjectNode root, final String problem, final String fix) {
        final ObjectNode audit = root.has("environmentAudit") ? (ObjectNode) root.get("environmentAudit")
                : root.putObject("environmentAudit");
        final ArrayNode warnings = audit.has("warnings") ? (ArrayNode) audit.get("warnings")
                : audit.putArray("warnings");
        warnings.addObject().put("check", "load").put("problem", problem).put("fix", fix);
        return root;
    }

    private static void allocated(final ObjectNode root, final long consumerBytes) {
        ((ObjectNode) root.path("checks").path("allocation")).put("consumerBytes", consumerBytes);
    }
}
