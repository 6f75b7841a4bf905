package io.fastestjvm.sweep;

import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.fastestjvm.QueuePerformance;
import io.fastestjvm.benchmark.BenchmarkResult;
import io.fastestjvm.benchmark.BenchmarkRun;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.HelpFlag;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Setting;
import io.fastestjvm.config.Settings;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.ResultsFolder;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;

/**
 * {@code mvn exec:java@Sweep -Dsweep.kind=rate|size}: one ordinary run per rate (or message size), each in a fresh
 * JVM unless qp.fork=false, then {@code sweep-<kind>.json} and {@code .csv}. A rate sweep stops after the first rate
 * not sustained; a failed point fails the sweep once every file is written. Other qp.* settings apply to every point.
 * The files follow the layout CONTEXT.md fixes; the two headline rates are decided from the points once, so the
 * console, JSON and CSV cannot disagree.
 */
public final class Sweep {
    static final long P99_LIMIT_NANOS = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final SweepSettings settings;
    private final BenchmarkOptions base;
    private final PrintStream out;
    private final PrintStream err;

    private Sweep(final SweepSettings settings, final BenchmarkOptions base, final PrintStream out,
                  final PrintStream err) {
        this.settings = settings;
        this.base = base;
        this.out = out;
        this.err = err;
    }

    static final String USAGE = "usage: Sweep, its settings as system properties: -Dsweep.NAME=VALUE for NAME in "
            + String.join(", ", SweepSettings.NAMES).replace("sweep.", "") + "; any -Dqp.* setting applies to every"
            + " point (docs/transports.md, \"Rate sweep\")";

    public static void main(final String[] args) throws Exception {
        final int early = usage(args, System.out, System.err);
        if (early >= 0) {
            System.exit(early);
        }
        System.setProperty("chronicle.analytics.disable", "true");
        final int exitCode = run(JvmFlags.settingsSeen(System.getProperties()), System.out, System.err);
        // exec:java runs in Maven's JVM: exiting is the only way to hand Maven the code (and end Chronicle's threads)
        System.exit(exitCode);
    }

    /** -1 with no arguments (the settings are properties); else the usage printed and the exit code. */
    static int usage(final String[] args, final PrintStream out, final PrintStream err) {
        if (args.length == 0) {
            return -1;
        }
        if (HelpFlag.asked(args)) {
            out.println(USAGE);
            return 0;
        }
        err.println("error: unknown arguments " + Arrays.toString(args) + "; " + USAGE);
        return 2;
    }

    /** The exit code: 0 every point passed, 1 a point failed (its files still written), 2 an invalid setting. */
    public static int run(final Properties properties, final PrintStream out, final PrintStream err)
            throws IOException, InterruptedException {
        final Sweep sweep;
        try {
            final SweepSettings settings = new SweepSettings(properties);
            final File existing = new File(settings.out, "sweep-" + settings.kind + ".json");
            if (existing.exists()) {
                throw new InvalidSettingException(SweepSettings.OUT, settings.out + " already holds "
                        + existing.getName(), "a set folder without a " + settings.kind + " sweep");
            }
            if (settings.out.isFile()) {
                throw new InvalidSettingException(SweepSettings.OUT, settings.out + " is a file",
                        "a directory (created if missing)");
            }
            sweep = new Sweep(settings, BenchmarkOptions.fromProperties(properties), out, err);
        } catch (final InvalidSettingException e) {
            err.println("error: " + e.getMessage());
            return BenchmarkResult.INVALID_SETTING;
        }
        return sweep.execute();
    }

    private int execute() throws IOException, InterruptedException {
        final Path pointsParent = settings.out.toPath().resolve(settings.kind);
        Files.createDirectories(pointsParent);
        final ObjectNode header = header();
        if (base.fork()) {
            header.putObject("jvmWarmup").put("skipped", "qp.fork: every point runs in a fresh JVM, warmed by its"
                    + " own sweep.warmupSeconds only");
        } else if (settings.jvmWarmupSeconds > 0) {
            final SweepPoint warmup = runPoint(settings.steps()[0], settings.jvmWarmupSeconds, 1, pointsParent);
            header.putObject("jvmWarmup").put("resultsFolder", warmup.resultsFolder)
                    .put("warmupSeconds", settings.jvmWarmupSeconds).put("seconds", 1).put("status", warmup.status);
        }
        final List<SweepPoint> points = new ArrayList<>();
        for (final long step : settings.steps()) {
            final SweepPoint point = runPoint(step, settings.warmupSeconds, settings.seconds, pointsParent);
            points.add(point);
            out.println(describe(point));
            if (!point.ran() || settings.kind.equals("rate") && !point.sustained()) {
                break;
            }
        }
        final ObjectNode json = json(header, settings.kind, points);
        write(ResultsFolder.existing(settings.out.toPath()), settings.kind, json, points);
        out.println("[sweep] maxSustainedRate " + json.get("maxSustainedRate") + ", rateWhereP99Exceeds10us "
                + json.get("rateWhereP99Exceeds10us"));
        out.println("sweep: " + settings.out.toPath().resolve("sweep-" + settings.kind + ".json").toAbsolutePath());
        failedPoints(points).forEach(point -> err.println(failure(settings.kind, point)));
        return exitCode(points);
    }

