package io.fastestjvm.reporting;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.HdrHistogram.Histogram;

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
    private final long warmupMessages;
    private final long totalMessages;
    private final int warmupSeconds;
    private final int measuredSeconds;
    private final PrintStream err;
    private final IntervalTable table;
    private volatile boolean finished;

    public ProgressReporter(final IntervalLog actualSend, final IntervalLog intendedSend, final LongSupplier sent,
                            final LongSupplier received, final long warmupMessages, final long totalMessages,
                            final int warmupSeconds, final int measuredSeconds, final PrintStream err,
                            final IntervalTable table) {
        this.actualSend = actualSend;
        this.intendedSend = intendedSend;
        this.sent = sent;
        this.received = received;
        this.warmupMessages = warmupMessages;
        this.totalMessages = totalMessages;
        this.warmupSeconds = warmupSeconds;
        this.measuredSeconds = measuredSeconds;
        this.err = err;
        this.table = table;
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
        final boolean warmingUp = receivedNow < warmupMessages;
        final long phaseDone = warmingUp ? receivedNow : receivedNow - warmupMessages;
        final long phaseTotal = warmingUp ? warmupMessages : totalMessages - warmupMessages;
        final int phaseSeconds = warmingUp ? warmupSeconds : measuredSeconds;
        final long elapsedSeconds = phaseTotal == 0 ? 0 : phaseDone * phaseSeconds / phaseTotal;
        return String.format("[qp] %-8s %4d/%d s  sent %,d  received %,d  last 1 s: actual-send p50 %,d ns"
                        + " p99.9 %,d ns | intended-send p50 %,d ns p99.9 %,d ns",
                warmingUp ? "warm-up" : "measured", elapsedSeconds, phaseSeconds, sentNow, receivedNow,
                actual.getValueAtPercentile(50), actual.getValueAtPercentile(99.9),
                intended.getValueAtPercentile(50), intended.getValueAtPercentile(99.9));
    }
}
