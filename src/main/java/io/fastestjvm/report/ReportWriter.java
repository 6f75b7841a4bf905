package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;


/** Writes everything of one Report invocation: per set matrix.json/.csv, pairs.csv, report.md and charts/. */
final class ReportWriter {
    private final Comparison comparison;
    private final SetVerdict verdict;

    ReportWriter(final Comparison comparison, final SetVerdict verdict) {
        this.comparison = comparison;
        this.verdict = verdict;
    }

    /** Returns the report.md files written. */
    List<Path> write() throws IOException {
        final List<Path> written = new ArrayList<>();
        for (final ResultsSet set : comparison.sets()) {
            new MatrixFiles().write(set);
            new LongCsv().write(set);
            new PairsCsv().write(set, verdict.overall());
        }
        for (final ResultsSet set : comparison.sets()) {
            final Path folder = set.folder();
            final List<ChartRef> charts = new ReportCharts(comparison, folder, verdict).write();
            final List<String> extra = new ArrayList<>();
            extra.add(new TransportSection().render(comparison, folder));
            extra.add(new SweepSection().render(folder, comparison.machine()));
            extra.add(new JmhSection().render(comparison, folder));
            extra.removeIf(String::isEmpty);
            final Path report = folder.resolve(ReportMarkdown.FILE);
            ReportFiles.write(report, new ReportMarkdown(comparison, folder, verdict).render(charts, extra));
            written.add(report);
        }
        return written;
    }
}