    private ObjectNode header() {
        final ObjectNode header = JSON.createObjectNode();
        header.put("kind", settings.kind);
        header.put("transport", base.transport());
        header.put("jvm", base.profile().isEmpty() ? "java" + System.getProperty("java.specification.version")
                : base.profile());
        header.put("javaVersion", System.getProperty("java.version"));
        header.put("startedAt", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        header.put("sustainedRule", "achievedRate >= " + SweepPoint.SUSTAINED_SHARE + " x rate");
        final ObjectNode sweepSettings = header.putObject("settings");
        settings.effective.forEach(sweepSettings::put);
        base.effectiveValues().forEach(sweepSettings::put);
        // what the sweep sets per point is in the points (and their summaries), not here
        final String swept = settings.kind.equals("rate") ? Settings.RATE.name() : Settings.SIZE.name();
        sweepSettings.remove(Arrays.asList(Settings.SECONDS.name(), Settings.WARMUP_SECONDS.name(),
                Settings.RESULTS_DIR.name(), swept));
        return header;
    }

    private String describe(final SweepPoint point) {
        return String.format(Locale.ROOT, "[sweep] %s %,d msg/s, %d B: %s, achieved %,d msg/s, actual-send p50 %s ns"
                        + " p99 %s ns%s", settings.kind, point.rate, point.size, point.status, point.achievedRate(),
                point.ran() ? point.latency(Latency.ACTUAL_SEND, Percentile.P50) : "-",
                point.ran() ? point.latency(Latency.ACTUAL_SEND, Percentile.P99) : "-",
                point.sustained() ? "" : " (not sustained)");
    }

    /** One ordinary benchmark run at this step; a refused setting (e.g. no room for the queue) becomes "rejected". */
    private SweepPoint runPoint(final long step, final int warmupSeconds, final int seconds, final Path parent)
            throws IOException, InterruptedException {
        final BenchmarkOptions options = base.withWarmupSeconds(warmupSeconds).withSeconds(seconds)
                .withResultsDir(parent.toFile()).withSetting(settings.kind.equals("rate") ? Settings.RATE
                        : Settings.SIZE, step);
        final BenchmarkResult result = options.fork()
                ? QueuePerformance.fork().run(options.explicitValues(), ChildOutput.forwardedTo(out, err), err, 0)
                : new BenchmarkRun(options, out, err).execute();
        final Path folder = result.resultsFolder();
        if (folder == null) {
            return new SweepPoint(options.rate(), options.size(), "rejected", null, null,
                    String.join("; ", result.failures()));
        }
        final RunResults summary = RunResults.read(folder.resolve(RunResults.FILE_NAME));
        final String relative = settings.out.toPath().toAbsolutePath().relativize(
                folder.toAbsolutePath()).toString().replace(File.separatorChar, '/');
        return new SweepPoint(options.rate(), options.size(), summary.status, relative, summary, null);
    }

    /** The highest rate such that it and every lower point passed and were sustained; null when the first did not. */
    static Long maxSustainedRate(final List<SweepPoint> points) {
        Long max = null;
        for (final SweepPoint point : points) {
            if (point.failed() || !point.sustained()) {
                break;
            }
            max = point.rate;
        }
        return max;
    }

    /** The first rate whose actual-send p99 exceeds 10 µs; null when none did. */
    static Long rateWhereP99Exceeds10us(final List<SweepPoint> points) {
        return points.stream().filter(point -> point.ran()
                && point.latency(Latency.ACTUAL_SEND, Percentile.P99) > P99_LIMIT_NANOS)
                .map(point -> point.rate).findFirst().orElse(null);
    }

    static List<SweepPoint> failedPoints(final List<SweepPoint> points) {
        return points.stream().filter(SweepPoint::failed).collect(Collectors.toList());
    }

    static int exitCode(final List<SweepPoint> points) {
        return failedPoints(points).isEmpty() ? BenchmarkResult.PASSED : BenchmarkResult.CHECK_FAILED;
    }

    /** The line naming a failed point and why: "FAILED: sweep point rate 500,000 msg/s: checks failed: ...". */
    static String failure(final String kind, final SweepPoint point) {
        final boolean rate = kind.equals("rate");
        return String.format(Locale.ROOT, "FAILED: sweep point %s %,d %s: %s", kind, rate ? point.rate : point.size,
                rate ? "msg/s" : "B", point.ran() ? "checks failed: " + String.join("; ", point.summary.failures())
                        : point.problem);
    }

    static ObjectNode json(final ObjectNode header, final String kind, final List<SweepPoint> points) {
        final ObjectNode root = header.deepCopy();
        final ArrayNode array = root.withArray("points");
        for (final SweepPoint point : points) {
            final ObjectNode node = array.addObject();
            node.put("rate", point.rate);
            node.put("size", point.size);
            node.put("status", point.status);
            node.put("resultsFolder", point.resultsFolder);
            node.put("sustained", point.sustained());
            if (point.ran()) {
                node.put("achievedRate", point.achievedRate());
                for (final Latency latency : Latency.ALL) {
                    final ObjectNode values = node.putObject(latency.key());
                    for (final Percentile percentile : SweepPoint.PERCENTILES) {
                        values.put(percentile.key(), point.latency(latency, percentile));
                    }
                }
                node.set("failures", JSON.valueToTree(point.summary.failures()));
            } else {
                node.putNull("achievedRate");
                for (final Latency latency : Latency.ALL) {
                    node.putNull(latency.key());
                }
                node.putArray("failures").add(point.problem);
            }
        }
        final boolean rateSweep = kind.equals("rate");
        root.set("maxSustainedRate", JSON.valueToTree(rateSweep ? maxSustainedRate(points) : null));
        root.set("rateWhereP99Exceeds10us", JSON.valueToTree(rateSweep ? rateWhereP99Exceeds10us(points) : null));
        return root;
    }

    static void write(final ResultsFolder set, final String kind, final ObjectNode json, final List<SweepPoint> points)
            throws IOException {
        set.write("sweep-" + kind + ".csv", out -> {
            final PrintWriter writer = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            csv(writer, json.path("transport").asText(), json.path("jvm").asText(), points);
            writer.flush();
            if (writer.checkError()) {
                throw new IOException("writing sweep-" + kind + ".csv failed (no space left, or an I/O error)");
            }
        });
        set.write("sweep-" + kind + ".json", out -> JSON.writeValue(out, json));
    }

    private static void csv(final PrintWriter out, final String transport, final String jvm,
                            final List<SweepPoint> points) {
        out.print("transport,jvm,rate,size,status,sustained,achievedRate");
        for (final Latency latency : Latency.ALL) {
            for (final Percentile percentile : SweepPoint.PERCENTILES) {
                out.print("," + latency.key() + "_" + percentile.key());
            }
        }
        out.println(",resultsFolder");
        for (final SweepPoint point : points) {
            out.print(String.format(Locale.ROOT, "%s,%s,%d,%d,%s,%s,%s", transport, jvm, point.rate, point.size,
                    point.status, point.sustained(), point.ran() ? String.valueOf(point.achievedRate()) : ""));
            for (final Latency latency : Latency.ALL) {
                for (final Percentile percentile : SweepPoint.PERCENTILES) {
                    out.print("," + (point.ran() ? String.valueOf(point.latency(latency, percentile)) : ""));
                }
            }
            out.println("," + (point.resultsFolder == null ? "" : point.resultsFolder));
        }
    }

    /** One point of a sweep, as its run's summary.json reported it. Immutable. */
    static final class SweepPoint {
        /** Below this share of the target rate the producer could not keep up. */
        static final double SUSTAINED_SHARE = 0.95;
        static final List<Percentile> PERCENTILES = Collections.unmodifiableList(Arrays.asList(
                Percentile.P50, Percentile.P90, Percentile.P99, Percentile.P99_9, Percentile.WORST));

        final long rate;
        final int size;
        /** passed | failed (a check failed; figures still recorded) | rejected (the settings were refused: no run). */
        final String status;
        final String resultsFolder;
        final RunResults summary;
        final String problem;

        SweepPoint(final long rate, final int size, final String status, final String resultsFolder,
                   final RunResults summary, final String problem) {
            this.rate = rate;
            this.size = size;
            this.status = status;
            this.resultsFolder = resultsFolder;
            this.summary = summary;
            this.problem = problem;
        }

        boolean ran() {
            return summary != null;
        }

        boolean failed() {
            return !RunResults.PASSED.equals(status);
        }

        long achievedRate() {
            return ran() && summary.messages != null && summary.messages.achievedSendRate != null
                    ? summary.messages.achievedSendRate : 0;
        }

        /** The overall figure in ns; 0 when the run did not record it. */
        long latency(final Latency latency, final Percentile percentile) {
            final Ladder ladder = summary.latency(latency);
            final double value = ladder == null ? Double.NaN : ladder.value(percentile);
            return Double.isNaN(value) ? 0 : (long) value;
        }

        /** The producer kept to the schedule; a consumer that falls behind shows in the latencies instead. */
        boolean sustained() {
            return ran() && achievedRate() >= SUSTAINED_SHARE * rate;
        }
    }

    /** The {@code sweep.*} settings, checked up front: a bad one is one {@link InvalidSettingException} line. */
    static final class SweepSettings {
        static final String KIND = "sweep.kind";
        static final String OUT = "sweep.out";
        static final String SECONDS = "sweep.seconds";
        static final String WARMUP_SECONDS = "sweep.warmupSeconds";
        static final String JVM_WARMUP_SECONDS = "sweep.jvmWarmupSeconds";
        static final String RATES = "sweep.rates";
        static final String SIZES = "sweep.sizes";
        static final List<String> NAMES = Collections.unmodifiableList(Arrays.asList(
                KIND, OUT, SECONDS, WARMUP_SECONDS, JVM_WARMUP_SECONDS, RATES, SIZES));

        /** 10k to 1M as asked, then on up to qp.rate's ceiling; the sweep stops at the first rate not sustained. */
        static final String DEFAULT_RATES = "10000,20000,50000,100000,200000,500000,1000000,2000000,5000000,"
                + "10000000,20000000," + Settings.MAX_RATE;
        /** Chronicle's SingleWriter benchmark swept 16 to 4096; 32 is our header, the smallest message we can send. */
        static final String DEFAULT_SIZES = "32,64,128,256,512,1024,2048,4096";

        final String kind;
        final File out;
        final int seconds;
        final int warmupSeconds;
        final int jvmWarmupSeconds;
        final long[] rates;
        final long[] sizes;
        final Map<String, String> effective = new LinkedHashMap<>();

        SweepSettings(final Properties properties) {
            for (final String name : properties.stringPropertyNames()) {
                if (name.startsWith("sweep.") && !NAMES.contains(name)) {
                    throw new InvalidSettingException(name, "unknown setting", "one of " + String.join(", ", NAMES));
                }
            }
            kind = value(properties, KIND, "rate");
            if (!kind.equals("rate") && !kind.equals("size")) {
                throw new InvalidSettingException(KIND, "\"" + kind + "\" is not a sweep kind", "rate or size");
            }
            out = new File(value(properties, OUT, "results" + File.separator + "sweep-" + kind));
            seconds = (int) number(properties, SECONDS, "2", 1, 3600, "1 to 3600 measured seconds per point");
            warmupSeconds = (int) number(properties, WARMUP_SECONDS, "2", 0, 3600,
                    "0 to 3600 warm-up seconds per point");
            jvmWarmupSeconds = (int) number(properties, JVM_WARMUP_SECONDS, "10", 0, 3600,
                    "0 (none) to 3600 seconds of one throw-away warm-up run before the first point");
            rates = list(properties, RATES, DEFAULT_RATES, 1, Settings.MAX_RATE,
                    "rising msg/s values, comma-separated, each 1 to " + Settings.MAX_RATE);
            sizes = list(properties, SIZES, DEFAULT_SIZES, 32, Settings.MAX_SIZE,
                    "rising byte sizes, comma-separated, each 32 (the header) to " + Settings.MAX_SIZE);
        }

        long[] steps() {
            return kind.equals("rate") ? rates : sizes;
        }

        private String value(final Properties properties, final String name, final String defaultValue) {
            final String raw = properties.getProperty(name, defaultValue).trim();
            effective.put(name, raw);
            return raw;
        }

        private long number(final Properties properties, final String name, final String defaultValue, final long min,
                            final long max, final String accepted) {
            return Setting.whole(name, value(properties, name, defaultValue), min, max, accepted);
        }

        private long[] list(final Properties properties, final String name, final String defaultValue, final long min,
                            final long max, final String accepted) {
            final String[] items = value(properties, name, defaultValue).split(",");
            final long[] values = new long[items.length];
            for (int i = 0; i < items.length; i++) {
                values[i] = Setting.whole(name, items[i].trim(), min, max, accepted);
                if (i > 0 && values[i] <= values[i - 1]) {
                    throw new InvalidSettingException(name, values[i] + " does not rise above the value before it",
                            accepted);
                }
            }
            return values;
        }
    }
}
