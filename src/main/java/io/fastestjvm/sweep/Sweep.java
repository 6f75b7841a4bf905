package io.fastestjvm.sweep;

import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Locale;
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
import io.fastestjvm.config.Settings;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.ResultsFolder;
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
        final ObjectNode header = header(new Date());
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

    private ObjectNode header(final Date started) {
        final ObjectNode header = JSON.createObjectNode();
        header.put("kind", settings.kind);
        header.put("transport", base.transport());
        header.put("jvm", base.profile().isEmpty() ? "java" + System.getProperty("java.specification.version")
                : base.profile());
        header.put("javaVersion", System.getProperty("java.version"));
        header.put("startedAt", started.toInstant().truncatedTo(ChronoUnit.SECONDS).toString());
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
}
