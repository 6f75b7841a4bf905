package io.fastestjvm.slice;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.calibration.DelayInjection;
import io.fastestjvm.engine.LoopControl;
import io.fastestjvm.engine.Progress;
import io.fastestjvm.engine.ReceiveLoop;
import io.fastestjvm.engine.SendLoop;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.pacing.FixedRateSchedule;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.recording.LatencySink;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.OwnSequences;
import io.fastestjvm.transport.Transport;
import org.HdrHistogram.Histogram;

/**
 * A warm JVM's producer and consumer, pinned and parked between slices. {@link #slice} hands both a range of a
 * queue's sequences: the consumer drains other JVMs' messages first, then both run the single run's loops.
 */
final class SliceWorkers implements LoopControl {
    private static final long STARTUP_MILLIS = TimeUnit.SECONDS.toMillis(120);
    /** How long an ending thread may take to close its workspace; a thread in a slice is stopped by then. */
    private static final long END_MILLIS = TimeUnit.SECONDS.toMillis(10);

    private final Transport[] transports;
    private final OwnSequences own;
    /** The known difference: qp.injectConsumerSpinNanos before every N-th receive stamp. */
    private final long spinNanos;
    private final long spinEveryMessages;
    /** The current pair; command thread only. */
    private Thread producer;
    private Thread consumer;
    private final Thread commander = Thread.currentThread();
    private final int[] cpus;
    /** The same for every pair of threads, so {@link SliceEvidence} follows the renewed threads. */
    final ThreadFacts producerFacts = new ThreadFacts();
    final ThreadFacts consumerFacts = new ThreadFacts();
    /** Per queue, where the last consumer stopped: written by it as it ends, read by the next as it starts. */
    private final long[] lastRead;
    /** The current consumer's, published before it is ready: the command thread reads them between slices. */
    private volatile Histograms histograms;
    private volatile long generation;
    private volatile long producerDone;
    private volatile long consumerDone;
    private volatile int queue;
    private volatile long from;
    private volatile long to;
    private volatile long recordFrom;
    private volatile long rate;
    private volatile boolean stop;
    /** The slice for which the consumer has drained the queue: the producer starts once it is the current one. */
    private volatile long consumerPositioned;
    /** Other JVMs' messages the consumer drained so far (a shared queue's; none otherwise). */
    private volatile long drained;
    private volatile String failure;
    /** Each thread's progress, on lines of its own: written once per message, read only when a slice is stuck. */
    private final Progress sent = new Progress();
    private final Progress received = new Progress();

    /** What a worker thread reports once pinned: its ids and where it really runs. */
    static final class ThreadFacts {
        volatile long javaId = -1;
        volatile int osId = -1;
        volatile String cpus = "";
        volatile String note;
        volatile boolean ready;
    }

    /**
     * A slice's two histograms as the receive loop's sink: every message from the slice's recorded start on, so the
     * unrecorded resume at its head runs the same loop and the same sink. Consumer thread only, until the slice ends.
     */
    static final class Histograms implements LatencySink {
        final Histogram actualSend = LatencyRecorder.newHistogram();
        final Histogram intendedSend = LatencyRecorder.newHistogram();
        private long recordFrom;

        void reset(final long recordFrom) {
            actualSend.reset();
            intendedSend.reset();
            this.recordFrom = recordFrom;
        }

        @Override
        public void record(final ReceivedMessage message) {
            if (message.sequence >= recordFrom) {
                actualSend.recordValue(LatencyRecorder.inRange(message.receivedNanos - message.actualSendNanos));
                intendedSend.recordValue(LatencyRecorder.inRange(message.receivedNanos - message.intendedSendNanos));
            }
        }
    }

