package io.fastestjvm.results;

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
    }

    /**
     * Runs this reporter's whole per-second path (drain both logs, encode them as .hlog lines, sample the per-second
     * evidence, format the progress line) {@code iterations} times on scratch recorders into a discarding stream,
     * alternating warm-up and measured seconds, before the run starts. Without it this code, run once a second, was compiled a few methods at a time
     * during the measured window (Formatter, regex, Base64, DecimalFormat), and each batch of newly compiled code
     * left inline-cache stubs that HotSpot frees at a "Cleanup" safepoint, stopping the pinned threads: 10-14
     * safepoints in a 30 s measured window against 1 for the bare loop (qp.bare=true).
     */
    public static void rehearse(final int iterations) {
        final PrintStream sink = new PrintStream(new OutputStream() {
            @Override
            public void write(final int b) {
                // discarded
            }

            @Override
            public void write(final byte[] b, final int off, final int len) {
                // discarded
            }
        });
        final LatencyRecorder actual = new LatencyRecorder("rehearsal-actual", 1, 1);
        final LatencyRecorder intended = new LatencyRecorder("rehearsal-intended", 1, 1);
        final long[] received = {0};
        final Random random = new Random(42);
        try (IntervalLog actualLog = new IntervalLog(actual, sink, System.currentTimeMillis());
             IntervalLog intendedLog = new IntervalLog(intended, sink, System.currentTimeMillis())) {
            // a table sampling this thread's counters: the per-second /proc and hsperfdata reads are rehearsed too
            final IntervalTable table = new IntervalTable(Long.MAX_VALUE);
            final int tid = ThreadAffinity.currentThreadId();
            table.start(tid, tid, null);
            // values of a real run's size: counts in the tens of millions, latencies from 100 ns to tens of ms
            final long measuredStart = 50_000_000L;
            final ProgressReporter scratch = new ProgressReporter(actualLog, intendedLog, () -> received[0],
                    () -> received[0], () -> measuredStart, sequence -> sequence / 100_000, measuredStart, 80, 100,
                    sink, table);
            for (int i = 0; i < iterations; i++) {
                final boolean warmup = i % 2 == 0;
                received[0] = (warmup ? 0 : measuredStart) + random.nextInt((int) measuredStart);
                for (int sample = 0; sample < 64; sample++) {
                    (warmup ? actual.warmupInterval() : actual.measuredInterval()).recordValue(latency(random));
                    (warmup ? intended.warmupInterval() : intended.measuredInterval()).recordValue(latency(random));
                }
                scratch.drainAndReport();
            }
            table.close();
        } catch (final IOException e) {
            throw new UncheckedIOException("a discarding stream cannot fail", e);
        }
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

    /** Writes the interval since the last call to both logs and prints the progress line. */
    public synchronized void drainAndReport() {
        final Histogram actual = actualSend.drain();
        final Histogram intended = intendedSend.drain();
        final long receivedNow = received.getAsLong();
        table.addSecond(actualSend.lastWarmup(), actualSend.lastMeasured(), intendedSend.lastWarmup(),
                intendedSend.lastMeasured());
        err.println(line(receivedNow, sent.getAsLong(), actual, intended));
    }

    String line(final long receivedNow, final long sentNow, final Histogram actual, final Histogram intended) {
        // The warm-up's length is decided while it runs (steady state): it shows its schedule seconds so far
        // (one per chunk, whatever the stage's rate) against its upper bound.
        final long start = measuredStart.getAsLong();
        final boolean warmingUp = receivedNow < start;
        final long elapsedSeconds = warmingUp ? warmupSecondOf.applyAsLong(receivedNow)
                : measuredMessages == 0 ? 0 : (receivedNow - start) * measuredSeconds / measuredMessages;
        return String.format("[qp] %-8s %4d/%s s  sent %,d  received %,d  last 1 s: actual-send p50 %,d ns"
                        + " p99.9 %,d ns | intended-send p50 %,d ns p99.9 %,d ns",
                warmingUp ? "warm-up" : "measured", elapsedSeconds,
                warmingUp ? "<=" + warmupSeconds : String.valueOf(measuredSeconds), sentNow, receivedNow,
                actual.getValueAtPercentile(50), actual.getValueAtPercentile(99.9),
                intended.getValueAtPercentile(50), intended.getValueAtPercentile(99.9));
    }
}
