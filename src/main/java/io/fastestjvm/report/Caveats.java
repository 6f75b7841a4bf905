package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.audit.EnvironmentAudit;
import io.fastestjvm.config.Settings;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.RunSummary;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.transport.Transports;
import io.fastestjvm.warmup.SteadyStateWatch;

/**
 * What the summaries themselves say to be wary of (placement, isolation, thin tails, failures, JVM activity), a line
 * per kind: one per-JVM caveat of several JVMs lists them, and one audit check's warnings show their varying numbers
 * as ranges ("load average 1.91-2.34 ... (18 run folders)").
 */
final class Caveats {
    private static final double ARTICLE_SECONDS = 100;
    private static final String ARTICLE_RATE = "100000";
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

    private final ReportedSets reported;
    /** In order; a fold's line stands where its first caveat did and is written once all of them are in. */
    private final List<Supplier<String>> caveats = new ArrayList<>();
    private final Map<String, List<String[]>> folds = new HashMap<>();

    private Caveats(final ReportedSets reported) {
        this.reported = reported;
    }

    static List<String> of(final ReportedSets reported) {
        final Caveats c = new Caveats(reported);
        c.failures();
        c.affinity();
        c.isolation();
        c.settings();
        for (final JvmGroup group : reported.groups()) {
            c.fewSamples(group);
            c.jvmActivity(group);
        }
        c.auditWarnings();
        return c.caveats.stream().map(Supplier::get).collect(Collectors.toList());
    }

    private void failures() {
        for (final JvmGroup group : reported.groups()) {
            for (final Failure failure : group.failures) {
                line("**FAILED: " + failure.what + "** - " + failure.reason + (failure.outputTail.isEmpty() ? ""
                        : "\n  <details><summary>last output</summary>\n\n  ```\n  "
                        + String.join("\n  ", failure.outputTail.split("\n")) + "\n  ```\n  </details>"));
            }
            if (!group.hasFigures()) {
                line("**" + group.label + " has no figures**: no run of it passed, so it is missing from "
                        + "the charts and shown as failed in the tables.");
            }
        }
        for (final ResultsSet set : reported.sets) {
            for (final Failure ignored : set.ignored) {
                line("**IGNORED: " + (reported.sets.size() > 1 ? set.name() + "/" : "") + ignored.what
                        + "** - " + ignored.reason);
            }
        }
    }

    private void affinity() {
        final Map<String, Integer> fallbacks = new LinkedHashMap<>();
        final Map<String, Integer> notAsPlanned = new LinkedHashMap<>();
        final List<RunFolder> folders = reported.folders();
        for (final RunFolder folder : folders) {
            final RunResults.Placement producer = folder.results.placement(CpuAssignment.PRODUCER);
            final RunResults.Placement consumer = folder.results.placement(CpuAssignment.CONSUMER);
            if (hasText(producer.fallbackReason) || hasText(consumer.fallbackReason)) {
                fallbacks.merge("CPUs " + RunFolder.cpu(producer.requestedCpu) + " (producer) and "
                        + RunFolder.cpu(consumer.requestedCpu) + " (consumer) were asked for but not usable: "
                        + "ran on CPUs " + RunFolder.cpu(producer.actualCpus) + " and "
                        + RunFolder.cpu(consumer.actualCpus), 1, Integer::sum);
            }
            for (final String thread : new String[] {CpuAssignment.PRODUCER, CpuAssignment.CONSUMER}) {
                final RunResults.Placement pin = folder.results.placement(thread);
                if (Boolean.FALSE.equals(pin.pinnedAsPlanned)) {
                    notAsPlanned.merge(thread + " thread not pinned as planned (planned CPU "
                            + RunFolder.cpu(pin.plannedCpu) + ", ran on " + RunFolder.cpu(pin.actualCpus)
                            + (hasText(pin.pinningNote) ? ": " + pin.pinningNote : "")
                            + ")", 1, Integer::sum);
                }
            }
        }
        counted(fallbacks, folders.size());
        counted(notAsPlanned, folders.size());
    }

    private void isolation() {
        final List<RunFolder> folders = reported.folders();
        final long notIsolated = withoutFact(folders, EnvironmentInfo.ISOLATED_CPUS);
        final long noNohz = withoutFact(folders, EnvironmentInfo.NOHZ_FULL_CPUS);
        if (notIsolated > 0) {
            line("No isolated CPUs (isolatedCpus empty) in " + notIsolated + " of " + folders.size()
                    + " run folders: the kernel could schedule other work on the benchmark's CPUs, which shows in "
                    + "the tail. The article ran on isolated cores.");
        }
        if (noNohz > 0) {
            line("No nohz_full CPUs in " + noNohz + " of " + folders.size() + " run folders: the "
                    + "scheduler tick still interrupts the pinned threads.");
        }
    }

