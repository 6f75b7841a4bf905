package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes everything of one Report invocation: per set matrix.json/.csv, pairs.csv, report.md and charts/. */
final class ReportWriter {
    private final ReportedSets reported;
    private final SetVerdict verdict;

    ReportWriter(final ReportedSets reported, final SetVerdict verdict) {
        this.reported = reported;
        this.verdict = verdict;
    }

    /** Returns the report.md files written. */
    List<Path> write() throws IOException {
        final List<Path> written = new ArrayList<>();
        for (final ResultsSet set : reported.sets()) {
            new MatrixFiles().write(set);
            new LongCsv().write(set);
            new PairsCsv().write(set, verdict.overall());
        }
        for (final ResultsSet set : reported.sets()) {
            final Path folder = set.folder();
            final List<ChartRef> charts = new ReportCharts(reported, folder, verdict).write();
            final List<String> extra = new ArrayList<>();
            extra.add(new TransportSection().render(reported, folder));
            extra.add(new SweepSection().render(folder, reported.machine()));
            extra.add(new JmhSection().render(reported, folder));
            extra.removeIf(String::isEmpty);
            final Path report = folder.resolve(ReportMarkdown.FILE);
            ReportFiles.write(report, new ReportMarkdown(reported, folder, verdict).render(charts, extra));
            written.add(report);
        }
        return written;
    }
}
