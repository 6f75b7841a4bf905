package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.JitCode;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.engine.StagePlan;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.PinnedThread;
import io.fastestjvm.timing.PaddedCounter;

/**
 * The measured window calls the progress reporter once a second through {@code drainAndReport}. After the run's one
 * rehearsal that entry must have C2 code, and a run's warm-up, window and last seconds through it must neither
 * deoptimise nor compile anything on its path. When the rehearsal ran its measured seconds through another method, C2
 * compiled the reporter 70 s into CI's window, 489 ms of harness CPU; this test also caught C2 code compiled from
 * warm-up seconds alone, from other streams than a run's, from the warm-up's fast stage alone, and from seconds
 * without steal. The last seconds sample a benchmark thread that has ended (its /proc file fails, its allocation
 * counter reads -1): C2 once compiled those reads as traps, and C1 then compiled the sampler in the window. Its own
 * JVM (failsafe), so the JIT state is this test's.
 */
// the rehearsal takes 10-15 s here; then up to 20 s for C2's queue
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RehearsedReporterIT {
    private static final String ENTRY = "io.fastestjvm.results.ProgressReporter.drainAndReport";
    /** Calls past C2's threshold (5,000): an hour and a half of a run's window, 2-3 s here. */
    private static final int WINDOW_SECONDS = 6_000;
    /** The entry and the methods it calls once a second that C2 compiled in a window; C2 may inline them. */
    private static final List<String> PATH = Arrays.asList(ENTRY, "io.fastestjvm.results.ProgressReporter.drainLogs",
            "io.fastestjvm.results.ProgressReporter.report", "io.fastestjvm.timeline.IntervalTable.addSecond",
            "io.fastestjvm.timeline.IntervalTable.add", "io.fastestjvm.timeline.IntervalTable.delta",
            "io.fastestjvm.timeline.IntervalRow.set", "io.fastestjvm.timeline.SecondSampler.sample");

    @TempDir
    Path temp;

    @Test
    void afterTheRunsRehearsalTheWindowsEntryRunsC2CodeThatItKeeps() throws Exception {
        final AtomicLong received = new AtomicLong();
        final LatencyRecorder[] recorders = new LatencyRecorder[Latency.ALL.size()];
        final IntervalLog[] logs = new IntervalLog[recorders.length];
        final CountDownLatch end = new CountDownLatch(1);
        final Thread consumer = new BenchmarkThread(end);
        // a run's streams: the progress line's built as System.err is, a file per latency for the .hlog lines
        try (PrintStream err = new PrintStream(new BufferedOutputStream(new FileOutputStream("/dev/null"), 128), true);
             Closeable closeLogs = () -> IntervalLog.closeAll(logs)) {
            for (final Latency latency : Latency.ALL) {
                recorders[latency.ordinal()] = new LatencyRecorder(latency.fileStem(), 1, 1);
                logs[latency.ordinal()] = new IntervalLog(recorders[latency.ordinal()],
                        temp.resolve(latency.fileStem() + ".hlog"), 0);
            }
            // a started table, as a run's: this thread as the producer, one that ends before the last seconds
            final IntervalTable table = new IntervalTable(Long.MAX_VALUE);
            table.start(new PinnedThread(ThreadAffinity.currentThreadId(), Thread.currentThread().getId(),
                    new PaddedCounter()), ((BenchmarkThread) consumer).pinned(), null);
            // a run's plan: 10 fast warm-up seconds, then up to 10 paced ones; its window starts at message 200
            final StagePlan plan = new StagePlan(10, 100, 200, 100, 1, 10, false);
            final ProgressReporter reporter = new ProgressReporter(logs, () -> 0, received::get,
                    plan::measuredStart, plan::warmupSecondOf, plan.measuredMessages(), 20, 10, err, table);
            reporter.rehearse();
            final List<String> rehearsed = settledCode();

            // 100 warm-up seconds through both stages, one in four empty (the placement probe's), then measured
            // seconds: as many as C2's threshold, so that a method the window calls at tier 3 compiles here; then
            // the run's last seconds, once a benchmark thread has ended
            for (int second = 0; second < 100 + WINDOW_SECONDS + 5; second++) {
                if (second == 100 + WINDOW_SECONDS) {
                    end.countDown();
                    consumer.join();
                }
                final boolean warmup = second < 100;
                received.set(warmup ? 2 * second : 200 + second);
                for (int sample = 0; sample < (warmup && second % 4 == 3 ? 0 : 64); sample++) {
                    for (final LatencyRecorder recorder : recorders) {
                        (warmup ? recorder.warmupInterval() : recorder.measuredInterval()).recordValue(300 + sample);
                    }
                }
                reporter.drainAndReport();
            }
            table.close();
            assertEquals(rehearsed, JitCode.inUse(PATH), "code in use on the per-second path after 100 warm-up, "
                    + WINDOW_SECONDS + " measured and 5 last seconds, against after the rehearsal: compiled or"
                    + " deoptimised since");
        } finally {
            end.countDown();
        }
    }

    /** A thread that knows its ids once started and runs until {@code end}, as a benchmark thread until its stop. */
    private static final class BenchmarkThread extends Thread {
        private final CountDownLatch started = new CountDownLatch(1);
        private final CountDownLatch end;
        private volatile int nativeId;

        BenchmarkThread(final CountDownLatch end) {
            super("qp-test-consumer");
            this.end = end;
            setDaemon(true);
            start();
        }

        @Override
        public void run() {
            nativeId = ThreadAffinity.currentThreadId();
            started.countDown();
            try {
                end.await();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        PinnedThread pinned() throws InterruptedException {
            started.await();
            return new PinnedThread(nativeId, getId(), new PaddedCounter());
        }
    }

    /**
     * The path's code in use once the entry has C2 code and C2's queue holds none of the path; fails after 20 s. A
     * callee may keep tier 3 code if C2 inlined it wherever the path calls it.
     */
    private static List<String> settledCode() throws Exception {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            final String queue = JitCode.diagnostic("compilerQueue");
            if (JitCode.c2InUse(PATH).toString().contains(ENTRY + "#") && !queue.contains("ProgressReporter")) {
                return JitCode.inUse(PATH);
            }
            if (System.nanoTime() > deadline) {
                fail("no settled C2 code for " + ENTRY + " 20 s after the run's rehearsal; the path's code"
                        + " (compile id, tier, state 0 in use): " + JitCode.all(PATH) + "; C2's queue: " + queue);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }
}
