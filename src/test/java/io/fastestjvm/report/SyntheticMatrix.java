package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes matrix sets with chosen run figures for the verdict's tests: every run folder is the committed jdk17
 * fixture run (its .hlog files too) with the percentiles of both latencies replaced, and, when asked, a placement
 * probe round trip.
 */
final class SyntheticMatrix {
    private static final Path BASE = Fixtures.MATRIX_SET.resolve("jdk17/20261122T040643Z-jdk17-15009");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Each percentile as a multiple of the run's median. */
    private static final String[] KEYS = {"p50", "p90", "p99", "p99_9", "p99_99", "p99_999", "worst"};
    private static final double[] SCALE = {1, 2, 20, 200, 2000, 3000, 3100};

    private final Path set;
    private int folders;

    SyntheticMatrix(final Path set) throws IOException {
        this.set = Files.createDirectories(set);
        Files.copy(Fixtures.MATRIX_SET.resolve("matrix-run.json"), set.resolve("matrix-run.json"));
    }

    /** A profile whose runs have medians around {@code centre} ns (+-10 %, seeded); round trips per run or null. */
    SyntheticMatrix profile(final String profile, final double centre, final int runs, final long seed,
                            final double[] roundTrips, final boolean oneFailedRun) throws IOException {
        final Random random = new Random(seed);
        final Path folder = Files.createDirectories(set.resolve(profile));
        final ArrayNode runList = JSON.createArrayNode();
        for (int run = 1; run <= runs; run++) {
            final double median = centre * Math.exp(0.1 * random.nextGaussian());
            final String name = String.format("20261122T%06dZ-%s-%d", run, profile, ++folders);
            write(folder.resolve(name), profile, median, roundTrips == null ? Double.NaN : roundTrips[run - 1],
                    true);
            runList.addObject().put("run", run).put("status", "ok").put("exitCode", 0)
                    .put("resultsFolder", profile + "/" + name);
        }
        if (oneFailedRun) {
            // A run that wrote a failed summary, and one that wrote none (crashed): neither may count.
            final String failed = "20261122T999999Z-" + profile + "-failed";
            write(folder.resolve(failed), profile, centre * 100, Double.NaN, false);
            runList.addObject().put("run", runs + 1).put("status", "failed").put("exitCode", 1)
                    .put("resultsFolder", profile + "/" + failed)
                    .put("reason", "benchmark checks failed: sequence: 3 messages lost");
            runList.addObject().put("run", runs + 2).put("status", "failed").put("exitCode", 1)
                    .put("reason", "JVM exited with code 1 before writing a summary");
        }
        final ObjectNode profileJson = JSON.createObjectNode().put("profile", profile).put("status", "ok");
        profileJson.set("runs", runList);
        JSON.writerWithDefaultPrettyPrinter().writeValue(folder.resolve("profile.json").toFile(), profileJson);
        return this;
    }

    /**
     * Marks a recorded run failed as run-matrix.sh does when the run was not on the profile's JVM: its summary.json,
     * which says passed, stays as it is, with its median moved to {@code median} ns.
     */
    SyntheticMatrix wrongJvm(final String profile, final int run, final double median, final String reason)
            throws IOException {
        final Path profileFile = set.resolve(profile).resolve("profile.json");
        final ObjectNode profileJson = (ObjectNode) JSON.readTree(profileFile.toFile());
        for (final JsonNode entry : profileJson.path("runs")) {
            if (entry.path("run").asInt() == run) {
                ((ObjectNode) entry).put("status", "failed").put("exitCode", 0).put("reason", reason);
                final Path runFolder = set.resolve(entry.path("resultsFolder").asText());
                deleteTree(runFolder);
                write(runFolder, profile, median, Double.NaN, true);
            }
        }
        profileJson.put("status", "failed").put("reason", "run " + run + " (chronicle): " + reason);
        JSON.writerWithDefaultPrettyPrinter().writeValue(profileFile.toFile(), profileJson);
        return this;
    }

    /**
     * A run folder with a passed summary that no run of the profile's profile.json names (as a killed session
     * leaves one); returns its name.
     */
    String unrecorded(final String profile, final double median) throws IOException {
        final String name = "20261122T888888Z-" + profile + "-unrecorded";
        write(set.resolve(profile).resolve(name), profile, median, Double.NaN, true);
        return name;
    }

    Path folder() {
        return set;
    }

    private static void deleteTree(final Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            for (final Path file : files.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.delete(file);
            }
        }
    }

    private static void write(final Path runFolder, final String profile, final double median,
                              final double roundTrip, final boolean passed) throws IOException {
        Files.createDirectories(runFolder);
        for (final String file : new String[] {"actual-send.hlog", "intended-send.hlog", "actual-send.hgrm",
            "intended-send.hgrm"}) {
            Files.copy(BASE.resolve(file), runFolder.resolve(file));
        }
        final ObjectNode summary = (ObjectNode) JSON.readTree(BASE.resolve("summary.json").toFile());
        ((ObjectNode) summary.with("settings")).put("qp.profile", profile);
        summary.put("status", passed ? "passed" : "failed");
        if (!passed) {
            summary.putArray("failures").add("sequence: 3 messages lost");
        }
        for (final String latency : new String[] {"actualSend", "intendedSend"}) {
            final double base = latency.equals("actualSend") ? median : median * 2;
            final ObjectNode figures = (ObjectNode) summary.with("latency").with(latency);
            final ObjectNode run = (ObjectNode) summary.withArray("runs").get(0).with(latency);
            for (int i = 0; i < KEYS.length; i++) {
                figures.put(KEYS[i], Math.round(base * SCALE[i]));
                run.put(KEYS[i], Math.round(base * SCALE[i]));
            }
            figures.putArray("notMeaningful");
            run.putArray("notMeaningful");
        }
        // Safepoints in the window: 12 for default flags, 2 for tuned ones (what a guaranteed interval off removes).
        ((ObjectNode) summary.with("checks").with("jvmDuringMeasurement")).put("safepoints",
                profile.endsWith("-tuned") ? 2 : 12).put("safepointMicros", 1500).put("hotPathDeopts", 0);
        if (!Double.isNaN(roundTrip)) {
            summary.with("placement").with("before").put("medianRoundTripNanos", roundTrip);
        }
        JSON.writerWithDefaultPrettyPrinter().writeValue(runFolder.resolve("summary.json").toFile(), summary);
    }
}
