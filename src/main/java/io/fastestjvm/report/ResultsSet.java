package io.fastestjvm.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

import io.fastestjvm.charts.ProfilePalette;
import io.fastestjvm.config.FlagSets;

/**
 * One results folder given to the Report tool, read into {@link JvmGroup}s. A matrix set
 * ({@code <profile>/profile.json}) groups by its profile folders and records what profile.json says failed; a plain
 * folder groups its run folders by qp.profile. Both then split by transport and host. Immutable.
 */
public final class ResultsSet {
    static final String PROFILE_JSON = "profile.json";
    static final String MATRIX_RUN_JSON = "matrix-run.json";
    private static final int MAX_DEPTH = 4;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How profile.json words a run whose only fault is its benchmark checks (matrix.JvmProfiles writes it). */
    public static final String CHECKS_FAILED = "benchmark checks failed";
    private static final List<String> INCOMPLETE = Arrays.asList("partial", "interrupted", "running");

    final Path folder;
    private final JsonNode matrixRun;
    final List<JvmGroup> groups;
    /** The runs its profile.json files record, passed or failed: what {@code run-matrix.sh --resume} counts done. */
    final int recordedRuns;
    /** Run folders of a matrix set that no recorded run names (e.g. left by a killed session), so no unit. */
    final List<Failure> ignored;

    private ResultsSet(final Path folder, final JsonNode matrixRun, final List<JvmGroup> groups,
                       final int recordedRuns, final List<Failure> ignored) {
        this.folder = folder;
        this.matrixRun = matrixRun;
        this.groups = Collections.unmodifiableList(groups);
        this.recordedRuns = recordedRuns;
        this.ignored = Collections.unmodifiableList(ignored);
    }

