package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.timeline.IntervalRow;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.JvmEvent;
import io.fastestjvm.timeline.JvmTimeline;

/**
 * The harness's once-a-second code must reach its compiled state before the measured window: each batch of code
 * compiled in the window costs a "Cleanup" safepoint that stops the pinned threads. From a real run's timeline:
 * no C1 compilation (tiers 1-3, a method's first compilations, which once-a-second calls trigger) of the progress
 * reporter's, interval log's or evidence table's classes in the measured window, and no compilation at all of
 * java.util.Formatter, which the per-second path no longer calls (the progress line and .hlog lines used it; while
 * HdrHistogram's log writer wrote the .hlog lines, Formatter could recompile in the window).
 */
// sized to the run, about 3x: one run: 8 s warm-up + 6 s measured, ~25 s here
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class HarnessCompilationsIT {
    private static final List<String> PER_SECOND_CLASSES = Arrays.asList("io.fastestjvm.results.ProgressReporter",
            "io.fastestjvm.results.ProgressLine", "io.fastestjvm.results.IntervalLog",
            "io.fastestjvm.timeline.IntervalTable", "io.fastestjvm.timeline.IntervalRow",
            "io.fastestjvm.timeline.SecondSampler", "io.fastestjvm.timeline.ProcCounter",
            "io.fastestjvm.timeline.JvmCounters", "org.HdrHistogram.HistogramLogWriter");

    @TempDir
    Path temp;

    @Test
    void noHarnessCodeIsCompiledForTheFirstTimeInTheMeasuredWindow() throws Exception {
        assertTrue(JvmTimeline.javaMajor() >= 14, "the tests run on JDK 17, whose JFR has jdk.Compilation");
        final BenchmarkOptions options = BenchmarkOptions.defaults().withSetting(Settings.TRANSPORT, "floor").withRate(20_000)
                .withSeconds(6).withWarmupSeconds(8).withSetting(Settings.QUEUE_DIR, temp.toFile())
                .withResultsDir(temp.resolve("results").toFile()).withSetting(Settings.PROFILE, "test")
                .withSetting(Settings.WARMUP_INDEX_BLOCKS, 0).withSetting(Settings.STEADY_SECONDS, 8);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final BenchmarkResult result = new BenchmarkRun(options, new PrintStream(out, true, "UTF-8"), System.err)
                .execute();
        System.out.print(new String(out.toByteArray(), StandardCharsets.UTF_8));
        assertEquals(0, result.exitCode(), "the run passed");

        final List<Map<String, String>> events = ProvokedDeoptimisationIT.csv(
                result.resultsFolder().resolve(IntervalTable.EVENTS_FILE));
        final List<String> offending = new ArrayList<>();
        int measuredCompilations = 0;
        for (final Map<String, String> event : events) {
            if (!JvmEvent.COMPILATION.equals(event.get("kind")) || !IntervalRow.MEASURED.equals(event.get("phase"))) {
                continue;
            }
            measuredCompilations++;
            final String method = event.get("method");
            final boolean firstCompilation = !"4".equals(event.get("tier"));
            if (method.startsWith("java.util.Formatter") || firstCompilation && perSecond(method)) {
                offending.add(method + " tier " + event.get("tier") + " second " + event.get("second"));
            }
        }
        assertTrue(events.size() > measuredCompilations, "the timeline recorded the run's compilations");
        assertEquals(new ArrayList<String>(), offending, "harness code compiled in the measured window");
    }

    private static boolean perSecond(final String method) {
        for (final String prefix : PER_SECOND_CLASSES) {
            if (method.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
