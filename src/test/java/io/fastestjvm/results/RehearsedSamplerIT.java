package io.fastestjvm.results;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
import io.fastestjvm.timing.PaddedCounter;

/**
 * A run's last seconds sample a benchmark thread that has ended (its /proc file fails, its allocation counter reads
 * -1). After the run's own rehearsal and C2's compilation of the sampler, those seconds must not deoptimise it: a
 * deoptimisation there is followed by C1 compiling the sampler in the measured window (seen in CI as
 * HarnessCompilationsIT's "SecondSampler::sample tier 3 second 5"). Its own JVM (failsafe), so the JIT state is
 * this test's.
 */
// a rehearsal takes 2-12 s here, C2's compile of the sampler a few s; a busy C2 queue can take a few rehearsals
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class RehearsedSamplerIT {
    /** The sampler, and its one caller: C2 may compile the caller with the sampler inlined, and never the sampler. */
    private static final List<String> SAMPLER_CODE = Arrays.asList("io.fastestjvm.timeline.SecondSampler.sample",
            "io.fastestjvm.timeline.IntervalTable.addSecond");
    private static final PrintStream SINK = new PrintStream(new OutputStream() {
        @Override
        public void write(final int b) {
        }
    });

    @Test
    void samplingAThreadThatEndedKeepsTheSamplersC2Code() throws Exception {
        final List<String> rehearsed = rehearseUntilC2();

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
        final List<String> after = c2Code();
        assertTrue(after.containsAll(rehearsed), "the sampler's C2 code (method#compile id) " + rehearsed
                + " after sampling a thread that ended is " + after + ": a deoptimisation replaced it");
    }

    /**
     * Rehearses as a run does, again while C2 has compiled neither the sampler nor its caller, for up to 90 s; returns
     * their C2 code. Nothing calls them after a rehearsal, so a compile C2 put off (its queue long) never comes.
     */
    private static List<String> rehearseUntilC2() throws Exception {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            final LatencyRecorder recorder = new LatencyRecorder("real", 1, 1);
            try (IntervalLog log = new IntervalLog(recorder, null, SINK, 0)) {
                new ProgressReporter(new IntervalLog[] {log, log}, () -> 0, () -> 0, () -> 10, sequence -> sequence,
                        10, 80, 100, SINK, new IntervalTable(100)).rehearse(1_000, 15_000);
            }
            final long queued = System.nanoTime() + TimeUnit.SECONDS.toNanos(2); // a compile already under way
            List<String> code;
            while ((code = c2Code()).isEmpty() && System.nanoTime() < queued) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
            }
            if (!code.isEmpty()) {
                return code;
            }
            if (System.nanoTime() > deadline) {
                fail("neither " + SAMPLER_CODE + " compiled by C2 within 90 s of rehearsals; their code (compile id,"
                        + " tier, state 0 in use): " + code(false) + "; C2's queue: " + diagnostic("compilerQueue"));
            }
        }
    }

    /** "method#compile id" of each C2 code in use for {@link #SAMPLER_CODE}, from jcmd's Compiler.codelist. */
    private static List<String> c2Code() throws Exception {
        return code(true);
    }

    /** {@code c2InUse}: "method#compile id" of C2 code in use; else every code, as "method#id tier state". */
    private static List<String> code(final boolean c2InUse) throws Exception {
        final List<String> code = new ArrayList<>();
        for (final String line : diagnostic("compilerCodelist").split("\n")) {
            // "<compile id> <tier> <state> <method>(<signature>) [<code range>]"; state 0 = in use
            final String[] fields = line.trim().split("\\s+");
            for (final String method : SAMPLER_CODE) {
                if (fields.length > 3 && fields[3].startsWith(method + "(")) {
                    if (!c2InUse) {
                        code.add(method + "#" + fields[0] + " " + fields[1] + " " + fields[2]);
                    } else if ("4".equals(fields[1]) && "0".equals(fields[2])) {
                        code.add(method + "#" + fields[0]);
                    }
                }
            }
        }
        return code;
    }

    /** The text of a jcmd diagnostic command without arguments, e.g. "compilerCodelist" (Compiler.codelist). */
    private static String diagnostic(final String operation) throws Exception {
        return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), operation, new Object[0], new String[0]);
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
                new PaddedCounter()), new PinnedThread((int) ids[0], ids[1], new PaddedCounter()), null);
        opened.countDown();
        ending.join();
    }
}