    SliceWorkers(final Transport[] transports, final OwnSequences own, final long spinNanos,
                 final long spinEveryMessages, final int producerCpu, final int consumerCpu) {
        this.transports = transports.clone();
        this.own = own;
        this.spinNanos = spinNanos;
        this.spinEveryMessages = spinEveryMessages;
        this.cpus = new int[] {producerCpu, consumerCpu};
        this.lastRead = new long[transports.length];
        Arrays.fill(lastRead, MessageReceiver.NOTHING_READ);
    }

    /** Starts both threads; returns once both are parked and ready, or with the reason they are not. */
    String start() {
        producerFacts.ready = false;
        consumerFacts.ready = false;
        producer = new Thread(this::produce, "qp-producer");
        consumer = new Thread(this::consume, "qp-consumer");
        producer.setDaemon(true);
        consumer.setDaemon(true);
        producer.start();
        consumer.start();
        final long deadline = System.currentTimeMillis() + STARTUP_MILLIS;
        while (!(producerFacts.ready && consumerFacts.ready) && failure == null) {
            if (System.currentTimeMillis() > deadline) {
                return "the producer and consumer were not ready within " + STARTUP_MILLIS + " ms";
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        return failure;
    }

    /** New threads and workspaces for old, between slices, reading on where the old stopped; null, or why not. */
    String renew() throws InterruptedException {
        final String ended = stop();
        if (ended != null) {
            return ended;
        }
        stop = false;
        return start();
    }

    /** The current consumer's: read only between slices. */
    Histograms histograms() {
        return histograms;
    }

    /** Sequences [{@code first}, {@code end}) of {@code onQueue}, recorded from {@code recorded}; null, or why not. */
    String slice(final int onQueue, final long first, final long end, final long recorded,
                 final long messagesPerSecond, final long limitNanos) {
        rate = messagesPerSecond;
        queue = onQueue;
        from = first;
        to = end;
        recordFrom = recorded;
        final long slice = generation + 1;
        generation = slice;
        LockSupport.unpark(consumer);
        LockSupport.unpark(producer);
        final long deadline = System.nanoTime() + limitNanos;
        while ((producerDone != slice || consumerDone != slice) && failure == null) {
            final long left = deadline - System.nanoTime();
            if (left <= 0) {
                stop = true;
                return "slice " + first + "-" + end + " not done within "
                        + TimeUnit.NANOSECONDS.toMillis(limitNanos) + " ms (sent to " + sent.reached()
                        + ", received to " + received.reached() + ")";
            }
            LockSupport.parkNanos(this, left);
        }
        return failure;
    }

    /** Ends both threads and waits, at most {@link #END_MILLIS}; null, or which did not end (they are daemons). */
    String stop() throws InterruptedException {
        stop = true;
        final Thread[] pair = {producer, consumer};
        final long deadline = System.currentTimeMillis() + END_MILLIS;
        for (final Thread thread : pair) {
            LockSupport.unpark(thread);
        }
        for (final Thread thread : pair) {
            thread.join(Math.max(1, deadline - System.currentTimeMillis()));
            if (thread.isAlive()) {
                return thread.getName() + " did not end within " + END_MILLIS + " ms";
            }
        }
        return failure;
    }

    /** The producer thread: a sender per queue, each with its own message buffer, made by it and closed by it. */
    private void produce() {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpus[0])) {
            final MessageSender[] senders = new MessageSender[transports.length];
            try {
                for (int i = 0; i < senders.length; i++) {
                    senders[i] = transports[i].openSender();
                }
                final FixedRateSchedule schedule = new FixedRateSchedule(System.nanoTime(), 1, 0);
                facts(producerFacts, pinning);
                long seen = generation;
                while (true) {
                    seen = awaitSlice(seen);
                    awaitConsumerPositioned(seen);
                    if (stop) {
                        return;
                    }
                    final long first = from;
                    schedule.restart(System.nanoTime(), rate, first);
                    SendLoop.sendRange(senders[queue], schedule, first, to, sent, this);
                    producerDone = seen;
                    LockSupport.unpark(commander);
                }
            } finally {
                for (final MessageSender sender : senders) {
                    if (sender != null) {
                        sender.close();
                    }
                }
            }
        } catch (final RuntimeException | Error e) {
            fail("producer failed at message " + sent.reached() + ": " + e);
        }
    }

