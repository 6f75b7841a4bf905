package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.config.HelpFlag;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;
import io.fastestjvm.faults.RunRegistry;
import io.fastestjvm.faults.StaleQueueSweeper;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.results.RunSummary;
import io.fastestjvm.results.model.Provenance;
import io.fastestjvm.slice.SliceChild;
import io.fastestjvm.verdict.BlocksPair;
import io.fastestjvm.verdict.Interval;
import io.fastestjvm.verdict.MedianStop;
import io.fastestjvm.verdict.SteinStop;

/**
 * Entry point of the interleaved comparison: runs blocks until the stop rule is met and writes {@code report.md}
 * from its own files. Exit codes: 0 all blocks completed within the void limit; 1 otherwise; 2 a bad setting.
 */
public final class Comparison {
    static final String REPORT = "report.md";
    static final String PLAN = "plan.json";
    /** Written only when another measurement overlapped the comparison; the report's header then says so. */
    static final String OVERLAPS = "overlaps.txt";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Comparison() {
    }

    /**
     * The memory a block needs, checked before any JVM starts: each variant's heap bound and queue files (RAM on
     * /dev/shm) plus this JVM. A finished block's queues go with its JVMs, so one block is the peak.
     */
    static final class ResourceBudget {
        private static final long PER_MESSAGE_OVERHEAD = 8;

        final long heapBytes;
        final long queueBytes;
        final long parentBytes;

        private ResourceBudget(final long heapBytes, final long queueBytes, final long parentBytes) {
            this.heapBytes = heapBytes;
            this.queueBytes = queueBytes;
            this.parentBytes = parentBytes;
        }

        /** The budget of {@code plan}, read from {@code settings}; each variant's warm-up bound as its JVM reads it. */
        static ResourceBudget of(final BenchmarkOptions options, final ComparisonOptions plan,
                                 final Properties settings, final long physicalBytes) {
            long heaps = 0;
            long queues = 0;
            for (final VariantSpec variant : plan.variants()) {
                heaps += JvmFlags.maxHeapBytes(variant.flags, physicalBytes);
                queues += (options.fastWarmupMessages() + (VariantLaunch.warmupSlices(variant, settings)
                        + (long) plan.cycles()) * plan.sliceMessages(options.rate()))
                        * (options.size() + PER_MESSAGE_OVERHEAD);
            }
            return new ResourceBudget(heaps, queues, Runtime.getRuntime().maxMemory());
        }

        long total() {
            return heapBytes + queueBytes + parentBytes;
        }

        /** Refuses (one line, naming the setting) a block the memory available or the queue's disk cannot hold. */
        void check(final long availableBytes, final File queueParent) {
            final long queueFree = queueParent.getUsableSpace();
            if (total() > availableBytes || queueBytes > queueFree) {
                throw Settings.COMPARE_VARIANTS.invalid(String.format(Locale.ROOT,
                        "a block needs %s (heaps %s + queues %s + this JVM %s; queues on %s, %s free), but %s of memory"
                                + " is available; fewer variants, -Xmx flags, or fewer qp.compare.cycles or"
                                + " qp.warmupSeconds", gib(total()), gib(heapBytes), gib(queueBytes),
                        gib(parentBytes), queueParent, gib(queueFree), gib(availableBytes)));
            }
        }

        static String gib(final long bytes) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }

