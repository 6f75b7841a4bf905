package io.fastestjvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * README's opening figures are quoted from the report.md it cites, never typed: each table line is a line of that
 * report (the answer table, {@code Report --answer}: each JVM against JDK 17 beside the article).
 */
class ReadmeResultsTest {
    private static final Pattern CITED_REPORT = Pattern.compile("\\(results/([^/)]+)/report\\.md\\)");

    @Test
    void readmesOpeningQuotesTheReportItCites() throws IOException {
        final String readme = read("README.md");
        final String opening = readme.substring(0, readme.indexOf("\n## "));
        final Matcher cited = CITED_REPORT.matcher(opening);
        assertTrue(cited.find(), "README's opening cites a results set's report.md");
        final String reportPath = "results/" + cited.group(1) + "/report.md";
        assertEquals("results/answer/report.md", reportPath, "README's opening cites the answer table first");
        final String report = read(reportPath);

        final List<String> reportLines = Arrays.asList(report.split("\n"));
        final List<String> tableLines = new ArrayList<>();
        for (final String line : opening.split("\n")) {
            if (line.startsWith("|")) {
                tableLines.add(line);
            }
        }
        assertFalse(tableLines.isEmpty(), "README's opening has the table beside the article");
        for (final String line : tableLines) {
            assertTrue(reportLines.contains(line), "README's line is not in " + reportPath + ": " + line);
        }
    }

    private static String read(final String path) throws IOException {
        return new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.UTF_8);
    }
}
