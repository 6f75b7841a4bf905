package io.fastestjvm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;

import io.fastestjvm.compare.PairAnswer;
import io.fastestjvm.verdict.Interval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The answer table: each JVM against JDK 17 beside the article, from finished comparisons. */
class AnswerTableTest {
    /** A published comparison: jdk17 / jdk21, its report's p50 row 0.992 (0.970 - 1.015). */
    private static final Path JDK17_VS_JDK21 =
            Paths.get("results/interleaved/20261128T044607Z-jdk17-vs-jdk21-recompiled-once");

    @TempDir
    Path temp;

    private static PairAnswer answer(final String a, final String b, final double ratio, final double lower,
                                     final double upper, final boolean separable) {
        return new PairAnswer(new File("results/interleaved/set-" + a), a, b, new Interval(ratio, lower, upper, 0.95),
                "t over blocks", 4, separable, 23.6);
    }

    private static String line(final String markdown, final String start) {
        return Arrays.stream(markdown.split("\n")).filter(l -> l.startsWith(start)).findFirst().orElse("(none)");
    }

    @Test
    void eachJvmIsReadAgainstJdk17BesideTheArticleWhicheverSideJdk17WasOn() {
        final String md = AnswerTable.markdown(Arrays.asList(
                answer("jdk8", "jdk17", 1.05, 1.02, 1.08, true),
                answer("jdk17", "jdk11", 0.8, 0.75, 0.85, true),
                answer("jdk17#1", "jdk17#2", 1.0, 0.98, 1.02, false),
                answer("jdk21-graaljit", "jdk21", 0.9, 0.85, 0.95, true),
                answer("jdk25", "jdk17", 1.01, 0.97, 1.05, false)), Paths.get("results/answer"));

        assertTrue(md.contains(AnswerTable.HEADER), md);
        assertEquals("| JDK 8 (`jdk8`) | 280 / 3,951 | 0.97 | 1.050 (1.020-1.080), separable | 4 (t over blocks),"
                + " 24 min | `set-jdk8` |", line(md, "| JDK 8 "));
        assertEquals("| JDK 11 (`jdk11`) | 370 / 4,210 | 1.28 | 1.250 (1.176-1.333), separable | 4 (t over blocks),"
                + " 24 min | `set-jdk17` |", line(md, "| JDK 11 "),
                "jdk17 / jdk11 read the other way round, its interval inverted");
        assertEquals("| JDK 17 (`jdk17`) | 290 / 4,041 | 1.00 | 1 (the base) | | |", line(md, "| JDK 17 "));
        assertTrue(line(md, "| GraalVM CE 17 ").contains("| 1.07 | not measured |"), md);
        assertTrue(line(md, "| `jdk25` ").startsWith("| `jdk25` | - | - | 1.010 (0.970-1.050), cannot tell apart"),
                "a JVM the article did not measure follows its rows: " + md);
        assertTrue(md.contains("## Other pairs"), md);
        assertTrue(line(md, "| `jdk21-graaljit` / `jdk21` ").contains("0.900 (0.850-0.950), separable"), md);
        assertFalse(md.contains("`jdk17#1`"), "an A/A of the base answers nothing here: " + md);
    }

    @Test
    void aPairMeasuredAgainIsQuotedFromTheComparisonNamedLastAndTheEarlierIsListedAsReplaced() {
        final PairAnswer first = answer("jdk17", "jdk11", 0.9, 0.85, 0.95, true);
        final PairAnswer other = answer("jdk8", "jdk17", 1.05, 1.02, 1.08, true);
        final PairAnswer again = new PairAnswer(new File("results/interleaved/rerun"), "jdk11", "jdk17",
                new Interval(1.13, 1.11, 1.15, 0.95), "t over blocks", 4, true, 17.0);
        final List<PairAnswer> all = Arrays.asList(first, other, again);

        final List<PairAnswer> latest = AnswerTable.latest(all);
        assertEquals(Arrays.asList(other, again), latest, "either way round it is the same pair; order kept");
        final String md = AnswerTable.markdown(latest, Paths.get("results/answer"));
        assertTrue(line(md, "| JDK 11 ").contains("1.130 (1.110-1.150)"), md);
        assertEquals("- `jdk17` / `jdk11` of `set-jdk17`: 0.900 (0.850-0.950), separable, replaced by `rerun`",
                line(AnswerTable.superseded(all, latest), "- "));
        assertEquals("", AnswerTable.superseded(latest, latest), "nothing replaced, nothing listed");
    }

    @Test
    void aPublishedComparisonIsReadAsItsReportPrintsIt() throws IOException {
        final List<PairAnswer> answers = PairAnswer.read(JDK17_VS_JDK21.toFile());
        assertEquals(1, answers.size());
        final PairAnswer pair = answers.get(0);
        final String report = new String(Files.readAllBytes(JDK17_VS_JDK21.resolve("report.md")),
                StandardCharsets.UTF_8);
        final String row = String.format(java.util.Locale.ROOT, "| %s / %s | actual-send p50 | primary | %.3f |"
                + " %.3f - %.3f |", pair.a, pair.b, pair.ratio.estimate(), pair.ratio.lower(), pair.ratio.upper());
        assertTrue(report.contains(row), row + " is the report's row");
        assertEquals(8, pair.blocks);
        assertTrue(pair.minutes > 20 && pair.minutes < 30, "its 8 blocks took 27 minutes with the build: "
                + pair.minutes);

        final String md = AnswerTable.markdown(answers, Paths.get("results/answer"));
        final String name = JDK17_VS_JDK21.getFileName().toString();
        assertTrue(line(md, "| `jdk21` ").endsWith("| `" + name + "` |"), "a plain name, so README can quote it: "
                + md);
        assertTrue(md.contains("\n- [" + name + "](../interleaved/" + name + "/report.md)\n"), "linked below: " + md);
    }

    @Test
    void aFolderThatIsNoComparisonIsRefusedAndNothingIsWritten() throws IOException {
        final Path out = temp.resolve("answer");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, "UTF-8");
        assertEquals(Report.INVALID_INPUT, Report.run(new String[] {"--answer", out.toString(),
                JDK17_VS_JDK21.toString(), temp.toString()}, quiet, new PrintStream(err, true, "UTF-8")));
        assertTrue(err.toString("UTF-8").startsWith("error: " + temp + " is not a finished interleaved comparison"),
                err.toString("UTF-8"));
        assertFalse(Files.exists(out), "nothing written");
        assertEquals(Report.INVALID_INPUT, Report.run(new String[] {"--answer", out.toString()}, quiet, quiet));
    }

    @Test
    void theAnswerIsWrittenIntoItsOwnFolder() throws IOException {
        final Path out = temp.resolve("answer");
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        assertEquals(Report.OK, Report.run(new String[] {"--answer", out.toString(), JDK17_VS_JDK21.toString()},
                new PrintStream(printed, true, "UTF-8"), System.err));
        assertTrue(printed.toString("UTF-8").contains("wrote " + out.resolve("report.md")), printed.toString("UTF-8"));
        assertTrue(new String(Files.readAllBytes(out.resolve("report.md")), StandardCharsets.UTF_8)
                .contains("| `jdk21` | - | - | "));
    }
}
