package io.fastestjvm.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

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
                final Path index = new ResultsIndex().write(Paths.get(args[1]));
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

    /** Writes a report file whole or not at all (temp file, sync, rename), so a reader never sees half a report. */
    static void write(final Path file, final String text) throws IOException {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Files.createDirectories(file.toAbsolutePath().getParent());
        final Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        ResultsFolder.write(temp, out -> out.write(bytes));
        ResultsFolder.moveIntoPlace(temp, file);
    }
}