    public static ResultsSet read(final Path folder) throws InvalidInputException {
        if (!Files.isDirectory(folder)) {
            throw new InvalidInputException(folder + ": not a folder");
        }
        try {
            final List<Path> entries;
            try (Stream<Path> listed = Files.list(folder)) {
                entries = listed.collect(Collectors.toList());
            }
            if (entries.isEmpty()) {
                throw new InvalidInputException(folder + ": empty folder, nothing to report");
            }
            final List<Path> profileFiles = entries.stream().map(p -> p.resolve(PROFILE_JSON))
                    .filter(Files::isRegularFile).sorted().collect(Collectors.toList());
            final List<Path> summaries = summaries(folder);
            if (profileFiles.isEmpty() && summaries.isEmpty()) {
                throw new InvalidInputException(folder + ": not a results folder (no summary.json or "
                        + "<profile>/profile.json in it)");
            }
            final Path matrixRunFile = folder.resolve(MATRIX_RUN_JSON);
            final JsonNode matrixRun = Files.isRegularFile(matrixRunFile) ? JSON.readTree(matrixRunFile.toFile())
                    : MissingNode.getInstance();
            final String name = folder.toAbsolutePath().normalize().getFileName().toString();
            final Map<String, JvmGroup> groups = new LinkedHashMap<>();
            final List<Failure> ignored = new ArrayList<>();
            int recordedRuns = 0;
            if (profileFiles.isEmpty()) {
                addRuns(name, summaries, null, groups);
            } else {
                for (final Path profileFile : profileFiles) {
                    recordedRuns += addProfile(name, folder, profileFile, matrixRun, groups, ignored);
                }
            }
            final List<JvmGroup> ordered = new ArrayList<>(groups.values());
            ordered.sort(Comparator.comparing((JvmGroup g) -> ProfilePalette.order(g.profile))
                    .thenComparing(g -> g.profile).thenComparing(g -> g.transport)
                    .thenComparing(g -> g.host));
            return new ResultsSet(folder, matrixRun, ordered, recordedRuns, ignored);
        } catch (final IOException e) {
            throw new InvalidInputException(folder + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Adds one profile.json's runs and failures; returns the runs it records. Folders no run names are ignored. A run
     * the matrix failed is never a unit whatever its summary says, unless it failed for its checks alone.
     */
    private static int addProfile(final String setName, final Path set, final Path profileFile,
                                  final JsonNode matrixRun, final Map<String, JvmGroup> groups,
                                  final List<Failure> ignored) throws IOException {
        final Path profileFolder = profileFile.getParent();
        final JsonNode profileJson = JSON.readTree(profileFile.toFile());
        final String profile = withFlagSet(profileJson.path("profile").asText(profileFolder.getFileName().toString()),
                profileFolder.getFileName().toString(), profileJson.path("flagSet").asText(""));
        final Map<Path, JsonNode> recorded = new LinkedHashMap<>();
        for (final JsonNode run : profileJson.path("runs")) {
            final String resultsFolder = text(run, "resultsFolder");
            if (!resultsFolder.isEmpty()) {
                recorded.put(Paths.get(resultsFolder).getFileName(), run);
            }
        }
        final List<Path> units = new ArrayList<>();
        final Set<JsonNode> withSummary = Collections.newSetFromMap(new IdentityHashMap<>());
        final Map<RunFolder, Failure> notUnits = new LinkedHashMap<>();
        final List<Failure> unreadable = new ArrayList<>();
        for (final Path summaryFile : summaries(profileFolder)) {
            final JsonNode run = recorded.get(summaryFile.getParent().getFileName());
            if (run == null) {
                ignored.add(new Failure(relative(set, summaryFile.getParent()), "no run in "
                        + relative(set, profileFile) + " names this folder (a run the matrix did not record, e.g. "
                        + "one a killed session left): not a unit", ""));
                continue;
            }
            withSummary.add(run);
            if (ok(run)) {
                units.add(summaryFile);
                continue;
            }
            final RunFolder folder = readOrNull(summaryFile);
            if (folder != null && !folder.passed() && failedForChecksOnly(run)) {
                units.add(summaryFile);
                continue;
            }
            final Failure failure = runFailure(profile, run, ", " + summaryFile.getParent().getFileName());
            if (folder == null) {
                unreadable.add(failure);
            } else {
                notUnits.put(folder, failure);
            }
        }
        final Set<JvmGroup> added = addRuns(setName, units, profile, groups);
        for (final Map.Entry<RunFolder, Failure> notUnit : notUnits.entrySet()) {
            final JvmGroup group = group(groups, setName, profile, notUnit.getKey().transport(),
                    notUnit.getKey().hostname());
            group.addFailedRun(notUnit.getValue());
            added.add(group);
        }
        final JvmGroup target = added.isEmpty()
                ? group(groups, setName, profile, RunFolder.DEFAULT_TRANSPORT, matrixHost(matrixRun))
                : added.iterator().next();
        unreadable.forEach(target::addFailedRun);
        final List<Failure> failedRuns = new ArrayList<>();
        for (final JsonNode run : profileJson.path("runs")) {
            if (!ok(run) && !withSummary.contains(run)) {
                failedRuns.add(runFailure(profile, run, ""));
            }
        }
        final boolean failedRunWithSummary = withSummary.stream().anyMatch(run -> !ok(run));
        // A profile's own failure says something no run says (a JVM that never started), unless it only repeats
        // runs already listed from their summaries. A JVM-level failure: no run to count.
        final String status = profileJson.path("status").asText("ok");
        if (!"ok".equals(status) && !(failedRunWithSummary && failedRuns.isEmpty())) {
            target.failures.add(new Failure(profile + " (" + status + ")", text(profileJson, "reason"), ""));
        }
        failedRuns.forEach(target::addFailedRun);
        return profileJson.path("runs").size();
    }

    private static boolean ok(final JsonNode run) {
        return "ok".equals(run.path("status").asText("ok"));
    }

    /** Failed for its benchmark checks alone: its summary then says why, and it is listed from there. */
    private static boolean failedForChecksOnly(final JsonNode run) {
        return "failed".equals(run.path("status").asText()) && text(run, "reason").startsWith(CHECKS_FAILED);
    }

    /** A failed run as profile.json records it; {@code where} adds its run folder when it has one. */
    private static Failure runFailure(final String profile, final JsonNode run, final String where) {
        return new Failure(profile + " run " + run.path("run").asText("?") + " (" + run.path("status").asText("ok")
                + ", exit code " + run.path("exitCode").asText("?") + where + ")", text(run, "reason"),
                text(run, "outputTail"));
    }

    private static RunFolder readOrNull(final Path summaryFile) {
        try {
            return new RunFolder(summaryFile);
        } catch (final IOException e) {
            return null;
        }
    }

    private static String relative(final Path set, final Path path) {
        return set.relativize(path).toString().replace('\\', '/');
    }

    /** Adds every run folder to its group; returns the groups touched, in order. */
    private static Set<JvmGroup> addRuns(final String setName, final List<Path> summaries, final String profile,
                                  final Map<String, JvmGroup> groups) {
        final Set<JvmGroup> touched = new LinkedHashSet<>();
        for (final Path summaryFile : summaries) {
            final RunFolder run;
            try {
                run = new RunFolder(summaryFile);
            } catch (final IOException e) {
                final JvmGroup group = group(groups, setName, profile == null ? "unknown" : profile,
                        RunFolder.DEFAULT_TRANSPORT, "unknown host");
                group.addFailedRun(new Failure(summaryFile.toString(), "unreadable summary.json: "
                        + e.getMessage(), ""));
                continue;
            }
            final JvmGroup group = group(groups, setName, profile == null ? run.profile() : profile,
                    run.transport(), run.hostname());
            group.add(run);
            touched.add(group);
        }
        return touched;
    }

    /** With its flag set: a bare profile with {@code "flagSet": "tuned"} must not merge with the default runs. */
    private static String withFlagSet(final String profile, final String folderName, final String flags) {
        final boolean tuned = "tuned".equals(flags) || FlagSets.tuned(folderName);
        return tuned && !FlagSets.tuned(profile) ? profile + FlagSets.TUNED_SUFFIX : profile;
    }

    private static JvmGroup group(final Map<String, JvmGroup> groups, final String setName, final String profile,
                                  final String transport, final String host) {
        return groups.computeIfAbsent(profile + '\u0000' + transport + '\u0000' + host,
                k -> new JvmGroup(setName, profile, transport, host));
    }

    private static String matrixHost(final JsonNode matrixRun) {
        final String host = matrixRun.path("host").path("hostname").asText("");
        return host.isEmpty() ? matrixRun.path("hostname").asText("unknown host") : host;
    }

    private static String text(final JsonNode node, final String field) {
        final JsonNode value = node.path(field);
        return value.isNull() || value.isMissingNode() ? "" : value.asText();
    }

    private static List<Path> summaries(final Path folder) throws IOException {
        try (Stream<Path> files = Files.find(folder, MAX_DEPTH, (p, attributes) -> attributes.isRegularFile()
                && p.getFileName().toString().equals(RunFolder.SUMMARY))) {
            return files.sorted().collect(Collectors.toList());
        }
    }

    public List<RunFolder> folders() {
        return groups.stream().flatMap(group -> group.folders.stream()).collect(Collectors.toList());
    }

    public String name() {
        return folder.getFileName().toString();
    }

    /** A matrix set whose plan is not done (stopped, killed or running); sets without a status are complete. */
    public boolean isIncomplete() {
        return INCOMPLETE.contains(status());
    }

    /** matrix-run.json's status, or "" where it records none. */
    public String status() {
        return matrixRun.path("status").asText("");
    }

    /** The runs (fresh JVMs) matrix-run.json plans: every unit of every round of its order; 0 without an order. */
    public int plannedRuns() {
        return StreamSupport.stream(matrixRun.path("order").spliterator(), false).mapToInt(JsonNode::size).sum();
    }
}