    /** How many of the folders have an empty environment fact {@code key}. */
    private static long withoutFact(final List<RunFolder> folders, final String key) {
        return folders.stream().filter(folder -> folder.environment().path(key).asText("").isEmpty()).count();
    }

    private void settings() {
        final List<RunFolder> folders = reported.folders();
        final DoubleSummaryStatistics measured = folders.stream().map(folder -> folder.results.durations)
                .filter(durations -> durations != null && durations.measuredSeconds != null)
                .mapToDouble(durations -> durations.measuredSeconds).summaryStatistics();
        if (measured.getMin() < ARTICLE_SECONDS) {
            line(String.format(Locale.ROOT, "Measured %.1f to %.1f s per run folder (the article: 100 s): "
                    + "fewer samples, so the far tail rests on fewer events.", measured.getMin(), measured.getMax()));
        }
        final String rates = RunFolder.distinct(folders, f -> f.results.setting(Settings.RATE.name()));
        if (!rates.isEmpty() && !ARTICLE_RATE.equals(rates)) {
            line("Rate " + rates + " msg/s (the article: 100,000 msg/s): latency depends on the rate.");
        }
    }

    private void fewSamples(final JvmGroup group) {
        for (final Latency latency : Latency.ALL) {
            final List<String> thin = new ArrayList<>();
            for (final Percentile percentile : Percentile.values()) {
                final int runs = group.notMeaningfulRuns(latency, percentile);
                if (runs > 0) {
                    thin.add(percentile.label() + " (" + runs + " of " + group.measuredRuns().size() + " runs)");
                }
            }
            if (!thin.isEmpty()) {
                line(group.label + ", " + latency.title() + ": " + String.join(", ", thin)
                        + " had fewer than 10 samples above it: one or two outliers, not a property of the JVM.");
            }
        }
    }

    private void jvmActivity(final JvmGroup group) {
        final List<String> alloc = new ArrayList<>();
        final List<String> jit = new ArrayList<>();
        final List<String> gc = new ArrayList<>();
        final List<String> clamped = new ArrayList<>();
        final List<String> allocAfterGc = new ArrayList<>();
        final List<String> allocAfterSteady = new ArrayList<>();
        for (final RunFolder folder : group.folders) {
            final RunResults.Allocation allocation = folder.results.checks().allocation();
            final RunResults.JvmActivity activity = folder.results.checks().jvmDuringMeasurement();
            if (allocation.producerBytes != 0 || allocation.consumerBytes != 0) {
                alloc.add(allocation.producerBytes + " B producer / " + allocation.consumerBytes + " B consumer");
                final String name = folder.folder.getFileName().toString();
                if (folder.gcsReachingWindow > 0 && Transports.CHRONICLE.equals(group.transport)) {
                    allocAfterGc.add(name);
                } else if (folder.gcsReachingWindow == 0 && folder.results.section(
                        SteadyStateWatch.SUMMARY_SECTION).path(SteadyStateWatch.REACHED).asBoolean(false)) {
                    allocAfterSteady.add(name);
                }
            }
            if (activity.jitCompileMillis > 0) {
                jit.add(activity.jitCompileMillis + " ms");
            }
            if (activity.gcCount > 0) {
                gc.add(Long.toString(activity.gcCount));
            }
            for (final Latency latency : Latency.ALL) {
                final Ladder ladder = folder.results.latency(latency);
                final long n = ladder == null ? 0 : ladder.clampedSamples();
                if (n > 0) {
                    clamped.add(n + " " + latency.title());
                }
            }
        }
        add(group, alloc, "the measured loops allocated", ": the hot path is not allocation-free there");
        add(group, allocAfterGc, "allocation with a GC in the measured window or the second before it",
                ": " + RunSummary.ALLOCATION_AFTER_GC);
        add(group, allocAfterSteady, "allocation after a steady warm-up with no GC near the window",
                ": " + RunSummary.ALLOCATION_AFTER_STEADY_WARM_UP);
        add(group, jit, "the JIT compiled during the measurement",
                ": code was still being (re)compiled while measured");
        add(group, gc, "garbage collections during the measurement", "");
        add(group, clamped, "samples above the histogram's range were clamped", "");
    }

