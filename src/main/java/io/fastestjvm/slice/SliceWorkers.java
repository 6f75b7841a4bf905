package io.fastestjvm.slice;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.fastestjvm.affinity.CpuPinning;
import io.fastestjvm.engine.LoopControl;
import io.fastestjvm.engine.Progress;
import io.fastestjvm.engine.ReceiveLoop;
import io.fastestjvm.engine.SendLoop;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.pacing.FixedRateSchedule;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.OwnSequences;
import io.fastestjvm.transport.Transport;
import org.HdrHistogram.Histogram;

/**
 * A warm JVM's producer and consumer: pinned, then parked between slices. {@link #slice} hands both a queue and a
 * range of its sequences, unparks them, and waits (bounded) until both are done: the consumer first reads past any
 * other JVM's messages in the queue ({@link #drainOthers}), then the producer sends the range on a fixed schedule
 * that starts there, and the consumer receives it, checks the sequence and records every message past the slice's
 * unrecorded resume into the two histograms ({@link SliceHistograms}). The loops are the single run's
 * ({@link SendLoop}, {@link ReceiveLoop}), the same in warm-up and measured slices; they allocate nothing, and a
 * slice's evidence proves it. Between slices {@link #renew} replaces both threads, and with
 * them their {@link SliceWorkspace}s: senders, receivers, the message buffers and the histograms.
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
    /**
     * The same two objects for every pair of threads: a new thread writes its ids into them before it is ready, so
     * {@link SliceEvidence}, which reads them at every reading, follows the renewed threads.
     */
    private final ThreadFacts producerFacts = new ThreadFacts();
    private final ThreadFacts consumerFacts = new ThreadFacts();
    /** Per queue, where the last consumer stopped: written by it as it ends, read by the next as it starts. */
    private final long[] lastRead;
    /** The current consumer's workspace, published before it is ready: the command thread reads its histograms. */
    private volatile SliceWorkspace.Consumer consumerSpace;
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

    /**
     * Starts and pins both threads, which open their workspaces; returns once both are parked and ready, or with the
     * reason they are not.
     */
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

    /**
     * New threads for old, between slices: the current pair closes its workspaces and ends (waited for, bounded),
     * then a new pair starts, pinned to the same CPUs, and opens new ones; each new receiver reads on where the old
     * one stopped. Null, or why the JVM is no longer usable.
     */
    String renew() throws InterruptedException {
        final String ended = stop();
        if (ended != null) {
            return ended;
        }
        stop = false;
        return start();
    }

    /** The current consumer's histograms: read only between slices. */
    Histogram actualSend() {
        return consumerSpace.histograms.actualSend;
    }

    Histogram intendedSend() {
        return consumerSpace.histograms.intendedSend;
    }

    ThreadFacts producerFacts() {
        return producerFacts;
    }

    ThreadFacts consumerFacts() {
        return consumerFacts;
    }

    /**
     * One slice through queue {@code onQueue}: its sequences [{@code first}, {@code end}) at {@code rate} msg/s,
     * recorded from {@code recorded}. Returns null when both threads finished it within {@code limitNanos}, else why
     * not (the JVM is then no longer usable).
     */
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

    /**
     * Ends both threads at their next turn and waits, at most {@link #END_MILLIS}, until they closed their
     * workspaces and ended; null, or which did not (they are daemons, so a stuck one cannot keep the JVM alive).
     */
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

    /** The producer thread: opens its workspace, sends slices until stopped, then closes its workspace. */
    private void produce() {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpus[0])) {
            final SliceWorkspace.Producer space = new SliceWorkspace.Producer(transports);
            try {
                final MessageSender[] senders = space.senders;
                final FixedRateSchedule schedule = new FixedRateSchedule(System.nanoTime(), 1);
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
                space.close();
            }
        } catch (final RuntimeException | Error e) {
            fail("producer failed at message " + sent.reached() + ": " + e);
        }
    }

    /**
     * The consumer thread: opens its workspace where the previous consumer stopped, receives slices until stopped,
     * then notes where it stopped and closes its workspace.
     */
    private void consume() {
        try (CpuPinning pinning = CpuPinning.pinCurrentThread(cpus[1])) {
            final SliceWorkspace.Consumer space = new SliceWorkspace.Consumer(transports, lastRead, spinNanos,
                    spinEveryMessages);
            try {
                final MessageReceiver[] receivers = space.receivers;
                final ReceivedMessage message = space.message;
                final SliceHistograms histograms = space.histograms;
                consumerSpace = space;
                facts(consumerFacts, pinning);
                long seen = generation;
                while (true) {
                    seen = awaitSlice(seen);
                    if (stop) {
                        return;
                    }
                    final long skipped = drainOthers(space.unspun[queue], message, own);
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
                space.close(lastRead);
            }
        } catch (final RuntimeException | Error e) {
            fail("consumer failed after message " + received.reached() + ": " + e);
        }
    }

    /**
     * Before every slice (warm-up and measured) the consumer reads past what is already in the queue: other JVMs'
     * slices when they write it too (qp.compare.sharedQueue), nothing otherwise, so both designs run this code.
     * Returns how many messages it skipped, or -1 when one was this JVM's own (left in {@code into}): its own
     * messages were all consumed in their slice. Unspun: a known receive spin is the measured path's, not this.
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

    /**
     * The producer's schedule starts only once the consumer has drained the queue for this slice. Parked, not
     * spinning: a drain's length varies with what other JVMs wrote, and a spin loop's would decide when it compiles.
     */
    private void awaitConsumerPositioned(final long slice) {
        while (consumerPositioned != slice && !stop) {
            LockSupport.park(this);
        }
    }

    /** Other JVMs' messages drained so far; read by the command thread between slices. */
    long drained() {
        return drained;
    }

    /** Parks until the next slice (or stop); returns its generation. */
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
