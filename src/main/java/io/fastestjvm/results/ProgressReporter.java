package io.fastestjvm.results;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;

import org.HdrHistogram.Histogram;

import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.timeline.IntervalTable;
import io.fastestjvm.timeline.PinnedThread;
import io.fastestjvm.timing.PaddedCounter;

/**
 * Once a second, on its own unpinned thread: drains every latency's interval log, adds the second to the evidence
 * table and prints a progress line on stderr, so a long run is never silent.
 */
public final class ProgressReporter implements Runnable {
    /**
     * Rehearsed warm-up seconds, through the window's entry: 3x C2's invocation threshold (5,000), which a busy C2
     * queue raises; the last ones come after the measured seconds, when the queue has emptied. See docs/evidence.md
     * ("Harness safepoints").
     */
    public static final int WARMUP_REHEARSALS = 15_000;
    /** Rehearsed measured seconds: 2x C2's threshold for what only they call. */
    public static final int MEASURED_REHEARSALS = 10_000;
    /** Warm-up seconds rehearsed before the first measured one, as in a run. */
    private static final int WARMUP_LEAD = 1_000;
    /** One log per {@link Latency}, in {@link Latency#ALL} order. */
    private final IntervalLog[] logs;
    /** Reused each second: the drained parts of {@link #logs}, same order; the per-second path allocates none. */
    private final Histogram[] measured;
    private final Histogram[] lastWarmups;
    private final Histogram[] lastMeasureds;
    private final LongSupplier sent;
    private final LongSupplier received;
    private final LongSupplier measuredStart;
    private final LongUnaryOperator warmupSecondOf;
    private final long measuredMessages;
    private final int warmupSeconds;
    private final int measuredSeconds;
    private final PrintStream err;
    private final IntervalTable table;
    private final String warmupOf;
    private final String measuredOf;
    private final ProgressLine line = new ProgressLine();
    private volatile boolean finished;

    public ProgressReporter(final IntervalLog[] logs, final LongSupplier sent,
                            final LongSupplier received, final LongSupplier measuredStart,
                            final LongUnaryOperator warmupSecondOf, final long measuredMessages,
                            final int warmupSeconds, final int measuredSeconds, final PrintStream err,
                            final IntervalTable table) {
        this.logs = logs.clone();
        this.measured = new Histogram[logs.length];
        this.lastWarmups = new Histogram[logs.length];
        this.lastMeasureds = new Histogram[logs.length];
        this.sent = sent;
        this.received = received;
        this.measuredStart = measuredStart;
        this.warmupSecondOf = warmupSecondOf;
        this.measuredMessages = measuredMessages;
        this.warmupSeconds = warmupSeconds;
        this.measuredSeconds = measuredSeconds;
        this.err = err;
        this.table = table;
        this.warmupOf = "<=" + warmupSeconds;
        this.measuredOf = String.valueOf(measuredSeconds);
    }

    /**
     * Runs the per-second path before the run on scratch recorders, table and /dev/null, with this reporter's own
     * suppliers (a scratch lambda got inlined, then invalidated by the real one in the measured window): warm-up
     * seconds through the window's own entry, {@link #drainAndReport()}, then every kind of measured second, each
     * often enough that every method on the path passes C2's threshold and takes every branch here, not in the
     * window, where each compilation costs a "Cleanup" safepoint and C2's time (docs/evidence.md).
     */
    public void rehearse() {
        rehearse(WARMUP_REHEARSALS, MEASURED_REHEARSALS);
    }

