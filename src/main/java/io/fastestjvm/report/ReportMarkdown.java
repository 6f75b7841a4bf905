package io.fastestjvm.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.config.Settings;
import io.fastestjvm.control.ControlLink;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.launch.ChildJvm;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.Provenance;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.timeline.EvidenceColumns;
import io.fastestjvm.verdict.Spread;
import io.fastestjvm.transport.Transports;

/** report.md of one results folder: the verdict first, then every table, chart and caveat, and the sources. */
final class ReportMarkdown {
    static final String FILE = "report.md";
    static final String DASH = "–";
    static final String TITLE_PREFIX = "# JVM latency results: ";
    /** Begins the line that says a set's plan is not done; the results index quotes it. */
    static final String INCOMPLETE_PREFIX = "**Incomplete set:** ";
    /** Heads the table that sets the article's figures beside ours; README quotes its rows. */
    static final String ARTICLE_HEADING = "## Beside the article's figures (theirs: a different machine)";

    private static final Pattern EVENT_LOGS = Pattern.compile("[^\\s:=]*/" + ChildJvm.EVENT_LOGS_PREFIX + "[0-9-]+");
    private static final List<String> PER_SESSION = Arrays.asList(Settings.QUEUE_DIR.name(),
            Settings.RESULTS_DIR.name());

    /** One figure of {@code checks.jvmDuringMeasurement}: its column title, and its value in the title's unit. */
    static final class Column {
        final String title;
        final ToDoubleFunction<RunResults.JvmActivity> value;

        Column(final String title, final ToDoubleFunction<RunResults.JvmActivity> value) {
            this.title = title;
            this.value = value;
        }

        /** A timeline total by its key; NaN when the run lacks it. */
        static Column total(final String title, final String key, final double divisor) {
            return new Column(title, activity -> {
                final JsonNode total = activity.total(key);
                return total != null && total.isNumber() ? total.asDouble() / divisor : Double.NaN;
            });
        }
    }

    /** The key reads as its own title. */
    static final Column SAFEPOINTS = Column.total(EvidenceColumns.SAFEPOINTS, EvidenceColumns.SAFEPOINTS, 1.0);
    static final Column HOT_PATH_DEOPTS = Column.total("hot-path deoptimisations", EvidenceColumns.HOT_PATH_DEOPTS,
            1.0);
    private static final List<Column> COLUMNS = Arrays.asList(
            SAFEPOINTS,
            Column.total("safepoint time (ms)", EvidenceColumns.SAFEPOINT_MICROS, 1000.0),
            new Column("GC pauses", activity -> activity.gcCount),
            HOT_PATH_DEOPTS,
            new Column("JIT compile time (ms)", activity -> activity.jitCompileMillis));

    /**
     * The figures Chronicle Software published in "Which is the fastest JVM?", from THEIR machine: quoted only beside
     * ours and always labelled as theirs. The one place these numbers live.
     */
    static final String ARTICLE_SOURCE = "Chronicle Software, \"Which is the fastest JVM?\"";
    static final String ARTICLE_MACHINE = "Ryzen 9 5950X, isolated cores";

    /** One row of the article's table: its JVM, our profile that runs the same JVM (or null), figures in ns. */
    static final class ArticleRow {
        final String jvm;
        final String profile;
        final double median;
        final double p9999;
        final String p9999Text;

        ArticleRow(final String jvm, final String profile, final double median, final double p9999,
                   final String p9999Text) {
            this.jvm = jvm;
            this.profile = profile;
            this.median = median;
            this.p9999 = p9999;
            this.p9999Text = p9999Text;
        }
    }

    /**
     * As printed (actual send). GraalVM CE 17 is the GraalVM distribution, so only graalvm17 is marked with it, not
     * jdk17-graaljit (OpenJDK with the Graal compiler jars).
     */
    static final List<ArticleRow> ARTICLE_ROWS = Collections.unmodifiableList(Arrays.asList(
            new ArticleRow("JDK 8", "jdk8", 280, 3951, "3,951"),
            new ArticleRow("JDK 11", "jdk11", 370, 4210, "4,210"),
            new ArticleRow("JDK 17", "jdk17", 290, 4041, "4,041"),
            new ArticleRow("GraalVM CE 17", "graalvm17", 310, 3950, "3,950"),
            new ArticleRow("GraalVM EE 17", null, 270, Double.NaN, "just under 3,950 (cut off in our copy)")));

