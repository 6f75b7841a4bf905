package io.fastestjvm.results;

import static io.fastestjvm.timeline.EvidenceColumns.SAFEPOINTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.model.Provenance;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.timeline.EvidenceColumns;
import io.fastestjvm.timeline.IntervalRow;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.TimelineAnalysis;

/**
 * Each summary.json key is spelled as a Java string literal ({@code "key"}) in one file of src/main/java only, so
 * a newcomer who renames or adds a field edits one place: the keys come from a summary shaped now by
 * {@link RunSummary.Builder} (formatVersion {@value RunResults#FORMAT_VERSION}) and from every published and
 * fixture summary (the fields older runs wrote, which the model still reads).
 */
class SummaryKeysSpelledOnceTest {
    /**
     * Keys that are also ordinary words of other files or other objects, with a different meaning there; spelling
     * them again is not a second place for the same fact.
     */
    private static final Set<String> ALLOWED = new HashSet<>(Arrays.asList(
            // generic words in profile.json, matrix.json, sweep.json and the report's own tables
            "passed", "problem", "reason", "status", "method", "name", "count", "min", "run", "runs", "seconds",
            "transport", "failures", "latency", "settings", "startedAt", "warmupSeconds", "worst", "p50", "p99",
            "check", "fix", "enabled", "checks", "benchmark", "kernel", "hostname",
            "windowSeconds", "implementation", "producer", "consumer", "affinity",
            // a level shift's attribution kind (TimelineAnalysis.JITTER), not the summary's jitter section
            "jitter",
            // the OS jitter probe's own CPU fields, in a layer below the results model's affinity section
            "plannedCpu", "actualCpus", "pinningNote",
            // matrix.json's across-runs variation of a group, not one run's variation across its sub-runs
            "variationPercent",
            // the transports' own facts: each transport describes itself
            "ringSlots", "producerWaitsForFullRing",
            // system properties and HotSpot options the JVM defines, read where each is needed
            "java.home", "java.version", "java.specification.version", "gc", "java.vm.name", "java.vm.version",
            // the slice protocol's words (slice.SliceProtocol), a contract of its own between a comparison and its
            // warm JVMs, and plan.json's record of a comparison (its variants' command lines, its provenance)
            "actualSend", "intendedSend", "gcCount", "safepoints", "p90", "mean", "sent", "command", "provenance",
            // the placement probe's change between its placements, not a level shift's change
            "changePercent",
            // intervals.csv's phase column, the same word in the summary's phases and placement probe
            "warmup"));

    @Test
    void everySummaryKeyIsSpelledInOneJavaFileOnly() throws IOException {
        final Set<String> keys = summaryKeys();
        assertTrue(keys.contains("provenance") && keys.contains("hotPathDeopts") && keys.contains("eventSource")
                && keys.contains("levelShifts"),
                "keys found: " + keys);
        assertEquals(Collections.emptyMap(), spelledInMoreThanOneFile(keys, mainSources(), ALLOWED));
    }

    @Test
    void aPlantedSecondSpellingIsCaught() throws IOException {
        final Map<String, String> sources = new LinkedHashMap<>(mainSources());
        sources.put("Planted.java", "class Planted { String key = \"hotPathDeopts\"; }");
        final Map<String, Set<String>> found = spelledInMoreThanOneFile(summaryKeys(), sources, ALLOWED);
        assertEquals(Collections.singleton("hotPathDeopts"), found.keySet());
        assertTrue(found.get("hotPathDeopts").contains("Planted.java"), found.toString());
    }

    /** Keys (not on the allow-list) spelled as {@code "key"} in more than one file, with those files. */
    static Map<String, Set<String>> spelledInMoreThanOneFile(final Set<String> keys,
            final Map<String, String> sourcesByFile, final Set<String> allowed) {
        final Map<String, Set<String>> found = new TreeMap<>();
        for (final String key : keys) {
            if (allowed.contains(key)) {
                continue;
            }
            final Set<String> files = new TreeSet<>();
            for (final Map.Entry<String, String> source : sourcesByFile.entrySet()) {
                if (source.getValue().contains("\"" + key + "\"")) {
                    files.add(source.getKey());
                }
            }
            if (files.size() > 1) {
                found.put(key, files);
            }
        }
        return found;
    }

    private static Set<String> summaryKeys() throws IOException {
        final Set<String> keys = new TreeSet<>();
        collect(fresh().json(), keys);
        final ObjectMapper mapper = new ObjectMapper();
        for (final String root : Arrays.asList("results", "src/test/resources")) {
            try (Stream<Path> files = Files.walk(Paths.get(root))) {
                for (final Path file : files.filter(p -> p.getFileName().toString().equals(RunSummary.FILE_NAME))
                        .collect(Collectors.toList())) {
                    collect(mapper.readTree(file.toFile()), keys);
                }
            }
        }
        return keys;
    }

    /** A summary shaped by the current code, with the parts a unit test can give it. */
    private static RunSummary fresh() {
        final List<IntervalRow> rows = new ArrayList<>();
        for (int second = 0; second < 40; second++) {
            final IntervalRow row = new IntervalRow();
            row.phase = IntervalRow.MEASURED;
            row.second = second;
            row.latency(Latency.ACTUAL_SEND).count = 100_000;
            // one level shift, with a safepoint in its second
            row.latency(Latency.ACTUAL_SEND).p50 = second < 20 ? 200 : 2_000;
            row.latency(Latency.ACTUAL_SEND).p99 = row.latency(Latency.ACTUAL_SEND).p50 * 2;
            row.latency(Latency.ACTUAL_SEND).max = 1_000 + second;
            row.set(SAFEPOINTS, second == 20 ? 1 : 0);
            rows.add(row);
        }
        final RunSummary.Builder builder = new RunSummary.Builder();
        TimelineAnalysis.of(rows).summarySections().forEach(builder::section);
        return builder
                .provenance(new Provenance("0000000", false, Collections.singletonMap("lib", "1")))
                .phases(10, 100, 1)
                .counts(110, 110)
                .jvmActivity(1, 2)
                .measuredSafepoints(3)
                .jvmEvidence(new IntervalTable(100).measuredTotals(), "test")
                .allocation(0, 0, null, 0, true)
                .window(MeasuredWindow.startingAt(1, 2, 3).jvm(RunResults.JvmActivity.GC_COUNT, 0)
                        .allocation(RunResults.Allocation.PRODUCER_BYTES, 0)
                        .interference(EvidenceColumns.STEAL_MILLIS, 0).build())
                .build();
    }

    private static void collect(final JsonNode node, final Set<String> keys) {
        if (node.isObject()) {
            final Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                final Map.Entry<String, JsonNode> field = fields.next();
                keys.add(field.getKey());
                collect(field.getValue(), keys);
            }
        } else if (node.isArray()) {
            node.forEach(child -> collect(child, keys));
        }
    }

    private static Map<String, String> mainSources() throws IOException {
        final Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(Paths.get("src/main/java"))) {
            for (final Path file : files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList())) {
                sources.put(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
            }
        }
        return sources;
    }
}
