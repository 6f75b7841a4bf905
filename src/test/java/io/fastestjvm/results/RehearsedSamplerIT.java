package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import javax.management.ObjectName;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.PinnedThread;
import io.fastestjvm.timing.IdleTurns;

/**
 * A run's last seconds sample a benchmark thread that has ended (its /proc file fails, its allocation counter reads
 * -1). After the run's own rehearsal and C2's compilation of the sampler, those seconds must not deoptimise it: a
 * deoptimisation there is followed by C1 compiling the sampler in the measured window (seen in CI as
 * HarnessCompilationsIT's "SecondSampler::sample tier 3 second 5"). Its own JVM (failsafe), so the JIT state is
 * this test's.
 */
// the rehearsal ~2 s, C2's compile of the sampler a few s
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class RehearsedSamplerIT {
    private static final String SAMPLER_SAMPLE = "io.fastestjvm.timeline.SecondSampler.sample";

    @Test
    void samplingAThreadThatEndedKeepsTheSamplersC2Code() throws Exception {
        final PrintStream sink = new PrintStream(new OutputStream() {
            @Override
            public void write(final int b) {
            }
        });
        final LatencyRecorder recorder = new LatencyRecorder("real", 1, 1);
        try (IntervalLog log = new IntervalLog(recorder, null, sink, 0)) {
            new ProgressReporter(new IntervalLog[] {log, log}, () -> 0, () -> 0, () -> 10, sequence -> sequence,
                    10, 80, 100, sink, new IntervalTable(100)).rehearse(1_000, 15_000);
        }
        final String rehearsed = awaitC2(SAMPLER_SAMPLE);

        final IntervalTable table = new IntervalTable(Long.MAX_VALUE);
        startOnThisAndAnEndedThread(table);
        final Histogram[] empty = new Histogram[Latency.ALL.size()];
        for (int i = 0; i < empty.length; i++) {
            empty[i] = new Histogram(3);
        }
        for (int second = 0; second < 5; second++) {
            table.addSecond(empty, empty);
        }
        table.close();
        assertEquals(rehearsed, c2CompileId(SAMPLER_SAMPLE),
                "the sampler's C2 code (compile id) after sampling a thread that ended: a deoptimisation replaced it");
    }

    /** Waits, bounded, for C2's code of {@code method}; returns its compile id. */
    private static String awaitC2(final String method) throws Exception {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String id;
        while ((id = c2CompileId(method)) == null) {
            assertTrue(System.nanoTime() < deadline, method + " not compiled by C2 within 60 s of the rehearsal");
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
        return id;
    }

    /** The compile id of {@code method}'s C2 code in use, from jcmd's Compiler.codelist; null when there is none. */
    private static String c2CompileId(final String method) throws Exception {
        final String codelist = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerCodelist", new Object[0],
                new String[0]);
        for (final String line : codelist.split("\n")) {
            // "<compile id> <tier> <state> <method>(<signature>) [<code range>]"; state 0 = in use
            final String[] fields = line.trim().split("\\s+");
            if (fields.length > 3 && "4".equals(fields[1]) && "0".equals(fields[2])
                    && fields[3].startsWith(method + "(")) {
                return fields[0];
            }
        }
        return null;
    }

    private static void startOnThisAndAnEndedThread(final IntervalTable table) throws InterruptedException {
        final CountDownLatch known = new CountDownLatch(1);
        final CountDownLatch opened = new CountDownLatch(1);
        final long[] ids = new long[2];
        final Thread ending = new Thread(() -> {
            ids[0] = ThreadAffinity.currentThreadId();
            ids[1] = Thread.currentThread().getId();
            known.countDown();
            try {
                opened.await();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ending.start();
        known.await();
        table.start(new PinnedThread(ThreadAffinity.currentThreadId(), Thread.currentThread().getId(),
                new IdleTurns()), new PinnedThread((int) ids[0], ids[1], new IdleTurns()), null);
        opened.countDown();
        ending.join();
    }
}
