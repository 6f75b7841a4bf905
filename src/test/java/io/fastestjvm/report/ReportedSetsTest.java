package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;

import org.junit.jupiter.api.Test;

class ReportedSetsTest {
    @Test
    void printsTheMatrixTableAcrossJvmsExactly() throws Exception {
        final ResultsSet set = ResultsSet.read(Paths.get("src/test/resources/fixtures/matrix-set"));
        final String table = new ReportedSets(Collections.singletonList(set)).console();
        assertEquals(fixture("matrix-console-summary.txt"), table);
    }

    private static String fixture(final String name) throws IOException {
        final Path path = Paths.get("src/test/resources/fixtures", name);
        return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
    }
}
