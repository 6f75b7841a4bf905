package io.fastestjvm.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.fastestjvm.compare.ComparisonReport;
import io.fastestjvm.config.HelpFlag;
import io.fastestjvm.results.ResultsFolder;

/**
 * {@code mvn exec:java@Report -Dexec.args="<results folder>..."}: matrix files, report.md and charts/ into each
 * folder; {@code --index <results>} regenerates results/README.md; {@code --answer <folder> <comparison>...} writes
 * the {@link AnswerTable}.
 */
public final class Report {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int INVALID_INPUT = 2;
    static final String USAGE = "usage: Report <results folder> [<more folders>...] | Report --index <results>"
            + " | Report --answer <folder> <comparison folder>...";
    static final String INDEX = "README.md";
    static final String INTERLEAVED = "interleaved";
    /** The findings section on the change of what intended send covers, from results/. */
    static final String PREPARED_AHEAD = "docs/findings/jlbh-comparison.md"
            + "#preparing-before-the-due-time-and-the-waits-own-clock-as-the-stamp-2026-12-02";

    private Report() {
    }

    public static void main(final String[] args) {
        final int exitCode = run(args, System.out, System.err);
        if (exitCode != OK) {
            // exec:java runs in Maven's JVM: exiting is the only way to hand Maven a non-zero code.
            System.exit(exitCode);
        }
    }

    /** As {@link #main}, in this JVM: the exit code, with output to {@code out} and {@code err}. */
    public static int run(final String[] args, final PrintStream out, final PrintStream err) {
        // Charts are drawn off-screen; no display is needed or wanted.
        System.setProperty("java.awt.headless", "true");
        if (HelpFlag.asked(args)) {
            out.println(USAGE);
            return OK;
        }
        if (args.length == 0 || args.length == 1 && "--index".equals(args[0])
                || args.length < 3 && "--answer".equals(args[0])) {
            err.println("error: " + USAGE);
            return INVALID_INPUT;
        }
        try {
            if ("--index".equals(args[0])) {
                final Path index = index(Paths.get(args[1]));
                out.println("wrote " + index);
                return OK;
            }
            if ("--answer".equals(args[0])) {
                final List<Path> comparisons = Arrays.stream(args, 2, args.length).map(Paths::get)
                        .collect(Collectors.toList());
                out.println("wrote " + AnswerTable.write(Paths.get(args[1]), comparisons));
                return OK;
            }
            final List<ResultsSet> sets = new ArrayList<>();
            // Read every folder before writing anything: one bad folder means no report at all.
            for (final String arg : args) {
                sets.add(ResultsSet.read(Paths.get(arg)));
            }
            final ReportedSets reported = new ReportedSets(sets);
            final VerdictSection verdict = new VerdictSection(reported.groupsWithFigures());
            for (final Path written : write(reported, verdict)) {
                out.println("wrote " + written);
            }
            out.print(reported.console());
            // The matrix ends with the verdict: the last thing printed.
            out.print(verdict.console());
            return OK;
        } catch (final InvalidInputException e) {
            err.println("error: " + e.getMessage());
            return INVALID_INPUT;
        } catch (final IOException | RuntimeException e) {
            err.println("error: report failed: " + e);
            return FAILED;
        }
    }

    /** Per set: matrix files (pairs.csv among them) first, then report.md and charts/; returns the report.md files. */
    private static List<Path> write(final ReportedSets reported, final VerdictSection verdict) throws IOException {
        final List<Path> written = new ArrayList<>();
        for (final ResultsSet set : reported.sets) {
            new MatrixFiles().write(set, verdict.overall);
        }
        for (final ResultsSet set : reported.sets) {
            final Path folder = set.folder;
            final List<ReportCharts.Chart> charts = new ReportCharts(reported, folder, verdict).write();
            final Path report = folder.resolve(ReportMarkdown.FILE);
            write(report, new ReportMarkdown(reported, folder, verdict).render(charts,
                    ExtraSections.render(reported, folder)));
            written.add(report);
        }
        return written;
    }

