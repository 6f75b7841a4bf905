package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.timeline.IntervalRow;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.JvmEvent;
import io.fastestjvm.timeline.JvmTimeline;
import io.fastestjvm.transport.DecoratedTransport;
import io.fastestjvm.transport.MessageReceiver;

/**
 * A real run whose consumer, in the middle of the measured window, takes a branch that C2 compiled as never taken:
 * the timeline must show that deoptimisation on qp-consumer, as hot-path, in the second the consumer received the
 * message, and intervals.csv and summary.json must count it.
 */
// sized to the run, about 3x: one run: 8 s warm-up + 5 s measured, ~31 s here
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ProvokedDeoptimisationIT {
    private static final int RATE = 20_000;
    private static final int WARMUP_SECONDS = 8;
    private static final int SECONDS = 5;
    /** Two and a half seconds into the measured window. */
    private static final long TRAP_SEQUENCE = (long) RATE * WARMUP_SECONDS + RATE * 5L / 2;

    @TempDir
    Path temp;

    @Test
    void theTimelineShowsTheDeoptimisationOnTheConsumerInTheSecondItHappened() throws Exception {
        assertTrue(JvmTimeline.javaMajor() >= 14, "the tests run on JDK 17, whose JFR has jdk.Deoptimization");
        final BenchmarkOptions options = BenchmarkOptions.defaults().withSetting(Settings.TRANSPORT, "floor").withRate(RATE)
                .withSeconds(SECONDS).withWarmupSeconds(WARMUP_SECONDS).withSetting(Settings.QUEUE_DIR, temp.toFile())
                .withResultsDir(temp.resolve("results").toFile()).withSetting(Settings.PROFILE, "test")
                // a warm-up of exactly WARMUP_SECONDS at RATE, so the trap's sequence is known to be measured: no
                // index-block stage, and a steady-state stretch as long as the warm-up, so it runs to its bound
                .withSetting(Settings.WARMUP_INDEX_BLOCKS, 0).withSetting(Settings.STEADY_SECONDS, WARMUP_SECONDS);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final BenchmarkResult result = new BenchmarkRun(options, new PrintStream(out, true, "UTF-8"),
                new PrintStream(err, true, "UTF-8"))
                .wrapTransport(transport -> new DecoratedTransport(transport, UnaryOperator.identity(),
                        TrapReceiver::new)).execute();
        System.out.print(new String(out.toByteArray(), StandardCharsets.UTF_8));
        final String console = new String(err.toByteArray(), StandardCharsets.UTF_8);
        System.err.print(console);
        final Path folder = result.resultsFolder();

        final List<Map<String, String>> intervals = csv(folder.resolve(IntervalTable.FILE_NAME));
        long before = 0;
        String expectedSecond = null;
        for (final Map<String, String> row : intervals) {
            if (IntervalRow.MEASURED.equals(row.get("phase"))) {
                final long count = Long.parseLong(row.get("actualSendCount"));
                if (expectedSecond == null && before + count > TRAP_SEQUENCE - (long) RATE * WARMUP_SECONDS) {
                    expectedSecond = row.get("second");
                }
                before += count;
            }
        }
        assertTrue(expectedSecond != null, "the trap message was measured");

        final List<Map<String, String>> traps = new ArrayList<>();
        for (final Map<String, String> event : csv(folder.resolve(IntervalTable.EVENTS_FILE))) {
            if (JvmEvent.DEOPTIMIZATION.equals(event.get("kind")) && event.get("method").contains("TrapReceiver")) {
                traps.add(event);
            }
        }
        assertEquals(1, traps.size(), "one deoptimisation of the trap: " + traps);
        final Map<String, String> trap = traps.get(0);
        assertEquals("qp-consumer", trap.get("thread"));
        assertEquals("true", trap.get("hotPath"));
        assertTrue(trap.get("reason").startsWith("unstable_if/"), trap.get("reason"));
        assertEquals(IntervalRow.MEASURED, trap.get("phase"));
        assertEquals(expectedSecond, trap.get("second"), "the deoptimisation is in the second of the trap message");

        final Map<String, String> row = intervals.stream().filter(r -> IntervalRow.MEASURED.equals(r.get("phase"))
                && trap.get("second").equals(r.get("second"))).findFirst().get();
        assertTrue(Long.parseLong(row.get("hotPathDeopts")) >= 1, row.toString());
        final JsonNode jvm = RunResults.read(folder.resolve(RunResults.FILE_NAME)).tree()
                .path("checks").path("jvmDuringMeasurement");
        assertTrue(jvm.path("hotPathDeopts").asLong() >= 1, jvm.toString());
        assertTrue(console.contains("WARNING: the hot path was deoptimised " + jvm.path("hotPathDeopts").asLong()
                + " time(s) in the measured window (measured second " + trap.get("second")), console);
    }

    static List<Map<String, String>> csv(final Path file) throws java.io.IOException {
        final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        final String[] header = lines.get(0).split(",", -1);
        final List<Map<String, String>> rows = new ArrayList<>();
        for (final String line : lines.subList(1, lines.size())) {
            final String[] cells = line.split(",", -1);
            final Map<String, String> row = new java.util.LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    /** A receiver that takes a rare branch once, at {@link #TRAP_SEQUENCE}. */
    private static final class TrapReceiver implements MessageReceiver {
        static volatile long sink;
        private final MessageReceiver delegate;

        TrapReceiver(final MessageReceiver delegate) {
            this.delegate = delegate;
        }

        @Override
        public boolean poll(final ReceivedMessage into) {
            if (!delegate.poll(into)) {
                return false;
            }
            if (into.sequence == TRAP_SEQUENCE) {
                sink = into.sequence * 31;
            }
            return true;
        }
    }
}
