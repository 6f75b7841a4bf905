package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.HdrHistogram.Histogram;

import io.fastestjvm.charts.BarWithRange;
import io.fastestjvm.charts.ChartFiles;
import io.fastestjvm.charts.LatencyOverTimeChart;
import io.fastestjvm.charts.PercentileSpectrumChart;
import io.fastestjvm.charts.RangeBarChart;
import io.fastestjvm.charts.SpectrumLine;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.verdict.Spread;
import io.fastestjvm.timeline.IntervalRow;
import io.fastestjvm.verdict.RunsVerdict;

/** Draws the comparison charts of a {@link ReportedSets} into a charts/ folder. */
public final class ReportCharts {
    static final String FOLDER = "charts";
    private static final int SPECTRUM_POINTS_PER_DECADE = 12;

    /** A chart written to charts/ as {@code stem}.png, and what it shows. */
    static final class Chart {
        final String stem;
        final String caption;

        Chart(final String stem, final String caption) {
            this.stem = stem;
            this.caption = caption;
        }

        /** The markdown image line that shows it from report.md. */
        String image() {
            return "![" + caption + "](" + FOLDER + "/" + stem + ".png)\n\n";
        }
    }

    private final ReportedSets reported;
    private final Path charts;
    private final VerdictSection verdict;
    private final boolean byTransport;

    public ReportCharts(final ReportedSets reported, final Path reportFolder, final VerdictSection verdict) {
        this.reported = reported;
        this.charts = reportFolder.resolve(FOLDER);
        this.verdict = verdict;
        final List<JvmGroup> groups = reported.groupsWithFigures();
        // Colour by what differs: the transport in a transports set (one JVM), the JVM in a matrix.
        this.byTransport = ReportedSets.distinct(groups, g -> g.transport) > 1
                && ReportedSets.distinct(groups, g -> g.profile) == 1;
    }

    private String colourKey(final JvmGroup group) {
        return byTransport ? group.transport : group.profile;
    }

    /** Writes every chart the data allows and returns them in reading order. */
    public List<Chart> write() throws IOException {
        final List<Chart> written = new ArrayList<>();
        final List<JvmGroup> groups = reported.groupsWithFigures();
        if (groups.isEmpty()) {
            return written;
        }
        for (final Percentile percentile : new Percentile[] {Percentile.P50, Percentile.P99_99}) {
            for (final Latency latency : Latency.ALL) {
                written.add(bars(groups, percentile, latency));
            }
        }
        for (final Latency latency : Latency.ALL) {
            written.add(spectrum(groups, latency));
        }
        for (final JvmGroup group : groups) {
            // the first passed run with an intervals.csv (runs recorded before it existed have none)
            final RunFolder first = group.passedFolders().stream().filter(folder -> !folder.seconds.isEmpty())
                    .findFirst().orElse(null);
            if (first != null) {
                written.add(overTime(group, first));
            }
        }
        return written;
    }

    private Chart bars(final List<JvmGroup> groups, final Percentile percentile, final Latency latency)
            throws IOException {
        final Map<String, Integer> verdictGroup = verdict.overall.groupOf(latency, percentile);
        final boolean lettered = Arrays.asList(RunsVerdict.PERCENTILES).contains(percentile)
                && verdict.overall.subjects().size() > 1;
        boolean article = false;
        final List<BarWithRange> bars = new ArrayList<>();
        for (final JvmGroup group : groups) {
            final Spread spread = group.spread(latency, percentile);
            final Integer letter = verdictGroup.get(group.label);
            final String label = group.label + (lettered && letter != null ? " [" + (char) ('A' + letter) + "]"
                    : "");
            // The article measured Chronicle Queue's actual send: no mark on other transports.
            final double reference = latency == Latency.ACTUAL_SEND
                    && RunFolder.DEFAULT_TRANSPORT.equals(group.transport)
                    ? ReportMarkdown.articleFigure(group.profile, percentile) : Double.NaN;
            article |= !Double.isNaN(reference);
            bars.add(new BarWithRange(label, colourKey(group), spread.median(), spread.min(), spread.max(),
                    group.values(latency, percentile, run -> true), reference));
        }
        final String what = (percentile == Percentile.P50 ? "median" : percentile.label()) + " latency";
        final String stem = (percentile == Percentile.P50 ? "median" : percentile.key()) + "-" + latency.fileStem();
        ChartFiles.save(RangeBarChart.of(what + " per JVM, " + latency.title() + " (ns) - " + reported.machine(),
                what + " (ns)", bars), charts, stem);
        return new Chart(stem, what + " per JVM, " + latency.title() + ": bar = median over runs, dot = one run "
                + "(fresh JVM), whisker = min to max over runs"
                + (lettered ? "; the letter after each name is its verdict group: JVMs sharing a letter cannot be "
                + "told apart" : "")
                + (article ? "; diamond = the article's figure on THEIR machine (" + ReportMarkdown.ARTICLE_MACHINE
                + "; only the JVMs it measured: JDK 8, 11, 17 and the GraalVM CE 17 distribution, not a Graal-jar "
                + "profile)" : ""));
    }