        /** /proc/meminfo's MemAvailable and MemTotal, in bytes; a setting's refusal where it cannot be read. */
        static long[] memory() {
            final SystemFiles proc = SystemFiles.live();
            final long available = proc.statusValue("/proc/meminfo", "MemAvailable");
            final long total = proc.statusValue("/proc/meminfo", "MemTotal");
            if (total < 0) {
                throw new InvalidSettingException(Settings.COMPARE_VARIANTS.name(), "cannot read /proc/meminfo",
                        Settings.COMPARE_VARIANTS.accepted());
            }
            return new long[] {available < 0 ? -1 : available * 1024, total * 1024};
        }
    }

    static final String USAGE = "usage: Compare (with -Dqp.compare.variants=... and any -Dqp.* setting;"
            + " docs/settings.md, or jvm-profiles/run-matrix.sh --help) | Compare --report FOLDER"
            + " | Compare " + ComparisonComponents.COMMAND + " BASE_FOLDER... -- FOLDER...";

    public static void main(final String[] args) throws Exception {
        final int exit = args.length > 0 && ComparisonComponents.COMMAND.equals(args[0])
                ? ComparisonComponents.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err)
                : run(args, System.getProperties(), System.out, System.err);
        if (exit != 0) {
            System.exit(exit);
        }
    }

    static int run(final String[] args, final Properties given, final PrintStream out, final PrintStream err)
            throws IOException {
        if (HelpFlag.asked(args)) {
            out.println(USAGE);
            return 0;
        }
        if (args.length == 2 && "--report".equals(args[0])) {
            return report(new File(args[1]), out, err);
        }
        if (args.length > 0) {
            err.println("error: unknown arguments " + Arrays.toString(args) + "; " + USAGE);
            return 2;
        }
        final Properties properties = ComparisonOptions.withSliceDefaults(given);
        final BenchmarkOptions options;
        final ComparisonOptions plan;
        final ResourceBudget budget;
        try {
            options = BenchmarkOptions.fromProperties(properties);
            plan = ComparisonOptions.fromProperties(properties).requireVariants();
            final String refused = VariantLaunch.refusedSetting(plan.variants(), properties);
            if (refused != null) {
                err.println("error: " + refused);
                return 2;
            }
            VariantLaunch.oldNameNotices(plan.variants(), properties).forEach(err::println);
            // paused JVMs a killed comparison left: they end, and free their memory
            ProcSample.continueOrphans(SystemFiles.live(), SliceChild.class.getName(), err);
            StaleQueueSweeper.sweep(options.queueParent(), err); // dead runs' queues would count against the budget
            final long[] memory = ResourceBudget.memory();
            budget = ResourceBudget.of(options, plan, properties, memory[1]);
            budget.check(memory[0], options.queueParent());
        } catch (final InvalidSettingException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        // one record for the whole comparison, held by this parent: its children are one measurement, never each
        // other's overlap, while any other measurement on the machine sees it and is seen
        final RunRegistry registry;
        try {
            registry = RunRegistry.register(RunRegistry.machineWide(), "comparison " + names(plan));
        } catch (final IOException | RuntimeException e) {
            err.println("FAILED: " + String.format(RunSummary.UNREGISTERED, RunRegistry.machineWide(),
                    e.getMessage()));
            return 1;
        }
        try {
            return compare(plan, options, properties, budget, registry, out, err);
        } finally {
            registry.close();
        }
    }

    private static int compare(final ComparisonOptions plan, final BenchmarkOptions options,
                               final Properties properties, final ResourceBudget budget, final RunRegistry registry,
                               final PrintStream out, final PrintStream err) throws IOException {
        final long seed = plan.seed() != 0 ? plan.seed() : System.nanoTime() & Long.MAX_VALUE;
        final File folder = new File(new File(options.resultsParent().getAbsoluteFile().getParentFile(),
                "comparisons"), timestamp() + "-" + names(plan));
        if (!folder.mkdirs()) {
            err.println("error: cannot create " + folder);
            return 2;
        }
        writePlan(folder, plan, properties, seed, budget);
        err.println("[qp] comparison of " + names(plan) + ": " + plan.blocks() + " blocks x " + plan.cycles()
                + " cycles of " + plan.sliceMillis() + " ms slices, seed " + seed + ", a block needs "
                + ResourceBudget.gib(budget.total()) + "; folder " + folder);
        final Random random = new Random(seed);
        final long started = System.nanoTime();
        final long capNanos = plan.maxMinutes() == 0 ? Long.MAX_VALUE : TimeUnit.MINUTES.toNanos(plan.maxMinutes());
        int target = plan.blocks();
        boolean anyFailed = false;
        final List<Double> blockSeconds = new ArrayList<>();
        registry.startWatching(err);
        try (ComparisonFiles files = new ComparisonFiles(folder)) {
            final BlockRunner runner = new BlockRunner(plan, options, properties, folder, random, err, files,
                    VariantLaunch.snapshot(VariantLaunch.buildFolder(folder)));
            for (int block = 1; block <= target; block++) {
                if (System.nanoTime() - started > capNanos) {
                    err.println("[qp] time cap (qp.compare.maxMinutes=" + plan.maxMinutes() + ") reached before block "
                            + block + " of " + target);
                    break;
                }
                final long blockStarted = System.nanoTime();
                anyFailed |= runner.run(block) != null;
                blockSeconds.add((System.nanoTime() - blockStarted) / 1e9);
                final ComparisonAnalysis sofar = analyse(folder, plan);
                if (sofar.stop != null && block >= plan.blocks()) {
                    target = sofar.stop.lastBlock(sofar.p50s(), block, err);
                } else if (sofar.medianStop != null) {
                    target = sofar.medianStop.lastBlock(sofar.p50s(), block);
                }
                final double capSeconds = plan.maxMinutes() == 0 ? Double.POSITIVE_INFINITY
                        : (capNanos - (System.nanoTime() - started)) / 1e9;
                ComparisonReport.progress(sofar, block, target, blockSeconds.stream().mapToDouble(Double::doubleValue)
                        .toArray(), capSeconds).forEach(err::println);
            }
        }
        final List<Long> overlapped = finish(registry, err);
        if (!overlapped.isEmpty()) {
            Files.write(new File(folder, OVERLAPS).toPath(), (String.format(RunSummary.NOT_COMPARABLE,
                    overlapped.stream().map(String::valueOf).collect(Collectors.joining(", "))) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        final ComparisonAnalysis analysis = writeReport(folder, plan, out);
        out.println("report: " + new File(folder, REPORT).getAbsolutePath());
        return !anyFailed && overlapped.isEmpty() && voidsHeld(analysis, plan, err) ? 0 : 1;
    }

    private static List<Long> finish(final RunRegistry registry, final PrintStream err) {
        try {
            return registry.finishWatching(err);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return Collections.singletonList(-1L);
        }
    }

    /** Whether every variant voided at most qp.compare.maxVoidPercent of its cycles; each one that did not, said. */
    private static boolean voidsHeld(final ComparisonAnalysis analysis, final ComparisonOptions plan,
                                     final PrintStream err) {
        boolean held = true;
        for (final String variant : analysis.variants) {
            if (analysis.voidPercent(variant) > plan.maxVoidPercent()) {
                err.println("FAILED: " + variant + " voided " + String.format(Locale.ROOT, "%.1f",
                        analysis.voidPercent(variant)) + " % of its cycles (qp.compare.maxVoidPercent="
                        + plan.maxVoidPercent() + ")");
                held = false;
            }
        }
        return held;
    }

    static ComparisonAnalysis analyse(final File folder, final ComparisonOptions plan) throws IOException {
        final List<String> names = plan.variants().stream().map(variant -> variant.name).collect(Collectors.toList());
        return new ComparisonAnalysis(names, ComparisonFiles.readSlices(folder), ComparisonFiles.readBlocks(folder),
                SteinStop.of(plan), MedianStop.of(plan));
    }

    private static int report(final File folder, final PrintStream out, final PrintStream err) throws IOException {
        final ComparisonOptions options;
        try {
            options = planOptions(folder);
        } catch (final InvalidSettingException e) {
            err.println("error: " + new File(folder, PLAN) + ": " + e.getMessage());
            return 2;
        }
        final ComparisonAnalysis analysis = writeReport(folder, options, out);
        return analysis.failedBlocks.isEmpty() && voidsHeld(analysis, options, err) ? 0 : 1;
    }

    /** The settings a finished comparison ran with, from its plan.json. */
    static ComparisonOptions planOptions(final File folder) throws IOException {
        final Properties settings = new Properties();
        settings.putAll((Map<?, ?>) JSON.readValue(new File(folder, PLAN), Map.class).get("settings"));
        return ComparisonOptions.fromProperties(settings);
    }

    /** report.md and the charts from the folder's own files, and the verdict on the console. */
    private static ComparisonAnalysis writeReport(final File folder, final ComparisonOptions plan,
                                                  final PrintStream out) throws IOException {
        final ComparisonAnalysis analysis = analyse(folder, plan);
        Files.write(new File(folder, REPORT).toPath(), ComparisonReport.markdown("Interleaved comparison "
                + folder.getName(), header(folder), analysis, plan.maxVoidPercent()).getBytes(StandardCharsets.UTF_8));
        ComparisonReport.writeCharts(folder, analysis);
        printVerdict(analysis, out);
        return analysis;
    }

    private static void printVerdict(final ComparisonAnalysis analysis, final PrintStream out) {
        out.println("---------- interleaved comparison, " + analysis.countedBlocks.size() + " blocks ----------");
        for (final BlocksPair figure : analysis.figures) {
            final Interval interval = figure.ratioInterval();
            out.println(String.format(Locale.ROOT, "%-40s %-38s %.3f %s  %s  [%s; %s]", figure.a + " / " + figure.b,
                    figure.figure, figure.ratio(), interval == null ? "(no interval)"
                            : String.format(Locale.ROOT, "(%.3f-%.3f)", interval.lower(), interval.upper()),
                    figure.verdict(), figure.family(), figure.method()));
        }
    }

    private static void writePlan(final File folder, final ComparisonOptions plan, final Properties properties,
                                  final long seed, final ResourceBudget budget) throws IOException {
        final ObjectNode json = JSON.createObjectNode().put("started", timestamp()).put("seed", seed)
                .putPOJO("settings", JvmFlags.qpOnly(properties));
        final ArrayNode variants = json.putArray("variants");
        for (final VariantSpec variant : plan.variants()) {
            variants.addObject().put("name", variant.name).put("javaHome", variant.javaHome)
                    .putPOJO("flags", variant.flags).putPOJO("command", VariantLaunch.command(variant, properties));
        }
        json.putPOJO("blockBytes", Arrays.asList(budget.heapBytes, budget.queueBytes, budget.parentBytes))
                .putPOJO("provenance", Provenance.collect()).put("machine", System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", " + Runtime.getRuntime().availableProcessors() + " CPUs");
        JSON.writeValue(new File(folder, PLAN), json);
    }

    @SuppressWarnings("unchecked")
    private static List<String> header(final File folder) throws IOException {
        final Map<String, Object> plan = JSON.readValue(new File(folder, PLAN), Map.class);
        final List<String> lines = new ArrayList<>();
        lines.add("Started " + plan.get("started") + " UTC on " + plan.get("machine") + "; seed " + plan.get("seed"));
        lines.add("Provenance: " + plan.get("provenance"));
        final File overlaps = new File(folder, OVERLAPS);
        if (overlaps.isFile()) {
            lines.add("**NOT COMPARABLE:** " + new String(Files.readAllBytes(overlaps.toPath()),
                    StandardCharsets.UTF_8).trim());
        }
        lines.add("Settings: " + plan.get("settings"));
        for (final Map<String, Object> variant : (List<Map<String, Object>>) plan.get("variants")) {
            lines.add("Variant " + variant.get("name") + ": " + (variant.get("javaHome").toString().isEmpty()
                    ? "the launching JVM's java" : variant.get("javaHome")) + ", flags " + variant.get("flags"));
        }
        return lines;
    }

    private static String names(final ComparisonOptions plan) {
        return plan.variants().stream().map(variant -> VariantLaunch.fileName(variant.name))
                .collect(Collectors.joining("-vs-"));
    }

    private static String timestamp() {
        return DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC)
                .format(Instant.now());
    }
}
