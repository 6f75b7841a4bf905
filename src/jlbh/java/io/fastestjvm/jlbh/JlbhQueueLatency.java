package io.fastestjvm.jlbh;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.affinity.ThreadAffinity;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.placement.PlacementProbe;
import io.fastestjvm.transport.ChronicleQueueTransport;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.Transports;
import net.openhft.affinity.AffinityLock;
import net.openhft.chronicle.core.util.NanoSampler;
import net.openhft.chronicle.jlbh.JLBH;
import net.openhft.chronicle.jlbh.JLBHOptions;
import net.openhft.chronicle.jlbh.JLBHResult;
import net.openhft.chronicle.jlbh.JLBHTask;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

/**
 * Our scenario under Chronicle's own harness, JLBH, for a like-for-like check of our figures: the same transport
 * code ({@link ChronicleQueueTransport}: prepared ahead, writingDocument, write) in a fresh queue on the same
 * directory parent, roll cycle and block-size rule, at the same rate, with JLBH's driver thread as the producer and
 * a tailer thread on our consumer's CPU calling {@code jlbh.sample}. Only the harness differs: JLBH paces and
 * records; we do not. Settings are our {@code qp.*} ones (rate, size, seconds = one JLBH run, warm-up, CPUs, roll
 * cycle, block size, queue dir), plus {@value #WARMUP_MESSAGES} and {@value #RUNS}. See docs/jlbh-comparison.md.
 *
 * <p>JLBH's "end to end" is measured from the start time JLBH hands the task, which is the scheduled time when
 * the driver is late and the end of its busy-wait when it is on time; the "actual send" probe is measured from a
 * clock read as the task starts (JLBH does not hand it the reading that ended its wait, as our send loop has it), so
 * JLBH's end to end holds one clock read more than our intended send.
 *
 * <p>Before each run and after the last, the driver and the tailer time the same core-to-core round trip as our run
 * does around its window ({@link PlacementProbe}), so each run can be matched with ours by the host's placement level.
 */
public final class JlbhQueueLatency implements JLBHTask {
    /** Warm-up messages; default our run's (qp.warmupSeconds x qp.rate). JLBH sends them unpaced. */
    static final String WARMUP_MESSAGES = "jlbh.warmupMessages";
    /** Measured runs of qp.seconds each, in this one JVM; default 3. */
    static final String RUNS = "jlbh.runs";
    static final String ACTUAL_SEND_PROBE = "actual send";
    private static final long READY_TIMEOUT_SECONDS = 30;

    private final ChronicleQueueTransport transport;
    private final int producerCpu;
    private final int consumerCpu;
    private final int runs;
    private final ReceivedMessage message = new ReceivedMessage();
    private final AtomicReference<Throwable> tailerFailure = new AtomicReference<>();
    private final PlacementProbe placement = PlacementProbe.standard();
    private MessageSender sender;
    private Thread tailer;
    /** Round trips the driver has started; the tailer answers each. Written by the driver only. */
    private volatile int probesStarted;
    private volatile boolean stopping;
    /** Driver thread only. */
    private int runsComplete;
    private long sequence;

    private JlbhQueueLatency(final ChronicleQueueTransport transport, final int producerCpu, final int consumerCpu,
                             final int runs) {
        this.transport = transport;
        this.producerCpu = producerCpu;
        this.consumerCpu = consumerCpu;
        this.runs = runs;
    }

