package io.fastestjvm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** CI must run the two commands README's quick start gives, unchanged: the newcomer's run and the test suite. */
class ReadmeCommandsTest {
    private static final Pattern QUICK_START = Pattern.compile(
            "## Quick start.*?```bash\\n(mvn [^#\\n]*?)\\s+#[^\\n]*\\n(mvn [^#\\n]*?)\\s+#", Pattern.DOTALL);

    @Test
    void ciRunsTheQuickStartCommandsAsWritten() throws IOException {
        final String readme = new String(Files.readAllBytes(Paths.get("README.md")), StandardCharsets.UTF_8);
        final Matcher quickStart = QUICK_START.matcher(readme);
        assertTrue(quickStart.find(), "README.md has a quick start with two commented mvn commands");
        final List<String> ci = Files.readAllLines(Paths.get(".ci/run"), StandardCharsets.UTF_8);
        final String defaultRun = quickStart.group(1).trim();
        final String tests = quickStart.group(2).trim();
        assertTrue(ci.contains(defaultRun), ".ci/run has README's default command on a line of its own: " + defaultRun);
        assertTrue(ci.stream().anyMatch(line -> line.equals(tests) || line.endsWith(" " + tests)),
                ".ci/run runs README's test command: " + tests);
    }

    /** The front door stays short (issue 12): at most 12,000 bytes, and both quick-start commands in its first 40 lines. */
    @Test
    void readmeIsShortWithBothCommandsInItsFirstFortyLines() throws IOException {
        final byte[] bytes = Files.readAllBytes(Paths.get("README.md"));
        assertTrue(bytes.length <= 12_000, "README.md has " + bytes.length + " bytes; at most 12,000 (move detail to docs/)");
        final List<String> lines = Files.readAllLines(Paths.get("README.md"), StandardCharsets.UTF_8);
        final String head = String.join("\n", lines.subList(0, Math.min(40, lines.size()))) + "\n";
        final Matcher quickStart = QUICK_START.matcher(head);
        assertTrue(quickStart.find(), "README.md's quick start, with both commands, is within its first 40 lines");
    }
}