    private void auditWarnings() {
        final Map<String, List<JsonNode>> warnings = new LinkedHashMap<>();
        for (final RunFolder folder : reported.folders()) {
            final JsonNode audit = folder.results.section(EnvironmentAudit.SECTION);
            for (final JsonNode warning : audit.path(EnvironmentAudit.WARNINGS)) {
                warnings.computeIfAbsent(warning.isTextual() ? warning.asText() : warning.toString(),
                        text -> new ArrayList<>()).add(warning);
            }
        }
        final int of = reported.folders().size();
        for (final Map.Entry<String, List<JsonNode>> copies : warnings.entrySet()) {
            final JsonNode warning = copies.getValue().get(0);
            if (!warning.isObject()) {
                line("Environment audit: " + copies.getKey() + " (in " + copies.getValue().size() + " of " + of
                        + " run folders).");
                continue;
            }
            // One line per check and wording: a check can warn twice about one folder in different words
            // (load average, and other processes' busy time), and adding those would count that folder twice.
            final String check = warning.path("check").asText();
            final String problem = warning.path("problem").asText();
            fold("audit\u0000" + check + '\u0000' + NUMBER.matcher(problem).replaceAll("#"),
                    new String[] {problem, warning.path("fix").asText(), String.valueOf(copies.getValue().size())},
                    entries -> auditLine(check, entries, of));
        }
    }

    private static boolean hasText(final String text) {
        return text != null && !text.isEmpty();
    }

    /** "label: what (values) in n of N run folders: why."; with several JVMs "n JVMs: each (values; n of N): ...". */
    private void add(final JvmGroup group, final List<String> values, final String what, final String why) {
        if (!values.isEmpty()) {
            final String joined = String.join(", ", values);
            final String runs = values.size() + " of " + group.folders.size();
            final String kind = what + why + ".";
            fold("jvm\u0000" + kind, new String[] {group.label + " (" + joined + "; " + runs + ")",
                    group.label + ": " + what + " (" + joined + ") in " + runs + " run folders" + why + "."},
                    entries -> entries.size() == 1 ? entries.get(0)[1] : entries.size() + " JVMs: "
                            + entries.stream().map(entry -> entry[0]).collect(Collectors.joining(", ")) + ": " + kind);
        }
    }

    private void line(final String text) {
        caveats.add(() -> text);
    }

    /** Adds an entry to the fold of {@code key}; the fold's line, {@code line} of all its entries, stands here. */
    private void fold(final String key, final String[] entry, final Function<List<String[]>, String> line) {
        folds.computeIfAbsent(key, k -> {
            final List<String[]> entries = new ArrayList<>();
            caveats.add(() -> line.apply(entries));
            return entries;
        }).add(entry);
    }

    /** One audit check's warnings of one wording: entries are {problem, fix, run folders}. */
    static String auditLine(final String check, final List<String[]> entries, final int of) {
        final int count = entries.stream().mapToInt(entry -> Integer.parseInt(entry[2])).sum();
        return "Environment audit, " + check + " (in " + count + " of " + of + " run folders): " + ranges(entries)
                + (entries.get(0)[1].isEmpty() ? "" : "; fix: " + entries.get(0)[1]);
    }

    /** The problem text (one shape); where the numbers differ between run folders, each becomes its range. */
    private static String ranges(final List<String[]> entries) {
        final List<double[]> bounds = new ArrayList<>();
        for (final String[] entry : entries) {
            final Matcher numbers = NUMBER.matcher(entry[0]);
            for (int i = 0; numbers.find(); i++) {
                final double value = Double.parseDouble(numbers.group());
                if (bounds.size() <= i) {
                    bounds.add(new double[] {value, value});
                }
                bounds.get(i)[0] = Math.min(bounds.get(i)[0], value);
                bounds.get(i)[1] = Math.max(bounds.get(i)[1], value);
            }
        }
        final Matcher numbers = NUMBER.matcher(entries.get(0)[0]);
        final StringBuffer out = new StringBuffer();
        for (int i = 0; numbers.find(); i++) {
            final double[] b = bounds.get(i);
            numbers.appendReplacement(out, b[0] == b[1] ? numbers.group() : plain(b[0]) + "–" + plain(b[1]));
        }
        numbers.appendTail(out);
        return out.toString();
    }

    private static String plain(final double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private void counted(final Map<String, Integer> texts, final int of) {
        for (final Map.Entry<String, Integer> text : texts.entrySet()) {
            line(text.getKey() + " (in " + text.getValue() + " of " + of + " run folders).");
        }
    }
}
