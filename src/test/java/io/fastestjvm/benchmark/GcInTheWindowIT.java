package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.results.model.RunResults;
import io.fastestjvm.timeline.IntervalRow;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.JvmEvent;
import io.fastestjvm.transport.DecoratedTransport;
import io.fastestjvm.transport.MessageSender;

/**
 * A real Chronicle Queue run with a full GC forced two seconds into its measured window, at the default
 * qp.warmupGc=true. The GC clears Chronicle's weakly held index arrays, so the appender allocates them again and the
 * allocation check fails, naming the GC; but no Chronicle method may be deoptimised in the window. Without the
 * warm-up's collections C2 compiles the index lookup ({@code ThreadLocalHelper.getTL}) as if its reference were
 * never empty, and such a GC deoptimised it and moved the run's median (docs/steady-state.md).
 */
// sized to the run, about 3x: one run: 12 s warm-up + 4 s measured, ~40 s here
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class GcInTheWindowIT {
    private static final int RATE = 20_000;
    private static final int WARMUP_SECONDS = 12;
    private static final int SECONDS = 4;

    @TempDir
    Path temp;

    @Test
    void aGcInTheWindowAllocatesButChangesNoChronicleCode() throws Exception {
        final BenchmarkOptions options = BenchmarkOptions.defaults().withRate(RATE).withSeconds(SECONDS)
                .withWarmupSeconds(WARMUP_SECONDS).withSetting(Settings.QUEUE_DIR, temp.toFile())
                .withResultsDir(temp.resolve("results").toFile()).withSetting(Settings.PROFILE, "test")
                // the warm-up runs to its bound, so the measured window's first message is known in advance
                .withSetting(Settings.STEADY_SECONDS, WARMUP_SECONDS);
        final long gcAt = options.warmupMessages() + 2L * RATE;
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final BenchmarkResult result = new BenchmarkRun(options, new PrintStream(out, true, "UTF-8"), System.err)
                .wrapTransport(transport -> new DecoratedTransport(transport,
                        sender -> new CollectingSender(sender, gcAt), UnaryOperator.identity())).execute();
        System.out.print(new String(out.toByteArray(), StandardCharsets.UTF_8));
        final Path folder = result.resultsFolder();

        final List<Map<String, String>> events =
                ProvokedDeoptimisationIT.csv(folder.resolve(IntervalTable.EVENTS_FILE));
        final List<Map<String, String>> forced = events.stream().filter(e -> JvmEvent.GC.equals(e.get("kind"))
                && IntervalRow.MEASURED.equals(e.get("phase"))).collect(Collectors.toList());
        assertEquals(1, forced.size(), "the forced GC, in the window: " + forced);
        final List<Map<String, String>> chronicleDeopts = events.stream()
                .filter(e -> JvmEvent.DEOPTIMIZATION.equals(e.get("kind"))
                        && IntervalRow.MEASURED.equals(e.get("phase")) && e.get("method").startsWith("net.openhft."))
                .collect(Collectors.toList());
        assertEquals(0, chronicleDeopts.size(), "Chronicle code deoptimised in the window: " + chronicleDeopts);

        assertEquals(1, result.failures().size(), result.failures().toString());
        final String failure = result.failures().get(0);
        assertTrue(failure.startsWith("measured loops allocated: producer ") && failure.contains(
                "1 GC(s) in the measured window or the second before it, the likely cause: Chronicle"), failure);
        final JsonNode collections = RunResults.read(folder.resolve(RunResults.FILE_NAME)).tree()
                .at("/steadyState/warmupGcs");
        assertEquals(3, collections.size(), collections.toString());
    }

    /** Forces a full GC on the producer's thread just before it sends message {@code gcAt}. */
    private static final class CollectingSender implements MessageSender {
        private final MessageSender delegate;
        private final long gcAt;

        CollectingSender(final MessageSender delegate, final long gcAt) {
            this.delegate = delegate;
            this.gcAt = gcAt;
        }

        private long sequence;

        @Override
        public void prepare(final long next) {
            sequence = next;
            delegate.prepare(next);
        }

        @Override
        public void send(final long intendedSendNanos, final long actualSendNanos) {
            if (sequence == gcAt) {
                System.gc();
                delegate.send(intendedSendNanos, System.nanoTime()); // stamped after the pause, as a stalled producer
                return;
            }
            delegate.send(intendedSendNanos, actualSendNanos);
        }
    }
}