    private final ReportedSets reported;
    private final Path folder;
    private final VerdictSection verdict;
    private final StringBuilder out = new StringBuilder();

    ReportMarkdown(final ReportedSets reported, final Path folder, final VerdictSection verdict) {
        this.reported = reported;
        this.folder = folder;
        this.verdict = verdict;
    }

    String render(final List<ReportCharts.Chart> charts, final List<String> extraSections) {
        title();
        out.append(verdict.lead());
        if (!charts.isEmpty()) {
            out.append(charts.get(0).image());
        }
        environment();
        jvms();
        for (final Latency latency : Latency.ALL) {
            latencyTable(latency);
        }
        out.append(verdict.details());
        out.append(verdict.defaultVsTuned());
        pauses();
        charts(charts);
        caveats();
        article();
        for (final String section : extraSections) {
            out.append(section).append('\n');
        }
        sources();
        return out.toString();
    }

    private void title() {
        out.append(TITLE_PREFIX).append(reported.sets.stream().map(ResultsSet::name)
                .collect(Collectors.joining(" + "))).append("\n\n");
        out.append("Persisted inter-thread messaging latency over Chronicle Queue, per JVM, on ")
                .append(reported.machine()).append(". Written by `mvn exec:java@Report -Dexec.args=\"...\"` ")
                .append("from the summary.json and .hlog files listed under *Sources*; every figure below is ")
                .append("computed from them. Latency is in nanoseconds (ns); *actual send* is measured from the ")
                .append("moment the producer wrote the message, *intended send* from the moment it was due ")
                .append("(free of coordinated omission).\n\n");
        for (final ResultsSet set : reported.sets) {
            if (set.isIncomplete()) {
                out.append(INCOMPLETE_PREFIX).append(set.name()).append(" has ").append(set.recordedRuns)
                        .append(" of its ").append(set.plannedRuns()).append(" planned runs (fresh JVMs); status `")
                        .append(set.status()).append("` in matrix-run.json. Every figure and verdict below covers ")
                        .append("only those runs. It continues with `jvm-profiles/run-matrix.sh --design fresh ")
                        .append("--resume ").append(set.name()).append("`.\n\n");
            }
        }
    }

    private void environment() {
        out.append("## Environment\n\n");
        table(out, fact("", ResultsSet::name), Arrays.asList(
                fact("host", s -> environment(s, EnvironmentInfo.HOSTNAME)),
                fact("CPU", s -> environment(s, EnvironmentInfo.CPU_MODEL)),
                fact("CPUs (online / usable by the process)", s -> environment(s, EnvironmentInfo.CPU_COUNT) + " ("
                        + environment(s, EnvironmentInfo.ONLINE_CPUS) + " / "
                        + environment(s, EnvironmentInfo.PROCESS_ALLOWED_CPUS) + ")"),
                fact("isolated CPUs", s -> orNone(environment(s, EnvironmentInfo.ISOLATED_CPUS))),
                fact("nohz_full CPUs", s -> orNone(environment(s, EnvironmentInfo.NOHZ_FULL_CPUS))),
                fact("producer / consumer CPU (asked for -> ran on)", s -> pinning(s.folders())),
                fact("kernel", s -> environment(s, EnvironmentInfo.KERNEL)),
                fact("OS", s -> environment(s, EnvironmentInfo.OS)),
                fact("queue file system", s -> environment(s, EnvironmentInfo.QUEUE_FILE_SYSTEM)),
                fact("runs started", s -> dates(s.folders())),
                fact("rate (msg/s)", s -> setting(s, Settings.RATE.name())),
                fact("message size (bytes)", s -> setting(s, Settings.SIZE.name())),
                fact("warm-up / measured per run (s)", s -> setting(s, Settings.WARMUP_SECONDS.name()) + " / "
                        + setting(s, Settings.SECONDS.name())),
                fact("run folders (runs per folder)", s -> s.folders().size() + " (" + setting(s, Settings.RUNS.name())
                        + ")"),
                fact("code (git commit)", s -> RunFolder.distinct(s.folders(), f -> commit(f.results.provenance()))),
                fact("libraries loaded", s -> RunFolder.distinct(s.folders(), f -> libraries(f.results.provenance())))),
                false);
    }

