package io.fastestjvm.matrix;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fastestjvm.QueuePerformance;
import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;
import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.launch.ChildJvm;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.report.Report;
import io.fastestjvm.results.model.Provenance;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * {@code run-matrix.sh --design fresh}: each (profile, flag set, transport) once per round in a seeded random order,
 * each run a {@link ChildJvm} of the profile's JVM, collected in one set with its report; a set can stop at a
 * time budget and be resumed.
 */
public final class FreshMatrix {
    static final int PASSED = 0;
    static final int FAILED = 1;
    static final int REFUSED = 2;
    static final int STOPPED = 3;
    static final int INTERRUPTED = 130;
    static final String PREFIX = "run-matrix: ";
    private static final String COMMAND = "jvm-profiles/run-matrix.sh --design fresh";
    private static final String LOCK = ".matrix.lock";
    private static final int TAIL_LINES = 25;
    /** How long an interrupt waits for the running JVM to end (its own stop takes 30 s at most, then KILL). */
    private static final long INTERRUPT_WAIT_SECONDS = 90;

    private final File project;
    private final PrintStream out;
    private final PrintStream err;
    private final JvmProfiles jvmProfiles;
    /** Held while a run is started and recorded; an interrupt waits for it, so no run is recorded half. */
    private final ReentrantLock running = new ReentrantLock();
    private volatile boolean interrupted;
    private volatile boolean sessionStarted;
    /** What this invocation was given, the plan it runs and the set it runs in: all set by {@link #prepare}. */
    private MatrixArguments given;
    private MatrixPlan plan;
    private String id;
    private Path resultsRoot;
    private Path setDir;
    private Integer maxMinutes;
    private MatrixQueues queues;
    private MatrixRecord record;

    FreshMatrix(final File project, final PrintStream out, final PrintStream err) {
        this.project = project;
        this.out = out;
        this.err = err;
        this.jvmProfiles = new JvmProfiles(project, 120); // s one question to profile-env.sh may take
    }

    public static void main(final String[] args) throws Exception {
        System.exit(new FreshMatrix(new File("").getAbsoluteFile(), System.out, System.err)
                .run(Arrays.asList(args)));
    }

