package io.fastestjvm.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/** One benchmark run folder: its summary.json and the paths of its interval logs. Immutable. */
public final class RunFolder {
    static final String SUMMARY = "summary.json";
    static final String DEFAULT_TRANSPORT = "chronicle";

    private final Path folder;
    private final JsonNode summary;

    RunFolder(final Path folder, final JsonNode summary) {
        this.folder = folder;
        this.summary = summary;
    }

    public Path folder() {
        return folder;
    }

    public JsonNode summary() {
        return summary;
    }

    public JsonNode environment() {
        return summary.path("environment");
    }

    public boolean passed() {
        return "passed".equals(summary.path("status").asText());
    }

    /** The checks that failed, as summary.json words them. */
    public List<String> failures() {
        final List<String> failures = new ArrayList<>();
        for (final JsonNode failure : summary.path("failures")) {
            failures.add(failure.asText());
        }
        return failures;
    }

    /** qp.profile, or "jdk" + specification version + vendor when the run was not given a profile. */
    public String profile() {
        final String profile = summary.path("settings").path("qp.profile").asText("");
        if (!profile.isEmpty()) {
            return profile;
        }
        final String vendor = environment().path("java.vendor").asText("unknown")
                .toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return "jdk" + environment().path("java.specification.version").asText("?") + "-" + vendor;
    }

    /** qp.transport, else transport.name, else the default Chronicle Queue transport. */
    public String transport() {
        final String setting = summary.path("settings").path("qp.transport").asText("");
        if (!setting.isEmpty()) {
            return setting;
        }
        final String name = summary.path("transport").path("name").asText("");
        return name.isEmpty() ? DEFAULT_TRANSPORT : name;
    }

    public String hostname() {
        return environment().path("hostname").asText("unknown host");
    }

    public Path intervalLog(final Latency latency) {
        return folder.resolve(latency.fileStem() + ".hlog");
    }

    /**
     * The measured runs of this folder: each entry of {@code runs[]}, or the overall {@code latency} block as run 1
     * when an older summary has no per-run figures.
     */
    public List<MeasuredRun> measuredRuns() {
        final List<MeasuredRun> runs = new ArrayList<>();
        final JsonNode perRun = summary.path("runs");
        if (perRun.isArray() && perRun.size() > 0) {
            for (final JsonNode run : perRun) {
                runs.add(new MeasuredRun(this, run.path("run").asInt(runs.size() + 1), run));
            }
        } else if (summary.has("latency")) {
            runs.add(new MeasuredRun(this, 1, summary.path("latency")));
        }
        return Collections.unmodifiableList(runs);
    }

    @Override
    public String toString() {
        return folder.toString();
    }
}