    /** Writes results/README.md from the report.md files under {@code results} (nothing typed by hand). */
    private static Path index(final Path results) throws IOException, InvalidInputException {
        if (!Files.isDirectory(results)) {
            throw new InvalidInputException(results + ": not a folder");
        }
        final List<Path> reports = reports(results);
        final StringBuilder out = new StringBuilder("# Published results\n\n")
                .append("Generated by `mvn exec:java@Report -Dexec.args=\"--index results\"` from the report.md of ")
                .append("each result set below; open a set for its environment, tables, charts and caveats.\n\n")
                // a change of definition, not of code under test: ratios inside an older set still hold
                .append("Intended send in sets run before 2026-12-02 (before commit e1947fc) includes building the ")
                .append("message after its due time and one more clock read (85-145 ns at the 2-vCPU guest's slow ")
                .append("level): compare a newer run's intended send with theirs only through ratios inside each ")
                .append("set ([findings](../").append(PREPARED_AHEAD).append(")).\n\n");
        if (reports.isEmpty()) {
            out.append("No result set has a report.md yet.\n");
        }
        for (final Path report : reports) {
            final String set = report.getParent().getFileName().toString();
            final List<String> lines = Files.readAllLines(report, StandardCharsets.UTF_8);
            out.append("## [").append(set).append("](").append(set).append('/').append(ReportMarkdown.FILE)
                    .append(")\n\n");
            final String summary = firstSentence(lines);
            if (!summary.isEmpty()) {
                out.append(summary).append("\n\n");
            }
            lines.stream().filter(line -> line.startsWith(ReportMarkdown.INCOMPLETE_PREFIX))
                    .forEach(line -> out.append(line).append("\n\n"));
            final String verdict = tableUnder(lines, VerdictSection.HEADING);
            if (!verdict.isEmpty()) {
                out.append("Verdict (runs as units; docs/verdict.md):\n\n").append(verdict).append('\n');
            }
            // the headline chart: the report's first image
            lines.stream().filter(line -> line.startsWith("![")).findFirst().ifPresent(chart -> out.append(chart
                    .replace("](" + ReportCharts.FOLDER + "/", "](" + set + "/" + ReportCharts.FOLDER + "/"))
                    .append("\n\n"));
        }
        appendComparisons(out, results.resolve(INTERLEAVED));
        final Path index = results.resolve(INDEX);
        write(index, out.toString());
        return index;
    }

    /** Each published interleaved comparison (results/interleaved/*): its start line and its pairwise verdict. */
    private static void appendComparisons(final StringBuilder out, final Path folder) throws IOException {
        final List<Path> reports = Files.isDirectory(folder) ? reports(folder) : Collections.emptyList();
        if (reports.isEmpty()) {
            return;
        }
        out.append("# Interleaved comparisons\n\n")
                .append("Warm JVMs taking turns in 1 s slices, compared pair by pair with blocks of fresh JVMs as the")
                .append(" units (docs/interleaved.md); how the method fared on itself:")
                .append(" docs/findings/interleaved.md.\n\n");
        for (final Path report : reports) {
            final String name = report.getParent().getFileName().toString();
            final List<String> lines = Files.readAllLines(report, StandardCharsets.UTF_8);
            out.append("## [").append(name).append("](").append(INTERLEAVED).append('/').append(name).append('/')
                    .append(ReportMarkdown.FILE).append(")\n\n");
            lines.stream().filter(line -> line.startsWith("Started ")).findFirst()
                    .ifPresent(line -> out.append(line.trim()).append("\n\n"));
            out.append(tableUnder(lines, ComparisonReport.VERDICT_HEADING)).append('\n');
        }
    }

    /** The report.md of each folder in {@code folder}, in name order. */
    private static List<Path> reports(final Path folder) throws IOException {
        try (Stream<Path> folders = Files.list(folder)) {
            return folders.map(f -> f.resolve(ReportMarkdown.FILE)).filter(Files::isRegularFile).sorted()
                    .collect(Collectors.toList());
        }
    }

    /** The first sentence of the report's first paragraph: what was measured, on which machine. */
    private static String firstSentence(final List<String> lines) {
        return lines.stream().filter(line -> !line.isEmpty() && !line.startsWith("#") && !line.startsWith("!"))
                .findFirst().map(line -> line.indexOf(". ") < 0 ? line : line.substring(0, line.indexOf(". ") + 1))
                .orElse("");
    }

    /** The table rows under {@code heading}, quoted so the index states the verdict, not a ranking. */
    private static String tableUnder(final List<String> lines, final String heading) {
        final StringBuilder table = new StringBuilder();
        boolean under = false;
        for (final String line : lines) {
            if (line.equals(heading)) {
                under = true;
            } else if (under && (line.startsWith("#") || line.startsWith("!["))) {
                break;
            } else if (under && line.startsWith("|")) {
                table.append(line).append('\n');
            }
        }
        return table.toString();
    }

    /** Writes a report file whole or not at all (temp file, sync, rename), so a reader never sees half a report. */
    static void write(final Path file, final String text) throws IOException {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Files.createDirectories(file.toAbsolutePath().getParent());
        final Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        ResultsFolder.write(temp, out -> out.write(bytes));
        ResultsFolder.moveIntoPlace(temp, file);
    }
}
