package io.fastestjvm.audit;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * What disturbed the measured runs: involuntary context switches, steal time, other processes' CPU use. Read on
 * this monitor's thread, never in the hot loops; the threads' own counters at their end, as their /proc entry goes.
 */
public final class DuringRunMonitor implements Runnable {
    static final long POLL_MILLIS = 20;

    private final SystemFiles files;
    private final int producerTid;
    private final int consumerTid;
    private final LongSupplier received;
    private final LongSupplier firstMeasured;
    private volatile boolean finished;
    private volatile Snapshot measuredStart;

    public DuringRunMonitor(final SystemFiles files, final int producerTid, final int consumerTid,
                            final LongSupplier received, final LongSupplier firstMeasured) {
        this.files = files;
        this.producerTid = producerTid;
        this.consumerTid = consumerTid;
        this.received = received;
        this.firstMeasured = firstMeasured;
    }

    @Override
    public void run() {
        // a cold first read at the switch to measurement would preempt a benchmark thread for longer: warm it now
        new Snapshot();
        try {
            while (!finished && received.getAsLong() < firstMeasured.getAsLong()) {
                TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        measuredStart = new Snapshot();
    }

    /** On a failed run; call before joining. */
    public void finish() {
        finished = true;
    }

    /** After joining this monitor's thread, with the counters the producer and consumer read at their end. */
    public Map<String, Object> measuredWindow(final long producerSwitchesAtEnd, final long consumerSwitchesAtEnd) {
        final Snapshot start = measuredStart;
        final Snapshot end = new Snapshot();
        final Map<String, Object> node = new LinkedHashMap<>();
        node.put("window", "measured runs: from the first measured message (detected within " + POLL_MILLIS
                + " ms) to the end of the last run");
        node.put("method", "nonvoluntary_ctxt_switches of /proc/self/task/<tid>/status; steal column of the cpu"
                + " line of /proc/stat (all CPUs, in seconds); /proc/stat busy time less /proc/self/stat's");
        if (start == null) {
            node.put("problem", "the measured runs never started");
            return node;
        }
        final double seconds = (end.nanos - start.nanos) / 1e9;
        node.put("seconds", Math.round(seconds * 1e3) / 1e3);
        node.put("producerInvoluntaryContextSwitches", delta(start.producerSwitches, producerSwitchesAtEnd));
        node.put("consumerInvoluntaryContextSwitches", delta(start.consumerSwitches, consumerSwitchesAtEnd));
        final CpuTimes before = start.load.machine;
        final CpuTimes after = end.load.machine;
        node.put("stealSeconds", before == null || after == null ? null
                : (after.stealTicks - before.stealTicks) / CpuTimes.TICKS_PER_SECOND);
        node.put(LoadSample.OTHER_PROCESSES_BUSY_CPUS,
                LoadSample.othersBetween(start.load, end.load, seconds).get(LoadSample.OTHER_PROCESSES_BUSY_CPUS));
        return node;
    }

    private static Long delta(final long before, final long after) {
        return before < 0 || after < 0 ? null : after - before;
    }

    public static String describe(final Map<String, Object> window) {
        if (!window.containsKey("seconds")) {
            return "during the run: " + window.get("problem");
        }
        return String.format(Locale.ROOT, "during the measured runs (%.1f s): involuntary context switches"
                        + " producer %s, consumer %s; steal %s s; other processes %s CPUs busy",
                (Double) window.get("seconds"), window.get("producerInvoluntaryContextSwitches"),
                window.get("consumerInvoluntaryContextSwitches"), window.get("stealSeconds"),
                window.get(LoadSample.OTHER_PROCESSES_BUSY_CPUS));
    }

    /** The counters read now, in this order. */
    final class Snapshot {
        final long nanos = System.nanoTime();
        final long producerSwitches = files.involuntarySwitches(producerTid);
        final long consumerSwitches = files.involuntarySwitches(consumerTid);
        /** The machine's CPU times (steal, busy) and this process's, read once. */
        final LoadSample load = LoadSample.read(files);
    }
}
