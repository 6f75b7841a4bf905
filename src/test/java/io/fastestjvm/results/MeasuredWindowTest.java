package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.model.Ladder;
import io.fastestjvm.results.model.Percentile;
import io.fastestjvm.results.model.RunResults;

/** A measured window as summary.json's {@code windows} entry, and the windows of a format-2 and a format-3 file. */
class MeasuredWindowTest {
    /** 2026-11-27 15:00 UTC. */
    private static final long START_MILLIS = 1_795_791_600_000L;

    private static MeasuredWindow window() {
        final Histogram actual = LatencyRecorder.newHistogram();
        final Histogram intended = LatencyRecorder.newHistogram();
        actual.recordValueWithCount(900, 3);
        actual.recordValue(1_000);
        intended.recordValueWithCount(1_100, 4);
        return MeasuredWindow.startingAt(START_MILLIS, 5_000, 100_000_000_000L)
                .histogram(Latency.ACTUAL_SEND, actual).histogram(Latency.INTENDED_SEND, intended)
                .jvm(RunResults.JvmActivity.JIT_COMPILE_MILLIS, 25).jvm(RunResults.JvmActivity.GC_COUNT, 0)
                .jvm("safepoints", 1).jvm("hotPathDeopts", -1)
                .allocation(RunResults.Allocation.PRODUCER_BYTES, 0)
                .allocation(RunResults.Allocation.CONSUMER_BYTES, 240)
                .interference("stealMillis", 3).build();
    }

    @Test
    void aWindowWritesItsEdgesLaddersAndCountersAsOneWindowsEntry() throws IOException {
        final String expected = "{\"startEpochMillis\":1795791600000,\"endEpochMillis\":1795791700000,"
                + "\"startNanos\":5000,\"lengthNanos\":100000000000,\"latency\":{\"unit\":\"ns\","
                + "\"actualSend\":" + ladder(900, 1000, 4) + ",\"intendedSend\":" + ladder(1100, 1100, 4) + "},"
                + "\"jvmActivity\":{\"jitCompileMillis\":25,\"gcCount\":0,\"safepoints\":1},"
                + "\"allocation\":{\"producerBytes\":0,\"consumerBytes\":240},\"interference\":{\"stealMillis\":3}}";
        final ObjectMapper json = new ObjectMapper();
        assertEquals(json.readTree(expected), json.readTree(json.writeValueAsString(window().toSummary())),
                "an unavailable counter (hotPathDeopts -1) is left out");
        assertEquals(-1, window().counter("hotPathDeopts"));
        assertEquals(240, window().counter(RunResults.Allocation.CONSUMER_BYTES));
    }

    @Test
    void aBuiltWindowCannotBeChangedThroughItsBuilder() {
        final MeasuredWindow.Builder builder = MeasuredWindow.startingAt(START_MILLIS, 5_000, 1_000_000_000L)
                .allocation(RunResults.Allocation.CONSUMER_BYTES, 0);
        final MeasuredWindow built = builder.build();
        assertThrows(IllegalStateException.class, () -> builder.allocation(RunResults.Allocation.CONSUMER_BYTES, 8));
        assertThrows(IllegalStateException.class, () -> builder.jvm("safepoints", 1));
        assertThrows(IllegalStateException.class, builder::build);
        assertEquals(0, built.counter(RunResults.Allocation.CONSUMER_BYTES));
        assertEquals(-1, built.counter("safepoints"));
    }

    /** The ladder Ladder.of writes for these samples, as the top-level latency section has it. */
    private static String ladder(final long p50, final long worst, final long count) throws IOException {
        final Histogram histogram = LatencyRecorder.newHistogram();
        histogram.recordValueWithCount(p50, count - 1);
        histogram.recordValue(worst);
        return new ObjectMapper().writeValueAsString(RunResults.tree(
                io.fastestjvm.results.model.Ladder.of(histogram)));
    }

    @Test
    void aFormatThreeSummaryReadsItsWindowsBack() throws IOException {
        final MeasuredWindow window = window();
        final RunSummary summary = new RunSummary.Builder().phases(10, 4, 1).counts(14, 14).window(window)
                .latency(Latency.ACTUAL_SEND.fileStem(), Collections.<Ladder>emptyList(), 0)
                .latency(Latency.INTENDED_SEND.fileStem(), Collections.<Ladder>emptyList(), 0)
                .durations(window.startNanos() - 2_000_000_000L, window.startNanos() + window.lengthNanos(), 1_234)
                .build();
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ObjectMapper().writeValue(out, summary.json());
        final RunResults read = RunResults.read(new ByteArrayInputStream(out.toByteArray()));
        assertEquals(3, read.formatVersion);
        final List<RunResults.Window> windows = read.windows;
        assertEquals(1, windows.size());
        assertEquals(START_MILLIS, (long) windows.get(0).startEpochMillis);
        assertEquals(100_000_000_000L, (long) windows.get(0).lengthNanos);
        final Map<String, Long> jvm = new LinkedHashMap<>(); // hotPathDeopts -1: unavailable, left out
        jvm.put(RunResults.JvmActivity.JIT_COMPILE_MILLIS, 25L);
        jvm.put(RunResults.JvmActivity.GC_COUNT, 0L);
        jvm.put("safepoints", 1L);
        assertEquals(jvm, windows.get(0).jvmActivity);
        assertEquals(900, windows.get(0).latency.get(Latency.ACTUAL_SEND).value(Percentile.P50), 0);
        assertEquals(2.0, read.durations.warmupSeconds, 0);
        assertEquals(100.0, read.durations.measuredSeconds, 0);
        assertEquals(1_234L, (long) read.durations.warmupStartUptimeMillis, "for lining up jstat -t's timeline");
    }
}
