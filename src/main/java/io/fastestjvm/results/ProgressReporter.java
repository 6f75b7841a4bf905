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
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;

import org.HdrHistogram.Histogram;

import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.timeline.IntervalTable;

/**
 * Once a second: drains both interval logs into their {@code .hlog} files and prints one progress line on stderr,
 * so a long run is never silent, and adds the second to the evidence table. Runs on its own unpinned thread, off
 * the hot paths.
 */
public final class ProgressReporter implements Runnable {
    private final IntervalLog actualSend;
    private final IntervalLog intendedSend;
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

    public ProgressReporter(final IntervalLog actualSend, final IntervalLog intendedSend, final LongSupplier sent,
                            final LongSupplier received, final LongSupplier measuredStart,
                            final LongUnaryOperator warmupSecondOf, final long measuredMessages,
                            final int warmupSeconds, final int measuredSeconds, final PrintStream err,
                            final IntervalTable table) {
        this.actualSend = actualSend;
        this.intendedSend = intendedSend;
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
     * Runs this reporter's whole per-second path (drain both logs, encode the seconds, write the .hlog lines,
     * sample the per-second evidence, print the progress line) {@code iterations} times, before the run starts, on
     * scratch recorders, a scratch table and a stream into /dev/null, but with this reporter's own suppliers: the
     * compiled code is then built for the very classes the run uses (a scratch lambda in their place let the JIT
     * inline it, and loading the real one later invalidated that code at the warm-up's start, so it was compiled
     * again during the measured window). Each once-a-second method passes C1's threshold (200 calls) and stays
     * far below C2's (5,000), so it is never compiled again in the run; what runs many times a second reaches C2
     * here, and the warm-up works off that backlog. Newly compiled code leaves inline-cache stubs that HotSpot
     * frees at a "Cleanup" safepoint stopping the pinned threads (docs/evidence.md, "Harness safepoints").
     */
    public void rehearse(final int iterations) {
        final PrintStream sink = new PrintStream(discardingStream());
        final LatencyRecorder actual = new LatencyRecorder("rehearsal-actual", 1, 1);
        final LatencyRecorder intended = new LatencyRecorder("rehearsal-intended", 1, 1);
        final Random random = new Random(42);
        try (IntervalLog actualLog = new IntervalLog(actual, sink, System.currentTimeMillis());
             IntervalLog intendedLog = new IntervalLog(intended, sink, System.currentTimeMillis())) {
            // a table sampling this thread's counters: the per-second /proc and hsperfdata reads are rehearsed too
            final IntervalTable scratchTable = new IntervalTable(Long.MAX_VALUE);
            final int tid = ThreadAffinity.currentThreadId();
            scratchTable.start(tid, tid, null);
            final ProgressReporter scratch = new ProgressReporter(actualLog, intendedLog, sent, received,
                    measuredStart, warmupSecondOf, measuredMessages, warmupSeconds, measuredSeconds, sink,
                    scratchTable);
            // the real suppliers read 0 received before the run: every rehearsed second takes the warm-up branch
            // (.hlog lines written); C1, which compiles these once-a-second methods, compiles the other branch too
            for (int i = 0; i < iterations; i++) {
                // both phases' intervals, latencies of a real run's range: 100 ns to tens of ms
                for (int sample = 0; sample < 64; sample++) {
                    actual.warmupInterval().recordValue(latency(random));
                    intended.warmupInterval().recordValue(latency(random));
                    if (i % 2 == 1) {
                        actual.measuredInterval().recordValue(latency(random));
                        intended.measuredInterval().recordValue(latency(random));
                    }
                }
                scratch.drainAndReport();
            }
            scratchTable.close();
        } catch (final IOException e) {
            throw new UncheckedIOException("a discarding stream cannot fail", e);
        }
    }

    /**
     * /dev/null through the same stream classes as System.err (a file stream behind a buffer), so the progress
     * line's write is compiled for the classes the run will use; a plain discarding stream where there is none.
     */
    private static OutputStream discardingStream() {
        final File devNull = new File("/dev/null");
        if (devNull.canWrite()) {
            try {
                return new BufferedOutputStream(new FileOutputStream(devNull));
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
     * Drains the second since the last call from both recorders, adds it to the evidence table and prints the
     * progress line. The .hlog lines are written only while warming up and after the run (the logs keep the
     * measured seconds in memory): HdrHistogram's log writer formats with String.format, Base64 and a Deflater,
     * code that would otherwise keep compiling in the measured window.
     */
    public synchronized void drainAndReport() {
        final Histogram actual = actualSend.drain();
        final Histogram intended = intendedSend.drain();
        final long receivedNow = received.getAsLong();
        final long start = measuredStart.getAsLong();
        table.addSecond(actualSend.lastWarmup(), actualSend.lastMeasured(), intendedSend.lastWarmup(),
                intendedSend.lastMeasured());
        final boolean warmingUp = receivedNow < start;
        if (warmingUp) {
            actualSend.writePending();
            intendedSend.writePending();
        }
        // The warm-up's length is decided while it runs (steady state): it shows its schedule seconds so far
        // (one per chunk, whatever the stage's rate) against its upper bound.
        final long elapsedSeconds = warmingUp ? warmupSecondOf.applyAsLong(receivedNow)
                : measuredMessages == 0 ? 0 : (receivedNow - start) * measuredSeconds / measuredMessages;
        line.write(err, warmingUp, elapsedSeconds, warmingUp ? warmupOf : measuredOf, sent.getAsLong(), receivedNow,
                actual.getValueAtPercentile(50), actual.getValueAtPercentile(99.9),
                intended.getValueAtPercentile(50), intended.getValueAtPercentile(99.9));
    }
}