    /** {@link #rehearse()} with other counts, for tests. */
    void rehearse(final int warmupIterations, final int measuredIterations) {
        // streams built as a run's are, so that the JDK's write paths are profiled as the window takes them: the
        // progress line's as System.err (a 128-byte buffer flushed on each write, JDK 8 to 25), a file per .hlog
        final PrintStream sink = new PrintStream(new BufferedOutputStream(discardingStream(), 128), true);
        final int count = Latency.ALL.size();
        final LatencyRecorder[] recorders = new LatencyRecorder[count];
        final IntervalLog[] scratchLogs = new IntervalLog[count];
        final Random random = new Random(42);
        try {
            try {
                for (final Latency latency : Latency.ALL) {
                    recorders[latency.ordinal()] = new LatencyRecorder("rehearsal-" + latency.fileStem(), 1, 1);
                    scratchLogs[latency.ordinal()] = new IntervalLog(recorders[latency.ordinal()], null,
                            discardingStream(), System.currentTimeMillis());
                }
                // a table sampling the per-second /proc and hsperfdata reads too: of this thread, and of one that
                // ends once its /proc entry is open, as a benchmark thread does before the window's last second
                final IntervalTable scratchTable = new IntervalTable(Long.MAX_VALUE);
                startWithOneEndedThread(scratchTable);
                final ProgressReporter scratch = new ProgressReporter(scratchLogs, sent, received,
                        measuredStart, warmupSecondOf, measuredMessages, warmupSeconds, measuredSeconds, sink,
                        scratchTable);
                // A run's warm-up comes first, nothing measured yet: its empty seconds take the table's warm-up
                // stall branch. Then warm-up and measured seconds take turns, so that C2 compiles the methods they
                // share with both branches taken (compiled from warm-up seconds alone, they deoptimised at the first
                // measured one). The calls stay in this loop, which runs too few turns for C2 to compile it: C2
                // would inline drainAndReport into a compiled caller, and its own count would stop short of C2's.
                // The real suppliers read 0 received before the run: drainAndReport takes the warm-up branch, and
                // one warm-up second in four is empty, as the warm-up's placement probe second is.
                final int lead = Math.min(warmupIterations, WARMUP_LEAD);
                for (int i = 0; i < warmupIterations || i - lead < measuredIterations; i++) {
                    if (i < warmupIterations) {
                        record(recorders, random, i % 4 != 3, false);
                        scratch.drainAndReport();
                    }
                    if (i >= lead && i - lead < measuredIterations) {
                        final int kind = (i - lead) % 4;
                        record(recorders, random, kind <= 1, kind == 1 || kind == 2);
                        scratch.reportAt(1, 0);
                    }
                    if (i % 4 == 0) { // at the warm-up's last message: the paced stage's branches, which 0 misses
                        record(recorders, random, true, false);
                        final long start = measuredStart.getAsLong();
                        scratch.reportAt(Math.max(0, start - 1), start);
                    }
                }
                drainWhileAnotherThreadRecords(scratch, recorders, measuredIterations / 4);
                scratchTable.close();
            } finally {
                sink.close();
                IntervalLog.closeAll(scratchLogs);
            }
        } catch (final IOException e) {
            throw new UncheckedIOException("a discarding stream cannot fail", e);
        }
    }

    /**
     * Starts {@code table} on this thread and on one that ends right after, so the reads of a gone thread (the last
     * seconds' branches) are rehearsed too: C2 compiled them as traps, deoptimising the sampler at a run's end.
     */
    private static void startWithOneEndedThread(final IntervalTable table) {
        final CountDownLatch opened = new CountDownLatch(1);
        final long[] ids = {-1, -1};
        final CountDownLatch known = new CountDownLatch(1);
        final Thread ending = new Thread(() -> {
            ids[0] = ThreadAffinity.currentThreadId();
            ids[1] = Thread.currentThread().getId();
            known.countDown();
            uninterruptibly(opened::await);
        }, "qp-rehearsal-ended");
        ending.setDaemon(true);
        ending.start();
        try {
            uninterruptibly(known::await);
            table.start(new PinnedThread(ThreadAffinity.currentThreadId(), Thread.currentThread().getId(),
                    new PaddedCounter()), new PinnedThread((int) ids[0], ids[1], new PaddedCounter()), null);
        } finally {
            opened.countDown();
            uninterruptibly(ending::join);
        }
    }