    private Chart spectrum(final List<JvmGroup> groups, final Latency latency) throws IOException {
        final List<SpectrumLine> lines = new ArrayList<>();
        for (final JvmGroup group : groups) {
            final Histogram histogram = new Histogram(3);
            group.passedFolders().stream().map(folder -> folder.measuredHistogram(latency)).filter(Objects::nonNull)
                    .forEach(histogram::add);
            if (histogram.getTotalCount() > 0) {
                lines.add(spectrumLine(group, histogram));
            }
        }
        final String stem = "percentile-spectrum-" + latency.fileStem();
        ChartFiles.save(PercentileSpectrumChart.of(latency.title() + " latency by percentile (ns), all runs - "
                + reported.machine(), lines), charts, stem);
        return new Chart(stem, latency.title() + " latency by percentile, all measured runs of each JVM "
                + "combined (each run's histograms.hlog)");
    }

    private SpectrumLine spectrumLine(final JvmGroup group, final Histogram histogram) {
        // No point beyond the last sample: 1/(1-p) cannot exceed the sample count.
        final double last = Math.min(PercentileSpectrumChart.TO, histogram.getTotalCount());
        final int points = 1 + (int) Math.ceil(Math.log10(last / PercentileSpectrumChart.FROM)
                * SPECTRUM_POINTS_PER_DECADE);
        final double[] x = new double[points];
        final double[] y = new double[points];
        for (int i = 0; i < points; i++) {
            x[i] = Math.min(last, PercentileSpectrumChart.FROM * Math.pow(10, (double) i / SPECTRUM_POINTS_PER_DECADE));
            y[i] = histogram.getValueAtPercentile(100 * (1 - 1 / x[i]));
        }
        return new SpectrumLine(group.label, colourKey(group), reported.machineIndex(group), x, y);
    }

    private Chart overTime(final JvmGroup group, final RunFolder folder) throws IOException {
        // intervals.csv: the warm-up's seconds, then the measured window's, one row each
        final List<IntervalRow> rows = folder.seconds;
        final int n = rows.size();
        final double[] seconds = new double[n];
        final double[] p50 = new double[n];
        final double[] p99 = new double[n];
        final double[] max = new double[n];
        final boolean[] warmup = new boolean[n];
        for (int i = 0; i < n; i++) {
            final IntervalRow.LatencySecond second = rows.get(i).latency(Latency.ACTUAL_SEND);
            seconds[i] = i;
            p50[i] = second.p50;
            p99[i] = second.p99;
            max[i] = second.max;
            warmup[i] = IntervalRow.WARMUP.equals(rows.get(i).phase);
        }
        final String stem = "over-time-" + slug(group.label);
        ChartFiles.save(LatencyOverTimeChart.of("latency per second, actual send (ns): " + group.label + " - "
                + reported.machine(), colourKey(group), seconds, p50, p99, max, warmup), charts, stem);
        return new Chart(stem, "latency per 1 s interval, actual send, " + group.label + " (run folder "
                + folder.folder.getFileName() + "): p50, p99 and max; shaded = warm-up");
    }

    static String slug(final String label) {
        return label.toLowerCase().replaceAll("[^a-z0-9.]+", "-").replaceAll("^-|-$", "");
    }
}
