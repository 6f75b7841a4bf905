package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;

import io.fastestjvm.config.Settings;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.MeasuredHistograms;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.timeline.IntervalRow;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.WindowAllocation;

/**
 * One benchmark run folder as a published set keeps it: its summary.json, read through {@link RunResults}, its
 * per-second table (intervals.csv) and its measured histograms (histograms.hlog). Not changed once read; reading
 * numbers the measured runs of an older summary that did not.
 */
public final class RunFolder {
    static final String SUMMARY = RunResults.FILE_NAME;
    static final String DEFAULT_TRANSPORT = "chronicle";

    final Path folder;
    final RunResults results;
    /** Every second of the run, warm-up then measured, from intervals.csv; empty for a run without one. */
    final List<IntervalRow> seconds;
    private final Map<String, Histogram> measured;
    /** Each measured run's figures ({@code runs[i]} of summary.json), numbered from 1 where the summary does not. */
    final List<RunResults.RunFigures> measuredRuns;
    /** GCs in the window or the second before ({@link WindowAllocation#gcsReachingWindow}); older runs: window only. */
    final long gcsReachingWindow;

    RunFolder(final Path summaryFile) throws IOException {
        this.folder = summaryFile.getParent();
        this.results = RunResults.read(summaryFile);
        this.seconds = Collections.unmodifiableList(IntervalTable.readCsv(folder.resolve(IntervalTable.FILE_NAME)));
        this.measured = Collections.unmodifiableMap(MeasuredHistograms.read(folder));
        this.measuredRuns = results.measuredRuns();
        for (int i = 0; i < measuredRuns.size(); i++) {
            measuredRuns.get(i).run = measuredRuns.get(i).run == 0 ? i + 1 : measuredRuns.get(i).run;
        }
        this.gcsReachingWindow = WindowAllocation.gcsReachingWindow(seconds,
                results.checks().jvmDuringMeasurement().gcCount);
    }

    public JsonNode environment() {
        return results.environment();
    }

    public boolean passed() {
        return results.passed();
    }

    /** qp.profile, or "jdk" + specification version + vendor when the run was not given a profile. */
    public String profile() {
        final String profile = results.setting(Settings.PROFILE.name());
        if (!profile.isEmpty()) {
            return profile;
        }
        final String vendor = environment().path(EnvironmentInfo.JAVA_VENDOR).asText("unknown")
                .toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return "jdk" + environment().path(EnvironmentInfo.JAVA_SPECIFICATION_VERSION).asText("?") + "-" + vendor;
    }

    /** qp.transport, else transport.name, else the default Chronicle Queue transport. */
    public String transport() {
        final String setting = results.setting(Settings.TRANSPORT.name());
        if (!setting.isEmpty()) {
            return setting;
        }
        final String name = results.transport == null || results.transport.name == null ? ""
                : results.transport.name;
        return name.isEmpty() ? DEFAULT_TRANSPORT : name;
    }

    public String hostname() {
        return environment().path(EnvironmentInfo.HOSTNAME).asText("unknown host");
    }

    /** The whole measured window of {@code latency}; null when the folder has no histograms.hlog (older runs). */
    public Histogram measuredHistogram(final Latency latency) {
        return measured.get(latency.fileStem());
    }

    /** A measured run's value in ns, or NaN when the summary does not hold it. */
    static double value(final RunResults.RunFigures run, final Latency latency, final Percentile percentile) {
        final Ladder ladder = run.get(latency);
        return ladder == null ? Double.NaN : ladder.value(percentile);
    }

    /** The distinct non-empty values of {@code fact} over the folders, joined with " / ", or "" if none. */
    static String distinct(final Collection<RunFolder> folders, final Function<RunFolder, ?> fact) {
        return folders.stream().map(folder -> text(fact.apply(folder))).filter(text -> !text.isEmpty()).distinct()
                .collect(Collectors.joining(" / "));
    }

    static String environment(final Collection<RunFolder> folders, final String key) {
        return distinct(folders, f -> f.environment().path(key));
    }

    /** A JSON value (arrays joined with spaces) or a plain one as text; "" for null or missing. */
    private static String text(final Object fact) {
        if (fact instanceof JsonNode) {
            final JsonNode value = (JsonNode) fact;
            if (value.isNull() || value.isMissingNode()) {
                return "";
            }
            return value.isArray() ? StreamSupport.stream(value.spliterator(), false).map(JsonNode::asText).distinct()
                    .collect(Collectors.joining(" ")) : value.asText("");
        }
        return fact == null ? "" : fact.toString();
    }

    /** A CPU or CPU list as a run recorded it; "?" when it recorded none. */
    static String cpu(final Object cpu) {
        return cpu == null ? "?" : cpu.toString();
    }

    /** A fact of the environment's {@code jit} object. */
    static String jit(final Collection<RunFolder> folders, final String key) {
        return distinct(folders, f -> f.environment().path(EnvironmentInfo.JIT).path(key));
    }

    @Override
    public String toString() {
        return folder.toString();
    }
}