    /** Runs {@code wait} until it returns rather than being interrupted; an interrupt is kept for the caller. */
    private static void uninterruptibly(final Interruptible wait) {
        boolean interrupted = false;
        while (true) {
            try {
                wait.run();
                break;
            } catch (final InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private interface Interruptible {
        void run() throws InterruptedException;
    }

    /** One second of the scratch reporter at these counts (measured if {@code receivedNow >= start}), .hlog dropped. */
    private void reportAt(final long receivedNow, final long start) {
        drainLogs();
        report(receivedNow, start);
        for (final IntervalLog log : logs) {
            log.discardPending();
        }
    }

    /**
     * Drains while another thread records, as the consumer does in the run: a drain then waits for a write in
     * flight (WriterReaderPhaser.flipPhase), a branch C2 otherwise deoptimised in the measured window.
     */
    private static void drainWhileAnotherThreadRecords(final ProgressReporter scratch,
                                                       final LatencyRecorder[] recorders, final int iterations) {
        final AtomicBoolean stop = new AtomicBoolean();
        final Thread writer = new Thread(() -> {
            final Random random = new Random(43);
            while (!stop.get()) {
                record(recorders, random, true, true);
            }
        }, "qp-rehearsal-writer");
        writer.setDaemon(true);
        writer.start();
        try {
            for (int i = 0; i < iterations; i++) {
                scratch.reportAt(1, 0);
            }
        } finally {
            stop.set(true);
            uninterruptibly(writer::join);
        }
    }

    /** One rehearsed second: 64 latencies of a real run's range (100 ns to tens of ms) into the phases asked for. */
    private static void record(final LatencyRecorder[] recorders, final Random random, final boolean warmup,
                               final boolean measured) {
        for (int sample = 0; sample < 64; sample++) {
            for (final LatencyRecorder recorder : recorders) {
                if (warmup) {
                    recorder.warmupInterval().recordValue(latency(random));
                }
                if (measured) {
                    recorder.measuredInterval().recordValue(latency(random));
                }
            }
        }
    }

    /** /dev/null, a file as System.err's and the .hlog lines' are, so writes compile for them; else a plain sink. */
    private static OutputStream discardingStream() {
        final File devNull = new File("/dev/null");
        if (devNull.canWrite()) {
            try {
                return new FileOutputStream(devNull);
            } catch (final FileNotFoundException e) {
                // fall through to the plain discarding stream
            }
        }
        return new OutputStream() {
            @Override
            public void write(final int b) {
                // discarded
            }

            @Override
            public void write(final byte[] b, final int off, final int len) {
                // discarded
            }
        };
    }

    /** 100 ns to about 50 ms, evenly spread on a log scale, as a second's latencies are. */
    private static long latency(final Random random) {
        return (long) (100 * Math.pow(2, random.nextDouble() * 19));
    }

    /** Asks the loop to end; call {@link #drainAndReport()} after joining to flush the last partial second. */
    public void finish() {
        finished = true;
    }

    @Override
    public void run() {
        final long start = System.nanoTime();
        long tick = 1;
        while (!finished) {
            final long sleepNanos = start + TimeUnit.SECONDS.toNanos(tick) - System.nanoTime();
            if (sleepNanos > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(Math.min(sleepNanos, TimeUnit.MILLISECONDS.toNanos(100)));
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                continue;
            }
            tick++;
            drainAndReport();
        }
    }

    /**
     * Drains the second since the last call into the table and prints the progress line. The .hlog lines are written
     * only while warming up and after the run: HdrHistogram's log writer would keep compiling in the measured window.
     */
    public synchronized void drainAndReport() {
        drainLogs();
        report(received.getAsLong(), measuredStart.getAsLong());
    }

    private void drainLogs() {
        for (int i = 0; i < logs.length; i++) {
            measured[i] = logs[i].drain();
            lastWarmups[i] = logs[i].lastWarmup();
            lastMeasureds[i] = logs[i].lastMeasured();
        }
    }

    /** The drained second into the table, the .hlog lines while warming up, the progress line. */
    private void report(final long receivedNow, final long start) {
        final boolean warmingUp = receivedNow < start;
        table.addSecond(lastWarmups, lastMeasureds);
        if (warmingUp) {
            for (final IntervalLog log : logs) {
                log.writePending();
            }
        }
        // the warm-up's length is decided while it runs: it shows its schedule seconds against its upper bound
        final long elapsedSeconds = warmingUp ? warmupSecondOf.applyAsLong(receivedNow)
                : measuredMessages == 0 ? 0 : (receivedNow - start) * measuredSeconds / measuredMessages;
        line.write(err, warmingUp, elapsedSeconds, warmingUp ? warmupOf : measuredOf, sent.getAsLong(), receivedNow,
                measured[Latency.ACTUAL_SEND.ordinal()].getTotalCount(),
                measured[Latency.ACTUAL_SEND.ordinal()].getValueAtPercentile(50),
                measured[Latency.ACTUAL_SEND.ordinal()].getValueAtPercentile(99.9),
                measured[Latency.INTENDED_SEND.ordinal()].getValueAtPercentile(50),
                measured[Latency.INTENDED_SEND.ordinal()].getValueAtPercentile(99.9));
    }
}
