package io.fastestjvm.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Scanner;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK 8 and 11 parsers on logs written by real JVMs (src/test/resources/timeline, made by TrapOnce.java.txt
 * with the flags {@link HotSpotLogs#childJvmFlags} gives): the uncommon trap the program provokes on its
 * qp-consumer thread, the compilations, the safepoints and the System.gc() pause.
 */
class HotSpotLogsTest {
    private static final long VM_START_MILLIS = 1_700_000_000_000L;

    @TempDir
    Path temp;

    @Test
    void childFlagsDependOnTheJdkAndNameFilesThisJvmFindsAgain() {
        final Path dir = temp.resolve("events");
        assertEquals(Collections.emptyList(), HotSpotLogs.childJvmFlags(17, dir), "JDK 14+ records JFR in-process");
        final List<String> jdk11 = HotSpotLogs.childJvmFlags(11, dir);
        assertTrue(jdk11.contains("-XX:+LogCompilation"));
        assertTrue(java.nio.file.Files.isDirectory(dir), "the JVM cannot create it");
        assertTrue(jdk11.stream().anyMatch(f -> f.startsWith("-Xlog:safepoint")), jdk11.toString());
        final List<String> jdk8 = HotSpotLogs.childJvmFlags(8, dir);
        assertFalse(jdk8.stream().anyMatch(f -> f.startsWith("-Xlog:")), "JDK 8 has no -Xlog: " + jdk8);
        assertTrue(jdk8.contains("-XX:+PrintGCApplicationStoppedTime"));

        final HotSpotLogs.LogFiles found11 = HotSpotLogs.found(jdk11);
        assertEquals(dir.resolve(HotSpotLogs.COMPILATION_LOG), found11.compilation);
        assertEquals(dir.resolve(HotSpotLogs.SAFEPOINT_LOG), found11.safepoints);
        assertNull(found11.gc);
        final HotSpotLogs.LogFiles found8 = HotSpotLogs.found(jdk8);
        assertEquals(dir.resolve(HotSpotLogs.GC_LOG), found8.gc);
        assertNull(found8.safepoints);
    }

    @Test
    void jdk11CompilationLogGivesTheProvokedTrapOnItsThreadAndTheCompilations() throws IOException {
        final String tid = text("jdk11/consumer.tid").trim();
        final List<JvmEvent> events;
        try (Reader log = gzipped("jdk11/compilation.log.gz")) {
            events = HotSpotLogs.parseCompilationLog(log, VM_START_MILLIS,
                    Collections.singletonMap(tid, "qp-consumer"), true);
        }
        final List<JvmEvent> traps = events.stream().filter(e -> JvmEvent.DEOPTIMIZATION.equals(e.kind)
                && "TrapOnce::work".equals(e.method)).collect(Collectors.toList());
        assertEquals(1, traps.size(), traps.toString());
        final JvmEvent trap = traps.get(0);
        assertEquals("qp-consumer", trap.thread);
        assertEquals(4, trap.tier);
        assertTrue(trap.reason.startsWith("unstable_if/reinterpret bci "), trap.reason);
        assertTrue(trap.epochMicros > VM_START_MILLIS * 1000 && trap.epochMicros < (VM_START_MILLIS + 60_000) * 1000);

        final List<JvmEvent> compilations = events.stream().filter(e -> JvmEvent.COMPILATION.equals(e.kind))
                .collect(Collectors.toList());
        assertTrue(compilations.stream().anyMatch(e -> "TrapOnce::work".equals(e.method) && e.tier == 4),
                "C2 compiled the method before the trap");
        assertTrue(compilations.stream().allMatch(e -> e.tier >= 1 && e.tier <= 4), "native wrappers are skipped");

        JvmEvent.markHotPath(events);
        assertTrue(trap.hotPath, "deoptimised on qp-consumer");
        assertTrue(compilations.stream().filter(e -> "TrapOnce::work".equals(e.method)).allMatch(e -> e.hotPath),
                "a method deoptimised on a benchmark thread is hot-path when compiled");
        assertFalse(compilations.stream().filter(e -> e.method.startsWith("java.lang.String::"))
                .anyMatch(e -> e.hotPath));
    }

    @Test
    void jdk11SafepointLogGivesOperationTimeToSafepointAndTheGcPause() throws IOException {
        final List<JvmEvent> events;
        try (Reader log = gzipped("jdk11/safepoint.log.gz")) {
            events = HotSpotLogs.parseSafepointLog(log, VM_START_MILLIS);
        }
        final List<JvmEvent> safepoints = events.stream().filter(e -> JvmEvent.SAFEPOINT.equals(e.kind))
                .collect(Collectors.toList());
        assertTrue(safepoints.size() >= 2, events.toString());
        assertTrue(safepoints.stream().anyMatch(e -> "G1CollectFull".equals(e.method)), safepoints.toString());
        for (final JvmEvent s : safepoints) {
            assertTrue(s.method != null && s.durationNanos > 0 && s.timeToSafepointNanos >= 0
                    && s.timeToSafepointNanos <= s.durationNanos, s.toString());
        }
        final List<JvmEvent> gcs = events.stream().filter(e -> JvmEvent.GC.equals(e.kind)).collect(Collectors.toList());
        assertEquals(1, gcs.size(), gcs.toString());
        assertEquals("Pause Full", gcs.get(0).method);
        assertEquals("System.gc()", gcs.get(0).reason);
        assertTrue(gcs.get(0).durationNanos > 0);
    }

    @Test
    void jdk8LogsGiveTheTrapWithoutAThreadAndStoppedTimesWithoutAnOperation() throws IOException {
        final List<JvmEvent> compilationEvents;
        try (Reader log = gzipped("jdk8/compilation.log.gz")) {
            compilationEvents = HotSpotLogs.parseCompilationLog(log, VM_START_MILLIS,
                    Collections.singletonMap(text("jdk8/consumer.tid").trim(), "qp-consumer"), false);
        }
        final List<JvmEvent> traps = compilationEvents.stream().filter(e -> JvmEvent.DEOPTIMIZATION.equals(e.kind)
                && "TrapOnce::work".equals(e.method)).collect(Collectors.toList());
        assertEquals(1, traps.size(), traps.toString());
        assertNull(traps.get(0).thread, "JDK 8 logs a pthread handle, not a thread id");
        assertTrue(traps.get(0).reason.startsWith("unstable_if/"), traps.get(0).reason);
        JvmEvent.markHotPath(compilationEvents);
        assertFalse(traps.get(0).hotPath, "thread unknown: decided by class, and TrapOnce is no hot-path class");

        final List<JvmEvent> gcEvents;
        try (Reader log = gzipped("jdk8/gc.log.gz")) {
            gcEvents = HotSpotLogs.parseSafepointLog(log, VM_START_MILLIS);
        }
        final List<JvmEvent> safepoints = gcEvents.stream().filter(e -> JvmEvent.SAFEPOINT.equals(e.kind))
                .collect(Collectors.toList());
        assertFalse(safepoints.isEmpty());
        assertTrue(safepoints.stream().allMatch(s -> s.method == null && s.timeToSafepointNanos <= s.durationNanos));
        final List<JvmEvent> gcs = gcEvents.stream().filter(e -> JvmEvent.GC.equals(e.kind))
                .collect(Collectors.toList());
        assertFalse(gcs.isEmpty());
        assertTrue(gcs.stream().allMatch(g -> "System.gc()".equals(g.reason) && g.durationNanos > 0), gcs.toString());
    }

    @Test
    void unifiedGcLinesGiveTheirCauses() throws IOException {
        final List<JvmEvent> events = HotSpotLogs.parseSafepointLog(new java.io.StringReader(
                "[2000000000ns][gc       ] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 24M->2M(256M) 3.500ms\n"),
                VM_START_MILLIS);
        assertEquals(1, events.size());
        assertEquals("Pause Young", events.get(0).method);
        assertEquals("Normal; G1 Evacuation Pause", events.get(0).reason);
        assertEquals(3_500_000, events.get(0).durationNanos);
        assertEquals(VM_START_MILLIS * 1000 + 2_000_000 - 3_500, events.get(0).epochMicros, "start = end - pause");
    }

    @Test
    void methodNamesFromBothJdksReadAlike() {
        assertEquals("java.lang.String::equals", HotSpotLogs.method("java/lang/String equals (Ljava/lang/Object;)Z"));
        assertEquals("java.lang.Object::<init>", HotSpotLogs.method("java.lang.Object &lt;init&gt; ()V"));
        assertTrue(JvmEvent.onHotPathClass("net.openhft.chronicle.wire.AbstractWire::enterHeader"));
        assertFalse(JvmEvent.onHotPathClass("java.util.HashMap::putVal"));
    }

    @Test
    void ofHdrHistogramOnlyTheRecordingMethodsAreOnTheHotPath() {
        assertTrue(JvmEvent.onHotPathClass("org.HdrHistogram.AbstractHistogram::recordValue"));
        assertTrue(JvmEvent.onHotPathClass("org.HdrHistogram.SingleWriterRecorder::recordValue"));
        assertTrue(JvmEvent.onHotPathClass("org.HdrHistogram.Histogram::incrementCountAtIndex"));
        assertFalse(JvmEvent.onHotPathClass("org.HdrHistogram.HistogramLogWriter::outputIntervalHistogram"));
        assertFalse(JvmEvent.onHotPathClass("org.HdrHistogram.AbstractHistogram::recordedValues"));
        assertFalse(JvmEvent.onHotPathClass("org.HdrHistogram.AbstractHistogram::getValueAtPercentile"));
    }

    private static Reader gzipped(final String resource) throws IOException {
        return new InputStreamReader(new GZIPInputStream(open(resource)), StandardCharsets.UTF_8);
    }

    private static String text(final String resource) throws IOException {
        try (Scanner scanner = new Scanner(open(resource), "UTF-8")) {
            return scanner.useDelimiter("\\A").next();
        }
    }

    private static InputStream open(final String resource) throws IOException {
        final InputStream in = HotSpotLogsTest.class.getResourceAsStream("/timeline/" + resource);
        if (in == null) {
            throw new IOException("missing test resource /timeline/" + resource);
        }
        return in;
    }

}
