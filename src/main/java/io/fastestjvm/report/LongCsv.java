package io.fastestjvm.report;

import java.io.IOException;
import java.util.Locale;

import io.fastestjvm.config.FlagSets;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;

/** matrix-long.csv: matrix.csv's figures in long ("tidy") form, so pandas and R load it as it is; passed runs only. */
final class LongCsv {
    static final String FILE = "matrix-long.csv";
    static final String HEADER = "profile,jvm,flags,transport,host,runFolder,run,latency,percentile,valueNs,"
            + "placementRoundTripNs";

    void write(final ResultsSet set) throws IOException {
        final StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (final JvmGroup group : set.groups()) {
            for (final RunFolder folder : group.passedFolders()) {
                final String runFolder = set.folder().relativize(folder.folder()).toString();
                final double trip = PlacementLevels.roundTrip(folder.results());
                for (final MeasuredRun run : folder.measuredRuns()) {
                    for (final Latency latency : Latency.ALL) {
                        for (final Percentile percentile : Percentile.values()) {
                            final double value = run.value(latency, percentile);
                            if (Double.isNaN(value)) {
                                continue;
                            }
                            csv.append(cell(group.profile())).append(',')
                                    .append(cell(FlagSets.jvm(group.profile()))).append(',')
                                    .append(FlagSets.tuned(group.profile()) ? "tuned" : "default").append(',')
                                    .append(cell(group.transport())).append(',').append(cell(group.host()))
                                    .append(',').append(cell(runFolder)).append(',').append(run.run()).append(',')
                                    .append(latency.fileStem()).append(',').append(percentile.key()).append(',')
                                    .append(number(value, 1)).append(',').append(number(trip, 1)).append('\n');
                        }
                    }
                }
            }
        }
        ReportFiles.write(set.folder().resolve(FILE), csv.toString());
    }

    /** A whole value plain, else with {@code decimals}; NaN as an empty cell. */
    static String number(final double value, final int decimals) {
        if (Double.isNaN(value)) {
            return "";
        }
        return value == Math.rint(value) ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    static String cell(final String text) {
        return text.contains(",") || text.contains("\"") ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }
}
