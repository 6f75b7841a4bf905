package io.fastestjvm.report;

import java.io.IOException;
import java.util.Locale;

import io.fastestjvm.verdict.RunsPair;
import io.fastestjvm.verdict.RunsVerdict;

/**
 * pairs.csv: every comparison of the verdict with both intervals, the bootstrap of the median ratio and the Welch
 * interval of the test, so a reader can quote the interval that matches the test.
 */
final class PairsCsv {
    static final String FILE = "pairs.csv";
    static final String HEADER = "a,b,latency,percentile,runsA,runsB,medianRatio,bootstrapLow,bootstrapHigh,"
            + "geometricMeanRatio,welchLow,welchHigh,welchP,separable";

    void write(final ResultsSet set, final RunsVerdict verdict) throws IOException {
        final StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (final RunsPair pair : verdict.pairs()) {
            final double[] welch = pair.welch();
            csv.append(MatrixFiles.cell(pair.a)).append(',').append(MatrixFiles.cell(pair.b)).append(',')
                    .append(pair.latency.fileStem()).append(',').append(pair.percentile.key()).append(',')
                    .append(pair.runsA).append(',').append(pair.runsB).append(',')
                    .append(number(pair.ratio)).append(',').append(number(pair.low)).append(',')
                    .append(number(pair.high)).append(',').append(number(welch[0])).append(',')
                    .append(number(welch[1])).append(',').append(number(welch[2])).append(',')
                    .append(Double.isNaN(pair.pValue) ? "" : String.format(Locale.ROOT, "%.4g", pair.pValue))
                    .append(',').append(pair.separable).append('\n');
        }
        ReportFiles.write(set.folder().resolve(FILE), csv.toString());
    }

    private static String number(final double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.4f", value);
    }
}