    public static void main(final String[] args) throws IOException {
        final BenchmarkOptions options;
        final long warmup;
        final int runs;
        try {
            options = BenchmarkOptions.fromProperties(System.getProperties());
            warmup = longIn(WARMUP_MESSAGES, options.warmupMessages(), 1, Integer.MAX_VALUE);
            runs = (int) longIn(RUNS, 3, 1, 100);
        } catch (final InvalidSettingException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        final long messages = warmup + runs * options.messagesPerRun();
        final long blockSize = Transports.chronicleBlockSizeBytes(options.blockSizeMiB(), messages, options.size());
        final long needed = ChronicleQueueTransport.bytesNeeded(messages, options.size());
        if (options.queueParent().getUsableSpace() < needed) {
            System.err.printf("qp.queueDir: %s has %,d bytes free, the JLBH run needs %,d%n", options.queueParent(),
                    options.queueParent().getUsableSpace(), needed);
            System.exit(2);
        }
        final CpuAssignment[] cpus = CpuAssignment.plan(ThreadAffinity.processAllowedCpus(), options.strictAffinity(),
                options.producerCpu(), options.consumerCpu());
        final File directory = Files.createTempDirectory(options.queueParent().toPath(), "jlbh-qp-").toFile();
        final ChronicleQueueTransport transport = new ChronicleQueueTransport(directory, options.size(),
                options.rollCycle(), blockSize);
        final Thread deleteOnExit = new Thread(transport::deleteFiles, "jlbh-delete-queue");
        Runtime.getRuntime().addShutdownHook(deleteOnExit);
        try {
            printScenario(options, warmup, runs, blockSize, directory, cpus);
            final JlbhQueueLatency task = new JlbhQueueLatency(transport, cpus[0].planned(), cpus[1].planned(), runs);
            final JLBHOptions jlbhOptions = new JLBHOptions()
                    .throughput((int) options.rate())
                    .accountForCoordinatedOmission(true)
                    .warmUpIterations((int) warmup)
                    .iterations(options.messagesPerRun())
                    .runs(runs)
                    // our run starts no jitter probe where no CPU is free; a third spinning thread would take a pinned one
                    .recordOSJitter(false)
                    // the driver is pinned in warmedUp, before its first round trip; JLBH would pin it just after
                    .acquireLock(() -> null)
                    .jlbhTask(task);
            new JLBH(jlbhOptions, System.out, JlbhQueueLatency::printMediansInNanos).start();
            final Throwable failure = task.tailerFailure.get();
            if (failure != null) {
                throw new IllegalStateException("tailer failed", failure);
            }
        } finally {
            transport.close();
            transport.deleteFiles();
            Runtime.getRuntime().removeShutdownHook(deleteOnExit);
            System.out.println("queue directory deleted: " + directory);
        }
    }

    private static long longIn(final String name, final long defaultValue, final long min, final long max) {
        final String raw = System.getProperty(name);
        if (raw == null) {
            return defaultValue;
        }
        final long value;
        try {
            value = Long.parseLong(raw.trim());
        } catch (final NumberFormatException e) {
            throw new InvalidSettingException(name, "\"" + raw + "\" is not a whole number", min + " to " + max);
        }
        if (value < min || value > max) {
            throw new InvalidSettingException(name, value + " is out of range", min + " to " + max);
        }
        return value;
    }

    private static void printScenario(final BenchmarkOptions options, final long warmup, final int runs,
                                      final long blockSize, final File directory, final CpuAssignment[] cpus) {
        System.out.printf(Locale.ROOT, "JLBH scenario: %d B messages at %,d msg/s into %s (roll cycle %s, block %,d"
                        + " bytes); warm-up %,d messages (unpaced, JLBH's way); %d runs of %,d messages%n",
                options.size(), options.rate(), directory, options.rollCycle(), blockSize, warmup, runs,
                options.messagesPerRun());
        for (final CpuAssignment cpu : cpus) {
            System.out.println("JLBH " + cpu.thread() + ": CPU " + cpu.planned()
                    + (cpu.isFallback() ? " (fallback: " + cpu.reason() + ")" : ""));
        }
        System.out.println("JLBH libraries: " + jarOf(SingleChronicleQueue.class) + ", " + jarOf(NanoSampler.class)
                + ", " + jarOf(net.openhft.chronicle.bytes.Bytes.class) + ", "
                + jarOf(net.openhft.chronicle.wire.Wire.class) + ", " + jarOf(AffinityLock.class) + ", "
                + jarOf(JLBH.class));
    }

    private static String jarOf(final Class<?> type) {
        final String path = type.getProtectionDomain().getCodeSource().getLocation().getPath();
        return path.substring(path.lastIndexOf('/', path.length() - 2) + 1);
    }

    /** One line per probe with each run's median in ns (JLBH's tables print us to two decimals). */
    private static void printMediansInNanos(final JLBHResult result) {
        printMedians("end to end", result.endToEnd());
        result.probe(ACTUAL_SEND_PROBE).ifPresent(probe -> printMedians(ACTUAL_SEND_PROBE, probe));
    }

    private static void printMedians(final String label, final JLBHResult.ProbeResult probe) {
        final StringBuilder line = new StringBuilder("JLBH p50 ns per run, ").append(label).append(':');
        final List<JLBHResult.RunResult> runs = probe.eachRunSummary();
        for (final JLBHResult.RunResult run : runs) {
            line.append(' ').append(run.get50thPercentile().toNanos());
        }
        System.out.println(line);
    }

    @Override
    public void init(final JLBH jlbh) {
        sender = transport.openSender();
        sender.prepare(sequence);
        final NanoSampler actualSend = jlbh.addProbe(ACTUAL_SEND_PROBE);
        final CountDownLatch ready = new CountDownLatch(1);
        tailer = new Thread(() -> tail(jlbh, actualSend, ready), "jlbh-tailer");
        tailer.start();
        try {
            if (!ready.await(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("tailer not ready after " + READY_TIMEOUT_SECONDS + " s");
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for the tailer", e);
        }
    }

    private void tail(final JLBH jlbh, final NanoSampler actualSend, final CountDownLatch ready) {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(consumerCpu)) {
            System.out.println("JLBH tailer pinned to CPUs " + pinning.actualCpus()
                    + (pinning.note() == null ? "" : " (" + pinning.note() + ")"));
            final MessageReceiver receiver = transport.openReceiver();
            ready.countDown();
            int answered = 0;
            while (true) {
                if (receiver.poll(message)) {
                    // the probe first: JLBH ends a run when the end-to-end count is reached, then resets the probes
                    actualSend.sampleNanos(message.receivedNanos - message.actualSendNanos);
                    jlbh.sample(message.receivedNanos - message.intendedSendNanos);
                } else if (stopping) {
                    break;
                } else if (answered < probesStarted) {
                    placement.respond(PlacementProbe.AFTER, () -> stopping);
                    answered++;
                }
            }
        } catch (final RuntimeException | Error e) {
            tailerFailure.set(e);
            jlbh.abort();
        }
    }

    /**
     * JLBH's start time goes where our intended send time goes: the message is otherwise exactly ours. The next one is
     * prepared after this send, while JLBH waits for its start time, as our producer prepares before its wait.
     */
    @Override
    public void run(final long startTimeNs) {
        sender.send(startTimeNs, System.nanoTime());
        sender.prepare(++sequence);
    }

    /**
     * On the driver thread at the warm-up's end, before JLBH's start time for run 1: pinned as our producer is
     * (falling back as ours does), then the round trip before run 1. CpuPinning owns the pin: JLBH gets no lock.
     */
    @Override
    public void warmedUp() {
        final CpuPinning pinning = CpuPinning.pinCurrentThread(producerCpu);
        System.out.println("JLBH driver pinned to CPUs " + pinning.actualCpus()
                + (pinning.note() == null ? "" : " (" + pinning.note() + ")"));
        roundTrip("before run 1");
    }

    /** After a run's last sample, before the next run's start time: the round trip before the next run. */
    @Override
    public void runComplete() {
        if (++runsComplete < runs) {
            roundTrip("before run " + (runsComplete + 1));
        }
    }

    /** On the driver thread, still pinned: the round trip after the runs, then the tailer's stop. */
    @Override
    public void complete() {
        roundTrip("after the runs");
        stopping = true;
        try {
            tailer.join(TimeUnit.SECONDS.toMillis(READY_TIMEOUT_SECONDS));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One round trip with the tailer, which answers between messages: the queue is empty at each call. */
    private void roundTrip(final String when) {
        probesStarted++;
        placement.initiate(PlacementProbe.AFTER, () -> false);
        System.out.println("JLBH core-to-core round trip " + when + ": " + placement.describe(PlacementProbe.AFTER));
    }
}