    /**
     * The consumer thread: a receiver per queue, made by it (so its objects land where it allocates), reading on
     * where the previous consumer stopped; as it ends it notes in {@link #lastRead} where each stands, and closes it.
     */
    private void consume() {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpus[1])) {
            // as the transports give them: drained of other JVMs' messages, asked where they stand, and closed
            final MessageReceiver[] unspun = new MessageReceiver[transports.length];
            try {
                // as the hot loop polls them: with the receive spin (DelayInjection.restampedAfterSpin)
                final MessageReceiver[] receivers = new MessageReceiver[transports.length];
                for (int i = 0; i < receivers.length; i++) {
                    unspun[i] = transports[i].openReceiverAfter(lastRead[i]);
                    receivers[i] = DelayInjection.restampedAfterSpin(unspun[i], spinNanos, spinEveryMessages);
                }
                final ReceivedMessage message = new ReceivedMessage();
                final Histograms histograms = new Histograms();
                this.histograms = histograms;
                facts(consumerFacts, pinning);
                long seen = generation;
                while (true) {
                    seen = awaitSlice(seen);
                    if (stop) {
                        return;
                    }
                    final long skipped = drainOthers(unspun[queue], message, own);
                    if (skipped < 0) {
                        fail("drain before slice " + from + "-" + to + ": message " + message.sequence
                                + " of this JVM's own " + own + " was still in the queue");
                        return;
                    }
                    drained += skipped;
                    consumerPositioned = seen;
                    LockSupport.unpark(producer);
                    histograms.reset(recordFrom);
                    if (!ReceiveLoop.receiveRange(receivers[queue], message, from, to, histograms, received, this)) {
                        return;
                    }
                    consumerDone = seen;
                    LockSupport.unpark(commander);
                }
            } finally {
                for (int i = 0; i < unspun.length; i++) {
                    if (unspun[i] != null) {
                        lastRead[i] = unspun[i].lastRead();
                        unspun[i].close();
                    }
                }
            }
        } catch (final RuntimeException | Error e) {
            fail("consumer failed after message " + received.reached() + ": " + e);
        }
    }

    /**
     * Reads past other JVMs' messages in a shared queue, before every slice in both designs. Returns how many, or
     * -1 at one of this JVM's own (left in {@code into}), which its slice should have consumed.
     */
    static long drainOthers(final MessageReceiver receiver, final ReceivedMessage into, final OwnSequences own) {
        long skipped = 0;
        while (receiver.poll(into)) {
            if (own.owns(into.sequence)) {
                return -1;
            }
            skipped++;
        }
        return skipped;
    }

    /** Parked, not spinning: a drain's length varies, and a spin loop's would decide when it compiles. */
    private void awaitConsumerPositioned(final long slice) {
        while (consumerPositioned != slice && !stop) {
            LockSupport.park(this);
        }
    }

    long drained() {
        return drained;
    }

    private long awaitSlice(final long seen) {
        long now = generation;
        while (now == seen && !stop) {
            LockSupport.park(this);
            now = generation;
        }
        return now;
    }

    private void facts(final ThreadFacts facts, final CpuPinning pinning) {
        facts.javaId = Thread.currentThread().getId();
        facts.osId = pinning.threadId();
        facts.cpus = pinning.actualCpus().toString();
        facts.note = pinning.note();
        facts.ready = true;
    }

    @Override
    public boolean stopRequested() {
        return stop;
    }

    /** The first failure only; ends the slice and wakes the command thread. */
    @Override
    public void fail(final String reason) {
        if (failure == null) {
            failure = reason;
        }
        stop = true;
        LockSupport.unpark(commander);
    }
}
