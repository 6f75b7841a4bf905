package io.fastestjvm.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the data itself says to be wary of, computed from the summaries: CPUs that were not the ones asked for, no
 * isolated CPUs, tail percentiles resting on a handful of samples, failures, allocation, JIT or GC during the
 * measurement, short runs, and the environment audit's own warnings. Each caveat is one markdown bullet.
 */
final class Caveats {
    private static final double ARTICLE_SECONDS = 100;
    private static final String ARTICLE_RATE = "100000";

    private final Comparison comparison;
    private final List<String> caveats = new ArrayList<>();

    private Caveats(final Comparison comparison) {
        this.comparison = comparison;
    }

    static List<String> of(final Comparison comparison) {
        final Caveats c = new Caveats(comparison);
        c.failures();
        c.affinity();
        c.isolation();
        c.settings();
        for (final JvmGroup group : comparison.groups()) {
            c.fewSamples(group);
            c.jvmActivity(group);
        }
        c.auditWarnings();
        return c.caveats;
    }

    private void failures() {
        for (final JvmGroup group : comparison.groups()) {
            for (final Failure failure : group.failures()) {
                final StringBuilder text = new StringBuilder("**FAILED: " + failure.what() + "** - "
                        + failure.reason());
                if (!failure.outputTail().isEmpty()) {
                    text.append("\n  <details><summary>last output</summary>\n\n  ```\n");
                    for (final String line : failure.outputTail().split("\n")) {
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
    }

    private void affinity() {
        final Map<String, Integer> fallbacks = new LinkedHashMap<>();
        final Map<String, Integer> notAsPlanned = new LinkedHashMap<>();
        final List<RunFolder> folders = comparison.folders();
        for (final RunFolder folder : folders) {
            final JsonNode producer = folder.summary().path("affinity").path("producer");
            final JsonNode consumer = folder.summary().path("affinity").path("consumer");
            if (hasText(producer.path("fallbackReason")) || hasText(consumer.path("fallbackReason"))) {
                fallbacks.merge("CPUs " + producer.path("requestedCpu").asText("?") + " (producer) and "
                        + consumer.path("requestedCpu").asText("?") + " (consumer) were asked for but not usable: "
                        + "ran on CPUs " + producer.path("actualCpus").asText("?") + " and "
                        + consumer.path("actualCpus").asText("?"), 1, Integer::sum);
            }
            for (final String thread : new String[] {"producer", "consumer"}) {
                final JsonNode pin = folder.summary().path("affinity").path(thread);
                if (pin.has("pinnedAsPlanned") && !pin.path("pinnedAsPlanned").asBoolean()) {
                    notAsPlanned.merge(thread + " thread not pinned as planned (planned CPU "
                            + pin.path("plannedCpu").asText("?") + ", ran on " + pin.path("actualCpus").asText("?")
                            + (hasText(pin.path("pinningNote")) ? ": " + pin.path("pinningNote").asText() : "")
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
        final List<RunFolder> folders = comparison.folders();
        for (final RunFolder folder : folders) {
            if (folder.environment().path("isolatedCpus").asText("").isEmpty()) {
                notIsolated++;
            }
            if (folder.environment().path("nohzFullCpus").asText("").isEmpty()) {
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
        final List<RunFolder> folders = comparison.folders();
        double shortest = Double.MAX_VALUE;
        double longest = 0;
        for (final RunFolder folder : folders) {
            final double seconds = folder.summary().path("durations").path("measuredSeconds").asDouble(Double.NaN);
            if (!Double.isNaN(seconds)) {
                shortest = Math.min(shortest, seconds);
                longest = Math.max(longest, seconds);
            }
        }
        if (shortest < ARTICLE_SECONDS) {
            caveats.add(String.format(Locale.ROOT, "Measured %.1f to %.1f s per run folder (the article: 100 s): "
                    + "fewer samples, so the far tail rests on fewer events.", shortest, longest));
        }
        final String rates = Facts.distinct(folders, f -> f.summary().path("settings").path("qp.rate"));
        if (!rates.isEmpty() && !ARTICLE_RATE.equals(rates)) {
            caveats.add("Rate " + rates + " msg/s (the article: 100,000 msg/s): latency depends on the rate.");
        }
    }

    private void fewSamples(final JvmGroup group) {
        final GroupFigures figures = new GroupFigures(group);
        for (final Latency latency : Latency.values()) {
            final List<String> thin = new ArrayList<>();
            for (final Percentile percentile : Percentile.values()) {
                final int runs = figures.notMeaningfulRuns(latency, percentile);
                if (runs > 0) {
                    thin.add(percentile.label() + " (" + runs + " of " + figures.runs().size() + " runs)");
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
        for (final RunFolder folder : group.folders()) {
            final JsonNode checks = folder.summary().path("checks");
            final long producerBytes = checks.path("allocation").path("producerBytes").asLong(0);
            final long consumerBytes = checks.path("allocation").path("consumerBytes").asLong(0);
            if (producerBytes != 0 || consumerBytes != 0) {
                alloc.add(producerBytes + " B producer / " + consumerBytes + " B consumer");
            }
            final long jitMillis = checks.path("jvmDuringMeasurement").path("jitCompileMillis").asLong(0);
            if (jitMillis > 0) {
                jit.add(jitMillis + " ms");
            }
            final long gcCount = checks.path("jvmDuringMeasurement").path("gcCount").asLong(0);
            if (gcCount > 0) {
                gc.add(Long.toString(gcCount));
            }
            for (final Latency latency : Latency.values()) {
                final long n = folder.summary().path("latency").path(latency.key()).path("clampedSamples").asLong(0);
                if (n > 0) {
                    clamped.add(n + " " + latency.title());
                }
            }
        }
        final int folders = group.folders().size();
        add(alloc, group.label() + ": the measured loops allocated (", ") in %d of " + folders
                + " run folders: the hot path is not allocation-free there.");
        add(jit, group.label() + ": the JIT compiled during the measurement (", ") in %d of " + folders
                + " run folders: code was still being (re)compiled while measured.");
        add(gc, group.label() + ": garbage collections during the measurement (", ") in %d of " + folders
                + " run folders.");
        add(clamped, group.label() + ": samples above the histogram's range were clamped (", ") in %d of "
                + folders + " run folders.");
    }

    private void auditWarnings() {
        final Map<String, Integer> warnings = new LinkedHashMap<>();
        for (final RunFolder folder : comparison.folders()) {
            for (final JsonNode warning : folder.summary().path("environmentAudit").path("warnings")) {
                warnings.merge("Environment audit: " + (warning.isTextual() ? warning.asText() : warning.toString()),
                        1, Integer::sum);
            }
        }
        counted(warnings, comparison.folders().size());
    }

    private static boolean hasText(final JsonNode node) {
        return node.isTextual() && !node.asText().isEmpty();
    }

    private void add(final List<String> values, final String before, final String after) {
        if (!values.isEmpty()) {
            caveats.add(before + String.join(", ", values) + String.format(after, values.size()));
        }
    }

    private void counted(final Map<String, Integer> texts, final int of) {
        for (final Map.Entry<String, Integer> text : texts.entrySet()) {
            caveats.add(text.getKey() + " (in " + text.getValue() + " of " + of + " run folders).");
        }
    }
}
