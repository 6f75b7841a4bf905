package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

/** What the summaries themselves say to be wary of (placement, isolation, thin tails, failures, JVM activity). */
final class Caveats {
    private static final double ARTICLE_SECONDS = 100;
    private static final String ARTICLE_RATE = "100000";

    private final ReportedSets reported;
    private final List<String> caveats = new ArrayList<>();

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
        return c.caveats;
    }

    private void failures() {
        for (final JvmGroup group : reported.groups()) {
            for (final Failure failure : group.failures()) {
                final StringBuilder text = new StringBuilder("**FAILED: " + failure.what + "** - "
                        + failure.reason);
                if (!failure.outputTail.isEmpty()) {
                    text.append("\n  <details><summary>last output</summary>\n\n  ```\n");
                    for (final String line : failure.outputTail.split("\n")) {
                        text.append("  ").append(line).append('\n');
                    }
                    text.append("  ```\n  </details>");
                }
                caveats.add(text.toString());
            }
            if (!group.hasFigures()) {
                caveats.add("**" + group.label() + " has no figures**: no run of it passed, so it is missing from "
                        + "the charts and shown as failed in the tables.");
            }
        }
        for (final ResultsSet set : reported.sets()) {
            for (final Failure ignored : set.ignored()) {
                caveats.add("**IGNORED: " + (reported.sets().size() > 1 ? set.name() + "/" : "") + ignored.what
                        + "** - " + ignored.reason);
            }
        }
    }

    private void affinity() {
        final Map<String, Integer> fallbacks = new LinkedHashMap<>();
        final Map<String, Integer> notAsPlanned = new LinkedHashMap<>();
        final List<RunFolder> folders = reported.folders();
        for (final RunFolder folder : folders) {
            final RunResults.Placement producer = folder.results().placement(CpuAssignment.PRODUCER);
            final RunResults.Placement consumer = folder.results().placement(CpuAssignment.CONSUMER);
            if (hasText(producer.fallbackReason) || hasText(consumer.fallbackReason)) {
                fallbacks.merge("CPUs " + or(producer.requestedCpu) + " (producer) and "
                        + or(consumer.requestedCpu) + " (consumer) were asked for but not usable: "
                        + "ran on CPUs " + or(producer.actualCpus) + " and "
                        + or(consumer.actualCpus), 1, Integer::sum);
            }
            for (final String thread : new String[] {CpuAssignment.PRODUCER, CpuAssignment.CONSUMER}) {
                final RunResults.Placement pin = folder.results().placement(thread);
                if (Boolean.FALSE.equals(pin.pinnedAsPlanned)) {
                    notAsPlanned.merge(thread + " thread not pinned as planned (planned CPU "
                            + or(pin.plannedCpu) + ", ran on " + or(pin.actualCpus)
                            + (hasText(pin.pinningNote) ? ": " + pin.pinningNote : "")
                            + ")", 1, Integer::sum);
                }
            }
        }
        counted(fallbacks, folders.size());
        counted(notAsPlanned, folders.size());
    }

    private void isolation() {
        int notIsolated = 0;
        int noNohz = 0;
        final List<RunFolder> folders = reported.folders();
        for (final RunFolder folder : folders) {
            if (folder.environment().path(EnvironmentInfo.ISOLATED_CPUS).asText("").isEmpty()) {
                notIsolated++;
            }
            if (folder.environment().path(EnvironmentInfo.NOHZ_FULL_CPUS).asText("").isEmpty()) {
                noNohz++;
            }
        }
        if (notIsolated > 0) {
            caveats.add("No isolated CPUs (isolatedCpus empty) in " + notIsolated + " of " + folders.size()
                    + " run folders: the kernel could schedule other work on the benchmark's CPUs, which shows in "
                    + "the tail. The article ran on isolated cores.");
        }
        if (noNohz > 0) {
            caveats.add("No nohz_full CPUs in " + noNohz + " of " + folders.size() + " run folders: the "
                    + "scheduler tick still interrupts the pinned threads.");
        }
    }

    private void settings() {
        final List<RunFolder> folders = reported.folders();
        double shortest = Double.MAX_VALUE;
        double longest = 0;
        for (final RunFolder folder : folders) {
            final RunResults.Durations durations = folder.results().durations;
            if (durations != null && durations.measuredSeconds != null) {
                final double seconds = durations.measuredSeconds;
                shortest = Math.min(shortest, seconds);
                longest = Math.max(longest, seconds);
            }
        }
        if (shortest < ARTICLE_SECONDS) {
            caveats.add(String.format(Locale.ROOT, "Measured %.1f to %.1f s per run folder (the article: 100 s): "
                    + "fewer samples, so the far tail rests on fewer events.", shortest, longest));
        }
        final String rates = Facts.distinct(folders, f -> f.results().setting(Settings.RATE.name()));
        if (!rates.isEmpty() && !ARTICLE_RATE.equals(rates)) {
            caveats.add("Rate " + rates + " msg/s (the article: 100,000 msg/s): latency depends on the rate.");
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
                caveats.add(group.label() + ", " + latency.title() + ": " + String.join(", ", thin)
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
        for (final RunFolder folder : group.folders()) {
            final RunResults.Checks checks = folder.results().checks();
            final long producerBytes = checks.allocation().producerBytes;
            final long consumerBytes = checks.allocation().consumerBytes;
            final long gcCount = checks.jvmDuringMeasurement().gcCount;
            if (producerBytes != 0 || consumerBytes != 0) {
                alloc.add(producerBytes + " B producer / " + consumerBytes + " B consumer");
                final String name = folder.folder().getFileName().toString();
                if (folder.gcsReachingWindow() > 0 && Transports.CHRONICLE.equals(group.transport())) {
                    allocAfterGc.add(name);
                } else if (folder.gcsReachingWindow() == 0 && folder.results().section(
                        SteadyStateWatch.SUMMARY_SECTION).path(SteadyStateWatch.REACHED).asBoolean(false)) {
                    allocAfterSteady.add(name);
                }
            }
            final long jitMillis = checks.jvmDuringMeasurement().jitCompileMillis;
            if (jitMillis > 0) {
                jit.add(jitMillis + " ms");
            }
            if (gcCount > 0) {
                gc.add(Long.toString(gcCount));
            }
            for (final Latency latency : Latency.ALL) {
                final Ladder ladder = folder.results().latency(latency);
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
        final Map<String, Integer> warnings = new LinkedHashMap<>();
        for (final RunFolder folder : reported.folders()) {
            final JsonNode audit = folder.results().section(EnvironmentAudit.SECTION);
            for (final JsonNode warning : audit.path(EnvironmentAudit.WARNINGS)) {
                warnings.merge("Environment audit: " + (warning.isTextual() ? warning.asText() : warning.toString()),
                        1, Integer::sum);
            }
        }
        counted(warnings, reported.folders().size());
    }

    private static boolean hasText(final String text) {
        return text != null && !text.isEmpty();
    }

    private static String or(final Object value) {
        return value == null ? "?" : value.toString();
    }

    /** "label: what (values) in n of N run folders: why." */
    private void add(final JvmGroup group, final List<String> values, final String what, final String why) {
        if (!values.isEmpty()) {
            caveats.add(group.label() + ": " + what + " (" + String.join(", ", values) + ") in " + values.size()
                    + " of " + group.folders().size() + " run folders" + why + ".");
        }
    }

    private void counted(final Map<String, Integer> texts, final int of) {
        for (final Map.Entry<String, Integer> text : texts.entrySet()) {
            caveats.add(text.getKey() + " (in " + text.getValue() + " of " + of + " run folders).");
        }
    }
}