    int run(final List<String> args) throws IOException {
        try {
            prepare(args);
        } catch (final MatrixRefusal e) {
            err.println(PREFIX + e.getMessage());
            return REFUSED;
        }
        // one matrix at a time per set: the lock goes with this JVM however it ends
        final Path lockPath = setDir.resolve(LOCK);
        try (FileChannel lockFile = FileChannel.open(lockPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lockFile.tryLock()) {
            if (lock == null) {
                err.println(PREFIX + "--resume: another run-matrix is still working on " + setDir);
                return REFUSED;
            }
            final Thread onInterrupt = new Thread(this::interrupt, "qp-matrix-interrupt");
            Runtime.getRuntime().addShutdownHook(onInterrupt);
            try {
                return runSession();
            } finally {
                ChildHandle.removeShutdownHook(onInterrupt); // when interrupted, the hook runs and ends this JVM
                Files.deleteIfExists(lockPath);
            }
        }
    }

    /** Everything checked, and a new set's folder made: any refusal comes before anything is written. */
    private void prepare(final List<String> args) throws MatrixRefusal, IOException {
        final List<String> all = jvmProfiles.names("all");
        given = MatrixArguments.parse(args, String.join(",", all));
        final String minutes = given.value("--max-minutes");
        maxMinutes = minutes == null ? null : (int) MatrixPlan.bounded("--max-minutes", minutes, 5, 1, 10000, "");
        final String results = given.value("--results");
        resultsRoot = (results != null ? Paths.get(results) : new File(project, "results").toPath())
                .toAbsolutePath().normalize();
        final ObjectNode host = host();
        final String resume = given.value("--resume");
        if (resume != null) {
            if (!given.planOptions.isEmpty()) {
                final String option = given.planOptions.get(0);
                throw new MatrixRefusal(option + ": a resumed set keeps its recorded plan; drop " + option
                        + ", or start a new set without --resume");
            }
            if (!MatrixPlan.ID.matcher(resume).matches()) {
                throw new MatrixRefusal("--resume: '" + resume + "' is not a set id; " + MatrixPlan.ID_ACCEPTED);
            }
            id = resume;
            setDir = resultsRoot.resolve(id);
            if (!Files.isRegularFile(setDir.resolve(MatrixRecord.MATRIX_RUN))) {
                throw new MatrixRefusal("--resume: no set " + setDir + " (no " + MatrixRecord.MATRIX_RUN + " in it)");
            }
            record = MatrixRecord.read(setDir);
            plan = record.plan(id, host);
            refuseBadSettings(plan.qpSettings, plan.transports);
            return;
        }
        final int runs = (int) MatrixPlan.bounded("--runs", given.value("--runs"), 3, 1, 100, "");
        final int timeout = (int) MatrixPlan.bounded("--timeout", given.value("--timeout"), 5, 10, 86400,
                " seconds per run");
        final String stamp = MatrixRecord.now().replace("-", "").replace(":", ""); // 20260430T120000Z
        final String givenId = given.value("--id");
        id = givenId != null ? givenId : stamp + "-" + host.path("hostname").asText().split("\\.")[0] + "-matrix";
        if (!MatrixPlan.ID.matcher(id).matches()) {
            throw new MatrixRefusal("--id: '" + id + "' is not allowed; " + MatrixPlan.ID_ACCEPTED);
        }
        final String givenSeed = given.value("--seed");
        final long seed = givenSeed == null ? ThreadLocalRandom.current().nextInt(Integer.MAX_VALUE)
                : MatrixPlan.bounded("--seed", givenSeed, 10, 0, Integer.MAX_VALUE, "");
        final List<String> profiles = new ArrayList<>();
        for (final String profile : given.profiles != null ? given.profiles : jvmProfiles.names("default")) {
            final String name = jvmProfiles.resolve(profile, err);
            if (name == null) {
                throw new MatrixRefusal("--profiles: no profile '" + profile + "'; accepted: " + String.join(",", all)
                        + " or an alias in jvm-profiles/profiles.tsv");
            }
            if (!profiles.contains(name)) {
                profiles.add(name);
            }
        }
        for (final String flagSet : given.flagSets) {
            if (!flagSet.equals("default") && !flagSet.equals("tuned")) {
                throw new MatrixRefusal("--flags: no flag set '" + flagSet + "'; accepted: default, tuned");
            }
        }
        for (final String transport : given.transports) {
            if (!transport.matches("[a-z0-9-]+")) {
                throw new MatrixRefusal("--transports: '" + transport + "' is not a transport name");
            }
        }
        for (final String setting : given.qpSettings) {
            final String name = setting.split("=", 2)[0];
            if (Arrays.asList("-D" + Settings.RESULTS_DIR.name(), "-D" + Settings.PROFILE.name(),
                    "-D" + Settings.TRANSPORT.name()).contains(name)) {
                throw new MatrixRefusal(name + ": set by the matrix itself; use --results, --profiles or --transports");
            }
        }
        refuseBadSettings(given.qpSettings, given.transports);
        plan = new MatrixPlan(profiles, given.flagSets, given.transports, runs, seed, timeout,
                given.qpSettings);
        setDir = resultsRoot.resolve(id);
        if (Files.exists(setDir)) {
            throw new MatrixRefusal("--id: " + setDir + " already exists; earlier results are never overwritten");
        }
        Files.createDirectories(setDir);
        record = MatrixRecord.create(setDir, id, plan, host, COMMAND + " " + given.typed);
    }

    private int runSession() throws IOException {
        if (given.value("--resume") != null && "running".equals(record.status())) {
            // its lock was free: that session lost its matrix without ending it (a killed JVM or machine)
            record.status("killed");
            err.println(PREFIX + id + ": its last session was killed while running; marked killed, its"
                    + " unfinished run runs again");
        }
        final Set<String> recorded = new HashSet<>();
        final Map<String, ObjectNode> profiles = new LinkedHashMap<>();
        for (final String label : plan.labels.keySet()) {
            Files.createDirectories(setDir.resolve(label));
            final ObjectNode earlier = record.profile(label);
            if (earlier != null) {
                for (final JsonNode run : earlier.path("runs")) {
                    recorded.add(run.path("run").asInt() + " " + label + "/" + run.path("transport").asText());
                }
            }
            profiles.put(label, earlier);
        }
        final Provenance code = Provenance.collect();
        record.startSession(COMMAND + " " + given.typed, code.gitCommit, code.gitDirty, maxMinutes);
        sessionStarted = true;

        final Map<String, JvmProfiles.Activation> jvms = new LinkedHashMap<>();
        for (final Map.Entry<String, String[]> label : plan.labels.entrySet()) {
            final JvmProfiles.Activation jvm = jvmProfiles.activate(label.getValue()[0], label.getValue()[1]);
            jvms.put(label.getKey(), jvm);
            final ObjectNode profile = profileJson(label.getKey(), label.getValue(), jvm, profiles.get(label.getKey()));
            profiles.put(label.getKey(), profile);
            record.writeProfile(label.getKey(), profile);
        }
        if (given.dryRun) {
            for (int round = 1; round <= plan.runs; round++) {
                out.println(PREFIX + "round " + round + "/" + plan.runs + ": " + String.join(" ",
                        plan.rounds.get(round - 1)));
            }
            record.status("dry-run");
            out.println(PREFIX + "dry run (seed " + plan.seed + "), nothing ran; plan in "
                    + setDir.resolve(MatrixRecord.MATRIX_RUN));
            return PASSED;
        }
        queues = MatrixQueues.open(plan.qpSettings, out, err); // its settings were checked before the session
        out.println(given.value("--resume") != null
                ? PREFIX + "resuming " + id + ": " + recorded.size() + " of " + plan.planned()
                        + " planned runs done; the others run in the recorded order (seed " + plan.seed + ")"
                : PREFIX + plan.units.size() + " units x " + plan.runs + " fresh JVMs each, in a random order per"
                        + " round (seed " + plan.seed + "; --seed " + plan.seed + " replays it)");
        final RoundsEnd end = runRounds(jvms, profiles, recorded);
        if (end == RoundsEnd.INTERRUPTED) {
            return INTERRUPTED; // the interrupt writes the status and halts
        }
        final boolean stopped = end == RoundsEnd.OUT_OF_TIME;
        queues.close();
        boolean failed = profiles.values().stream().anyMatch(profile -> !"ok".equals(profile.path("status").asText()));
        record.status(stopped ? "partial" : failed ? "complete-with-failures" : "complete");

        out.println(PREFIX + "writing the report");
        failed |= Report.run(new String[] {setDir.toString()}, out, err) != 0;
        failed |= Report.run(new String[] {"--index", resultsRoot.toString()}, out, err) != 0;
        if (stopped) {
            String resume = COMMAND + " --resume " + id;
            if (!resultsRoot.equals(new File(project, "results").toPath().toAbsolutePath().normalize())) {
                resume += " --results " + resultsRoot;
            }
            out.println(PREFIX + "stopped after --max-minutes " + maxMinutes + ": " + recorded.size() + " of "
                    + plan.planned() + " planned runs done; continue with: " + resume);
        }
        out.println("results: " + setDir);
        return stopped ? STOPPED : failed ? FAILED : PASSED;
    }

    private enum RoundsEnd { DONE, OUT_OF_TIME, INTERRUPTED }

    /** Every (round, unit) not yet run, in order, until done, out of time or interrupted; each recorded as it ends. */
    private RoundsEnd runRounds(final Map<String, JvmProfiles.Activation> jvms, final Map<String, ObjectNode> profiles,
                                final Set<String> recorded) throws IOException {
        final long startNanos = System.nanoTime();
        for (int round = 1; round <= plan.runs; round++) {
            for (final String unit : plan.rounds.get(round - 1)) {
                final String label = unit.substring(0, unit.lastIndexOf('/'));
                final String transport = unit.substring(unit.lastIndexOf('/') + 1);
                if (recorded.contains(round + " " + unit) || "missing".equals(profiles.get(label).path("status")
                        .asText())) {
                    continue;
                }
                if (maxMinutes != null
                        && System.nanoTime() - startNanos >= TimeUnit.MINUTES.toNanos(maxMinutes)) {
                    return RoundsEnd.OUT_OF_TIME;
                }
                running.lock();
                try {
                    if (interrupted) {
                        return RoundsEnd.INTERRUPTED;
                    }
                    record.runStarted(round, unit);
                    out.printf(Locale.ROOT, "%s%-14s run %d/%d %-10s ", PREFIX, label, round, plan.runs,
                            transport);
                    out.flush();
                    final ObjectNode entry = runOnce(label, jvms.get(label), round, transport);
                    if (interrupted) {
                        return RoundsEnd.INTERRUPTED; // not recorded: a resume runs it again
                    }
                    final String reason = entry.get("reason").asText();
                    out.println(entry.get("status").asText() + (reason.isEmpty() ? "" : ": " + reason));
                    final ObjectNode profile = profiles.get(label);
                    ((ArrayNode) profile.get("runs")).add(entry);
                    if (!"ok".equals(entry.get("status").asText())) {
                        profile.put("status", "failed")
                                .put("reason", "run " + round + " (" + transport + "): " + reason);
                    }
                    record.writeProfile(label, profile);
                    recorded.add(round + " " + unit);
                } finally {
                    running.unlock();
                }
            }
        }
        return RoundsEnd.DONE;
    }

    /** One fresh JVM of {@code label}'s profile; its profile.json entry. */
    private ObjectNode runOnce(final String label, final JvmProfiles.Activation jvm, final int round,
                               final String transport) throws IOException {
        final Path labelDir = setDir.resolve(label);
        final Path log = labelDir.resolve("run-" + round + "-" + transport + ".log");
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(Settings.RESULTS_DIR.name(), labelDir.toString());
        settings.put(Settings.TRANSPORT.name(), transport);
        if (queues.root != null) {
            settings.put(Settings.QUEUE_DIR.name(), queues.root.toString());
        }
        settings.putAll(JvmFlags.qpOnly(JvmFlags.qpSettings(plan.qpSettings)));
        final BenchmarkResult result;
        try (PrintStream launcher = new PrintStream(new FileOutputStream(log.toFile(), true), true, "UTF-8")) {
            result = new ChildJvm(jvm.fact("home"), Integer.parseInt(jvm.fact("javaSpec")),
                    JvmFlags.split(jvm.fact("flags")), QueuePerformance.class.getName())
                    .run(settings, ChildOutput.toLog(log.toFile()), launcher, plan.timeoutSeconds);
        }
        queues.removeLeftovers();
        final Path folder = result.resultsFolder();
        String status;
        String reason;
        if (result.timedOut()) {
            status = "timeout";
            reason = "no result within --timeout " + plan.timeoutSeconds + " s; killed";
        } else if (folder == null) {
            status = "failed";
            reason = "exit code " + result.exitCode() + " before any result; see " + log.getFileName();
        } else {
            reason = jvm.whyNot(folder, log);
            if (reason.isEmpty() && result.exitCode() != BenchmarkResult.PASSED) {
                reason = "exit code " + result.exitCode();
            }
            status = reason.isEmpty() ? "ok" : "failed";
        }
        final ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("run", round).put("transport", transport).put("status", status)
                .put("exitCode", result.exitCode())
                .put("resultsFolder", folder == null ? "" : setDir.relativize(folder.toAbsolutePath()
                        .normalize()).toString())
                .put("reason", reason).put("log", log.getFileName().toString()).put("outputTail", tail(log));
        return entry;
    }

    /** profile.json of {@code label}: its JVM or why none; a resumed set's keeps its runs and a failed status. */
    private ObjectNode profileJson(final String label, final String[] profileAndFlags,
                                   final JvmProfiles.Activation jvm, final ObjectNode earlier) {
        final ObjectNode profile = JsonNodeFactory.instance.objectNode();
        final boolean failedBefore = earlier != null && "failed".equals(earlier.path("status").asText());
        final String javaBefore = earlier == null ? "" : earlier.path("javaVersion").asText();
        if (jvm.found() && !javaBefore.isEmpty() && !javaBefore.equals(jvm.fact("javaVersion"))) {
            err.printf(Locale.ROOT, "%s%-14s now runs Java %s, earlier sessions Java %s (each summary.json records"
                    + " its own)%n", PREFIX, label, jvm.fact("javaVersion"), javaBefore);
        }
        if (!jvm.found()) {
            err.printf(Locale.ROOT, "%s%-14s missing: %s%n", PREFIX, label, jvm.reason);
        }
        profile.put("profile", label).put("baseProfile", profileAndFlags[0]).put("flagSet", profileAndFlags[1])
                .put("flagSetFlags", jvm.fact("flagSetFlags"))
                .put(EnvironmentInfo.COMPILER, jvm.fact(EnvironmentInfo.COMPILER))
                .put("describedAs", jvm.fact("describedAs"))
                .put("status", !jvm.found() ? "missing" : failedBefore ? "failed" : "ok")
                .put("reason", !jvm.found() ? jvm.reason : failedBefore ? earlier.path("reason").asText() : "")
                .put("expectedJavaSpec", jvm.fact("javaSpec"))
                .put("expectsGraal", Boolean.parseBoolean(jvm.fact("expectsGraal")))
                .put("javaHome", jvm.fact("home")).put("javaVersion", jvm.fact("javaVersion"))
                .put("jvmFoundBy", jvm.fact("origin")).put("jvmDistribution", jvm.fact("distribution"))
                .put("jvmFlags", jvm.fact("flags"));
        if (earlier != null && earlier.has("runs")) {
            profile.set("runs", earlier.get("runs"));
        } else {
            profile.putArray("runs");
        }
        return profile;
    }

    /** On a signal: waits for the running JVM (ChildHandle's hook stops it), removes the queues, marks the set. */
    private void interrupt() {
        if (!sessionStarted) {
            return; // before this session is recorded: nothing to stop or mark
        }
        interrupted = true;
        err.println();
        err.println(PREFIX + "interrupted; stopping the running JVM and removing its queue data");
        try {
            if (running.tryLock(INTERRUPT_WAIT_SECONDS, TimeUnit.SECONDS)) {
                if (queues != null) {
                    queues.close();
                }
                record.status("interrupted");
            }
        } catch (final InterruptedException | IOException e) {
            err.println(PREFIX + "could not finish the interrupt: " + e);
        }
        err.flush();
        out.flush();
        Runtime.getRuntime().halt(INTERRUPTED);
    }

    /** Each run's settings as the benchmark checks them, so a bad one is one line before anything is written. */
    private static void refuseBadSettings(final List<String> qpSettings, final List<String> transports)
            throws MatrixRefusal {
        final Properties settings = JvmFlags.qpSettings(qpSettings);
        for (final String transport : transports) {
            settings.setProperty(Settings.TRANSPORT.name(), transport);
            try {
                BenchmarkOptions.fromProperties(settings);
            } catch (final InvalidSettingException e) {
                throw new MatrixRefusal(e.getMessage());
            }
        }
    }

    private static String tail(final Path log) throws IOException {
        if (!Files.isRegularFile(log)) {
            return "";
        }
        final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
    }

    private static ObjectNode host() {
        final String hostname = EnvironmentInfo.readFirstLine("/proc/sys/kernel/hostname");
        final String isolated = EnvironmentInfo.readFirstLine("/sys/devices/system/cpu/isolated");
        return MatrixRecord.host(hostname == null || hostname.isEmpty() ? "host" : hostname,
                System.getProperty("os.version"), EnvironmentInfo.cpuModel(),
                Runtime.getRuntime().availableProcessors(), isolated == null ? "" : isolated);
    }

    /** What {@code run-matrix.sh --design fresh} was given, as typed; only the syntax is checked here. */
    static final class MatrixArguments {
        static final String ACCEPTED = "accepted: --profiles, --flags, --runs, --seed, --transports, --timeout, --id,"
                + " --results, --resume, --max-minutes, --no-build, --dry-run, -Dqp.NAME=VALUE";

        private static final List<String> VALUED = Arrays.asList("--runs", "--seed", "--timeout", "--id", "--results",
                "--resume", "--max-minutes");

        /** Null: the profiles.tsv rows with matrix = always. */
        List<String> profiles;
        List<String> flagSets = Arrays.asList("default");
        List<String> transports = Arrays.asList("chronicle");
        /** The {@link #VALUED} options given; unset --seed is a random one, --id a stamp, --results the project's. */
        private final Map<String, String> values = new HashMap<>();
        boolean dryRun;
        final List<String> qpSettings = new ArrayList<>();
        /** The options given that choose the plan, in order (a resumed set keeps its recorded plan, refuses them). */
        final List<String> planOptions = new ArrayList<>();
        /** The arguments as typed, for the record of each session. */
        final String typed;

        private MatrixArguments(final List<String> args) {
            this.typed = String.join(" ", args);
            values.put("--runs", "10");
            values.put("--timeout", "900");
        }

        /** The value of one of the {@link #VALUED} options, or null. */
        String value(final String option) {
            return values.get(option);
        }

        /** An unknown argument, or one without its value, is refused naming {@code allProfiles} for --profiles. */
        static MatrixArguments parse(final List<String> args, final String allProfiles) throws MatrixRefusal {
            final MatrixArguments given = new MatrixArguments(args);
            for (int i = 0; i < args.size(); i++) {
                final String arg = args.get(i);
                if (Arrays.asList("--profiles", "--flags", "--transports", "--runs", "--seed", "--timeout", "--id",
                        "--dry-run").contains(arg) || arg.startsWith("-Dqp.")) {
                    given.planOptions.add(arg.split("=", 2)[0]);
                }
                if ("--dry-run".equals(arg)) {
                    given.dryRun = true;
                } else if (arg.startsWith("-Dqp.") && arg.contains("=")) {
                    given.qpSettings.add(arg);
                } else if (!"--no-build".equals(arg)) { // --no-build is the shell's (it builds before handing over)
                    given.set(arg, i + 1 < args.size() ? args.get(i + 1) : null, allProfiles);
                    i++;
                }
            }
            return given;
        }

        private void set(final String option, final String value, final String allProfiles) throws MatrixRefusal {
            if ("--profiles".equals(option)) {
                profiles = list(value, option, "a comma-separated list; accepted: " + allProfiles);
            } else if ("--flags".equals(option)) {
                flagSets = list(value, option, "a comma-separated list; accepted: default, tuned");
            } else if ("--transports".equals(option)) {
                transports = list(value, option, "a comma-separated list, e.g. chronicle,floor");
            } else if (VALUED.contains(option)) {
                values.put(option, given(value, "--resume".equals(option) ? "--resume needs the id of a set to continue"
                        : option + " needs a value"));
            } else {
                throw new MatrixRefusal("unknown argument '" + option + "'; " + ACCEPTED);
            }
        }

        private static String given(final String value, final String refusal) throws MatrixRefusal {
            if (value == null) {
                throw new MatrixRefusal(refusal);
            }
            return value;
        }

        private static List<String> list(final String value, final String option, final String needs)
                throws MatrixRefusal {
            return Arrays.asList(given(value, option + " needs " + needs).split(",", -1));
        }
    }

    /**
     * The fresh matrix's private queue folder: a queue left in it after its JVM ended is a killed JVM's and can be
     * removed without touching anyone else's; a kept one ({@code qp.keepQueue}) never is.
     */
    static final class MatrixQueues {
        private final boolean keep;
        private final PrintStream err;
        /** The folder a run's queue goes in, or null for the settings' own. */
        private Path root;

        private MatrixQueues(final Path root, final boolean keep, final PrintStream err) {
            this.root = root;
            this.keep = keep;
            this.err = err;
        }

        /** A new private folder, said on {@code out}; none when the settings name a queue folder of their own. */
        static MatrixQueues open(final List<String> qpSettings, final PrintStream out, final PrintStream err)
                throws IOException {
            final boolean keep = keepsQueue(qpSettings);
            if (qpSettings.stream().anyMatch(setting -> setting.startsWith("-D" + Settings.QUEUE_DIR.name() + "="))) {
                return new MatrixQueues(null, keep, err);
            }
            final File shm = new File("/dev/shm");
            final File parent = shm.isDirectory() && shm.canWrite() ? shm
                    : new File(System.getenv().getOrDefault("TMPDIR", "/tmp"));
            final Path root = Files.createTempDirectory(parent.toPath(), "qp-matrix-");
            out.println(PREFIX + "queues in " + root + " (private to this matrix)");
            return new MatrixQueues(root, keep, err);
        }

        /** Once a run's JVM has ended: a queue it left is a killed JVM's (its shutdown hook deletes it otherwise). */
        synchronized void removeLeftovers() throws IOException {
            if (root == null || keep) {
                return;
            }
            try (DirectoryStream<Path> left = Files.newDirectoryStream(root, "qp-*")) {
                for (final Path queue : left) {
                    err.println(PREFIX + "removed the queue a killed JVM left: " + queue);
                    ChronicleQueueTransport.deleteTree(queue);
                }
            }
        }

        /** At the end (or an interrupt): the leftovers, then the folder itself unless it holds kept queues. */
        synchronized void close() throws IOException {
            if (root == null) {
                return;
            }
            removeLeftovers();
            try {
                Files.delete(root);
            } catch (final IOException e) {
                err.println(PREFIX + "kept the queues in " + root
                        + " (qp.keepQueue=true); remove them when done");
            }
            root = null;
        }

        /** Whether runs keep their queues, by the benchmark's own parsing, so the matrix never deletes a kept one. */
        static boolean keepsQueue(final List<String> qpSettings) {
            final String given = JvmFlags.qpSettings(qpSettings).getProperty(Settings.KEEP_QUEUE.name());
            final BenchmarkOptions defaults = BenchmarkOptions.defaults();
            return (given == null ? defaults : defaults.withSetting(Settings.KEEP_QUEUE, given)).keepQueue();
        }
    }
}