    private void jvms() {
        out.append("### JVMs\n\n");
        final List<String> shared = shared(reported.folders());
        if (!shared.isEmpty()) {
            out.append("Flags every JVM ran with: ").append(code(String.join(" ", shared)))
                    .append("; the table shows the rest.\n\n");
        }
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup group : reported.groups()) {
            final List<RunFolder> folders = group.folders;
            rows.add(Arrays.asList(group.label,
                    or(RunFolder.environment(folders, EnvironmentInfo.JAVA_RUNTIME_VERSION)),
                    or(RunFolder.environment(folders, EnvironmentInfo.JAVA_VENDOR)),
                    or(RunFolder.environment(folders, EnvironmentInfo.JAVA_VM_NAME)),
                    or(RunFolder.jit(folders, EnvironmentInfo.COMPILER))
                            + (RunFolder.jit(folders, EnvironmentInfo.GRAAL_IN_USE)
                            .equals("true") ? " (Graal)" : ""),
                    or(RunFolder.distinct(folders, f -> f.environment().path(EnvironmentInfo.GC))),
                    code(without(folders, shared))));
        }
        table(out, Arrays.asList("JVM", "exact build", "vendor", "VM", "JIT", "GC",
                shared.isEmpty() ? "flags (jvmArguments)" : "other flags (jvmArguments)"), rows, false);
    }

    private void latencyTable(final Latency latency) {
        out.append("## Latency per JVM, ").append(latency.title()).append(" (ns)\n\n")
                .append("Each figure is the median over the runs of that run's percentile; in brackets, the ")
                .append("lowest and highest run.\n\n");
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup group : reported.groups()) {
            final String runs = group.measuredRuns().size() + " / " + group.failedRuns;
            if (!group.hasFigures()) {
                rows.add(Arrays.asList(group.label, runs, "FAILED: " + (group.failures.isEmpty() ? "no passed run"
                        : group.failures.get(0).reason), DASH, DASH, DASH, DASH));
                continue;
            }
            rows.add(Arrays.asList(group.label, runs,
                    withRange(group.spread(latency, Percentile.P50)),
                    nanos(group.spread(latency, Percentile.P99).median()),
                    nanos(group.spread(latency, Percentile.P99_9).median()),
                    withRange(group.spread(latency, Percentile.P99_99)),
                    nanos(group.spread(latency, Percentile.WORST).median())));
        }
        table(out, Arrays.asList("JVM", "runs ok / failed", "median (min–max)", "99%", "99.9%",
                "99.99% (min–max)", "worst"), rows, true);
    }

    /**
     * What each JVM did during the measured window ({@code checks.jvmDuringMeasurement}), median and min-max over
     * runs. A key a summary lacks (older run, not measurable there) is not counted as 0.
     */
    private void pauses() {
        final List<JvmGroup> groups = reported.groupsWithFigures();
        if (groups.isEmpty()) {
            return;
        }
        out.append("## Pauses and JIT activity during measurement, per JVM\n\n")
                .append("From each passed run's `checks.jvmDuringMeasurement` (the measured window only): median ")
                .append("over runs (min–max); runs that recorded the figure in brackets when not all did.\n\n");
        final List<List<String>> rows = new ArrayList<>();
        for (final JvmGroup group : groups) {
            final List<String> row = new ArrayList<>(Arrays.asList(group.label,
                    String.valueOf(group.passedFolders().size())));
            COLUMNS.forEach(column -> row.add(cell(group.passedFolders(), column)));
            rows.add(row);
        }
        final List<String> header = new ArrayList<>(Arrays.asList("JVM", "runs"));
        COLUMNS.forEach(column -> header.add(column.title));
        table(out, header, rows, true);
    }

    private void charts(final List<ReportCharts.Chart> charts) {
        if (charts.isEmpty()) {
            return;
        }
        out.append("## Charts\n\n")
                .append("The percentile chart's x axis is HdrHistogram's 1/(1-p) scale: 90% sits at 10, 99% at ")
                .append("100, 99.9% at 1,000, so every further nine gets the same width and the tail is as ")
                .append("visible as the median. Each JVM keeps its colour in every chart.\n\n");
        for (final ReportCharts.Chart chart : charts) {
            out.append("**").append(chart.caption).append("**\n\n").append(chart.image());
        }
    }

    private void caveats() {
        out.append("## Caveats the data shows\n\n");
        final List<String> caveats = Caveats.of(reported);
        if (caveats.isEmpty()) {
            out.append("None found in the summaries.\n");
        }
        for (final String caveat : caveats) {
            out.append("- ").append(caveat).append('\n');
        }
        out.append('\n');
    }

    private void article() {
        out.append(ARTICLE_HEADING).append("\n\n")
                .append("Theirs: published in ").append(ARTICLE_SOURCE).append(", measured on THEIR machine (")
                .append(ARTICLE_MACHINE).append("); not produced by this project. Ours: this report's runs ")
                .append("of the same JVM at its default flags over Chronicle Queue, on ").append(reported.machine())
                .append(": the median over its runs of each run's percentile, with the lowest and highest run in ")
                .append("brackets. Actual send, ns. Two machines: set side by side, not ranked; which of ours can be ")
                .append("told apart is the verdict's to say.\n\n");
        table(out, Arrays.asList("JVM", "the article: median / 99.99%",
                "ours: median (lowest–highest run) / 99.99%, runs"), ARTICLE_ROWS.stream().map(row -> Arrays.asList(
                        row.jvm, nanos(row.median) + " / " + row.p9999Text, ours(row.profile)))
                .collect(Collectors.toList()), true);
    }

    /** Our figures for the article's JVM: every group that ran its profile at default flags over Chronicle Queue. */
    private String ours(final String profile) {
        final List<JvmGroup> groups = reported.groupsWithFigures().stream().filter(group -> group.profile
                .equals(profile) && group.transport.equals(Transports.CHRONICLE)).collect(Collectors.toList());
        final String cells = groups.stream().map(group -> (groups.size() > 1 ? group.label + ": " : "")
                + withRange(group.spread(Latency.ACTUAL_SEND, Percentile.P50)) + " / "
                + nanos(group.spread(Latency.ACTUAL_SEND, Percentile.P99_99).median()) + ", "
                + group.measuredRuns().size() + " runs").collect(Collectors.joining("; "));
        return cells.isEmpty() ? "not measured" + (profile == null ? "" : " (profile " + profile + ")") : cells;
    }

    private void sources() {
        out.append("## Sources\n\n")
                .append("Aggregates per JVM, with the runs each figure comes from: `matrix.json`, `matrix.csv`.\n\n");
        for (final JvmGroup group : reported.groups()) {
            for (final RunFolder run : group.folders) {
                out.append("- ").append(group.label).append(": `").append(relative(run.folder))
                        .append("/summary.json` (").append(run.passed() ? "passed" : "failed").append(")\n");
            }
        }
        out.append('\n');
    }

    private String relative(final Path path) {
        try {
            return folder.toAbsolutePath().normalize().relativize(path.toAbsolutePath().normalize()).toString();
        } catch (final IllegalArgumentException e) {
            return path.toString();
        }
    }

    private static String withRange(final Spread spread) {
        return nanos(spread.median()) + " (" + nanos(spread.min()) + "–" + nanos(spread.max()) + ")";
    }

    private List<String> fact(final String name, final Function<ResultsSet, String> value) {
        return Stream.concat(Stream.of(name), reported.sets.stream().map(set -> or(value.apply(set))))
                .collect(Collectors.toList());
    }

    private static String environment(final ResultsSet set, final String key) {
        return RunFolder.environment(set.folders(), key);
    }

    private static String setting(final ResultsSet set, final String key) {
        return or(RunFolder.distinct(set.folders(), f -> f.results.setting(key)));
    }

    private static String pinning(final List<RunFolder> folders) {
        return or(RunFolder.distinct(folders, f -> {
            final RunResults.Placement producer = f.results.placement(CpuAssignment.PRODUCER);
            final RunResults.Placement consumer = f.results.placement(CpuAssignment.CONSUMER);
            return RunFolder.cpu(producer.requestedCpu) + " / " + RunFolder.cpu(consumer.requestedCpu) + " -> "
                    + RunFolder.cpu(producer.actualCpus) + " / " + RunFolder.cpu(consumer.actualCpus);
        }));
    }

    private static String dates(final List<RunFolder> folders) {
        final List<String> started = folders.stream().map(folder -> folder.results.startedAt)
                .filter(date -> date != null && !date.isEmpty()).sorted().collect(Collectors.toList());
        if (started.isEmpty()) {
            return DASH;
        }
        final String first = started.get(0);
        final String last = started.get(started.size() - 1);
        return first.equals(last) ? first : first + " to " + last;
    }

    private static String orNone(final String text) {
        return text.isEmpty() ? "none" : text;
    }

    /** The commit, marked when the tree had changes outside results/. */
    private static String commit(final Provenance provenance) {
        final String dirty = Boolean.TRUE.equals(provenance.gitDirty) ? " (with uncommitted changes)" : "";
        return provenance.gitCommit + dirty;
    }

    private static String libraries(final Provenance provenance) {
        return provenance.libraries == null ? "" : provenance.libraries.entrySet().stream()
                .map(library -> library.getKey() + " " + library.getValue()).collect(Collectors.joining(", "));
    }

    private static String or(final String text) {
        return text.isEmpty() ? DASH : text;
    }

    /**
     * The JVM arguments of the first run folder that every other one also has (shown once). Per-session values
     * (scratch and queue directories, control port) become placeholders, so a JVM's runs show one list unless their
     * flags differ.
     */
    private static List<String> shared(final List<RunFolder> all) {
        final List<String> shared = all.isEmpty() ? new ArrayList<>() : new ArrayList<>(arguments(all.get(0)));
        all.forEach(folder -> shared.retainAll(arguments(folder)));
        return shared;
    }

    /** The distinct argument lists of the folders with the shared ones taken out, " / " between different lists. */
    private static String without(final List<RunFolder> folders, final List<String> shared) {
        final Set<String> distinct = new LinkedHashSet<>();
        for (final RunFolder folder : folders) {
            final List<String> rest = arguments(folder);
            rest.removeAll(shared);
            distinct.add(String.join(" ", rest));
        }
        return String.join(" / ", distinct);
    }

    private static List<String> arguments(final RunFolder folder) {
        return StreamSupport.stream(folder.environment().path(EnvironmentInfo.JVM_ARGUMENTS).spliterator(), false)
                .map(argument -> placeholders(argument.asText())).collect(Collectors.toList());
    }

    static String placeholders(final String argument) {
        if (argument.startsWith("-D" + ControlLink.PORT_PROPERTY + "=")) {
            return "-D" + ControlLink.PORT_PROPERTY + "=<port>";
        }
        for (final String setting : PER_SESSION) {
            if (argument.startsWith("-D" + setting + "=")) {
                return "-D" + setting + "=<dir>";
            }
        }
        return EVENT_LOGS.matcher(argument).replaceAll("<run's event logs>");
    }

    /** One column's values over runs; a run that lacks the figure is NaN, not 0. */
    static Spread spread(final List<RunFolder> runs, final Column column) {
        return Spread.of(runs.stream().mapToDouble(run -> column.value.applyAsDouble(run.results.checks()
                .jvmDuringMeasurement())).toArray());
    }

    /** The median over runs (min–max) of one column; "[n of m runs]" when some runs lack it. */
    private static String cell(final List<RunFolder> runs, final Column column) {
        final Spread spread = spread(runs, column);
        if (spread.runs() == 0) {
            return DASH;
        }
        final String text = number(spread.median()) + (spread.min() < spread.max() ? " (" + number(spread.min()) + "–"
                + number(spread.max()) + ")" : "");
        return spread.runs() < runs.size() ? text + " [" + spread.runs() + " of " + runs.size() + " runs]" : text;
    }

    private static String number(final double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%,.1f", value);
    }

    /** The article's figure for a profile at the median or 99.99%, or NaN when it did not measure that JVM. */
    static double articleFigure(final String profile, final Percentile percentile) {
        return ARTICLE_ROWS.stream().filter(row -> profile.equals(row.profile)).findFirst().map(row -> percentile
                == Percentile.P50 ? row.median : percentile == Percentile.P99_99 ? row.p9999 : Double.NaN)
                .orElse(Double.NaN);
    }

    /** A markdown table; {@code numericFromSecond} right-aligns every column after the first. */
    static void table(final StringBuilder out, final List<String> header, final List<List<String>> rows,
                      final boolean numericFromSecond) {
        out.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int i = 0; i < header.size(); i++) {
            out.append(numericFromSecond && i > 0 ? "---:|" : "---|");
        }
        out.append('\n');
        for (final List<String> row : rows) {
            out.append("| ");
            for (int i = 0; i < row.size(); i++) {
                out.append(i == 0 ? "" : " | ").append(row.get(i).replace("|", "\\|").replace("\n", " "));
            }
            out.append(" |\n");
        }
        out.append('\n');
    }

    /** A whole ns figure: 1234.5 -> "1,235" (half up), NaN -> the dash. */
    static String nanos(final double value) {
        return Double.isNaN(value) ? DASH : String.format(Locale.ROOT, "%,.0f", value);
    }

    private static String code(final String text) {
        return text.isEmpty() ? DASH : "`" + text.replace("`", "'") + "`";
    }
}
