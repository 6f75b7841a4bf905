package io.fastestjvm.slice;

import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.fastestjvm.affinity.CpuAssignment;
import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.control.ControlLink;
import io.fastestjvm.control.ControlMessage;
import io.fastestjvm.environment.EnvironmentInfo;
import io.fastestjvm.faults.Preflight;
import io.fastestjvm.faults.QueueDirectoryOwner;
import io.fastestjvm.message.ReceivedMessage;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.transport.ChronicleQueueTransport;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.OwnSequences;
import io.fastestjvm.transport.PersistenceProof;
import io.fastestjvm.transport.Transport;
import io.fastestjvm.warmup.StringLiterals;
import io.fastestjvm.warmup.WarmupCollections;

/**
 * A warm JVM of an interleaved comparison: opens its queues, pins its workers, then answers its parent's
 * {@code warmup}, {@code slice} and {@code finish} over the {@link ControlLink}; the parent's death ends it.
 */
public final class SliceChild {
    /** qp.compare.sharedQueue: the block's queue directory, which the parent owns; absent: a queue of its own. */
    public static final String SHARED_QUEUE_PROPERTY = "io.fastestjvm.sharedQueueDir";
    /** qp.compare.sharedQueue: this JVM's first sequence in the shared queue (OwnSequences.baseOf). */
    public static final String SEQUENCE_BASE_PROPERTY = "io.fastestjvm.sequenceBase";
    /** Extra time a slice may take past its schedule before the JVM is declared stuck. */
    private static final long SLICE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** 3x C2's threshold for the readings taken twice a slice; a few hundred replies reach C2. */
    private static final int EVIDENCE_REHEARSALS = 15_000;
    private static final int REPLY_REHEARSALS = 500;
    /** The fewest messages each queue passes after a renewal of the workers, see {@link #renewWorkers}. */
    private static final int MIN_RENEWAL_WARM_IN_MESSAGES = 100;
    /** Calls of an empty drain after the long one: C2's invocation threshold for a method called once a slice. */
    private static final int DRAIN_REHEARSALS = 15_000;

    private final BenchmarkOptions options;
    private final ComparisonOptions slices;
    private final ControlLink link;
    private Transport[] transports;
    /** This JVM's sequences: 0, 1, ... in queues of its own, from its base in the block's shared queue. */
    private OwnSequences own = OwnSequences.alone();
    private SliceWorkers workers;
    private SliceEvidence evidence;
    /** Per queue, its next sequence: each queue holds its own 0, 1, 2, ... (from its base in a shared queue). */
    private long[] next;
    /** Guarded by this: written by the command thread, read by the shutdown hook. */
    private QueueDirectoryOwner[] queueOwners;
    private final SliceSchedule schedule;

    private SliceChild(final BenchmarkOptions options, final ComparisonOptions slices, final ControlLink link) {
        this.options = options;
        this.slices = slices;
        this.link = link;
        final long queueSeed = SliceSchedule.seed(slices);
        this.schedule = new SliceSchedule(slices, queueSeed);
        if (slices.randomQueueOrder()) {
            System.err.println("[qp] measured slices draw their queue of " + slices.queues()
                    + " at random, seed " + queueSeed + " (qp.compare.queueSeed)");
        }
    }

    public static void main(final String[] args) throws Exception {
        ControlLink.watchParent(System.err);
        final ControlLink link = ControlLink.toParent();
        final SliceChild child;
        try {
            child = new SliceChild(BenchmarkOptions.fromProperties(System.getProperties()),
                    ComparisonOptions.fromProperties(System.getProperties()), link);
        } catch (final InvalidSettingException e) {
            link.send(ControlMessage.failed("error: " + e.getMessage()));
            System.exit(2);
            return;
        }
        System.exit(child.serve());
    }

    private int serve() throws IOException, InterruptedException {
        try {
            final String failure = open();
            if (failure != null) {
                link.send(ControlMessage.failed(failure));
                return 1;
            }
            link.send(hello());
            while (true) {
                final ControlMessage command;
                try {
                    command = link.receive(0);
                } catch (final EOFException e) {
                    System.err.println("[qp] the parent closed the control link: stopping this JVM");
                    return ControlLink.PARENT_GONE;
                }
                final ControlMessage reply = answer(command);
                link.send(reply);
                if (ControlMessage.FAILED.equals(reply.type()) || SliceProtocol.FINISHED.equals(reply.type())) {
                    return ControlMessage.FAILED.equals(reply.type()) ? 1 : 0;
                }
            }
        } finally {
            if (workers != null) {
                workers.stop();
            }
            closeTransports();
            removeQueues();
        }
    }

    /** Each queue in a directory of its own, owned as a single run's is, so a crash's leftover is swept later. */
    private String open() throws IOException, InterruptedException {
        final CpuAssignment[] cpus = Preflight.planCpus(options);
        final String sharedDir = System.getProperty(SHARED_QUEUE_PROPERTY);
        if (slices.sharedQueue() != (sharedDir != null)) {
            return "qp.compare.sharedQueue is " + slices.sharedQueue() + " but " + SHARED_QUEUE_PROPERTY + " is "
                    + sharedDir;
        }
        transports = new Transport[slices.queues()];
        final File shared = sharedDir == null ? null : new File(sharedDir); // null: queues of its own
        try {
            if (shared != null) { // this JVM's sequences start at its base
                own = OwnSequences.sharedFrom(Long.parseLong(System.getProperty(SEQUENCE_BASE_PROPERTY)));
            }
        } catch (final IllegalArgumentException e) {
            return SEQUENCE_BASE_PROPERTY + ": " + e.getMessage();
        }
        next = new long[transports.length];
        Arrays.fill(next, own.first);
        synchronized (this) { // the shutdown hook reads it
            queueOwners = new QueueDirectoryOwner[transports.length];
        }
        Runtime.getRuntime().addShutdownHook(new Thread(this::removeQueues, "qp-queue-removal"));
        for (int i = 0; i < transports.length; i++) { // a shared queue is the only one: ComparisonOptions checks it
            if (shared == null) { // the parent owns and deletes a shared queue
                try {
                    synchronized (this) {
                        queueOwners[i] = QueueDirectoryOwner.create(new File(options.queueParent(),
                                "qp-slice-" + EnvironmentInfo.pid() + "-q" + i));
                    }
                } catch (final IOException e) {
                    return e.getMessage();
                }
            }
            transports[i] = options.transportEntry().create(options.transportSpec(),
                    shared != null ? shared : queueOwners[i].directory());
        }
        workers = new SliceWorkers(transports, own, slices.spinNanos(), slices.spinEveryMessages(),
                cpus[0].planned(), cpus[1].planned());
        final String failure = workers.start();
        evidence = new SliceEvidence(workers.producerFacts, workers.consumerFacts);
        if (failure == null) {
            rehearseReplies();
        }
        return failure;
    }

    /** The command thread's work around a slice, compiled before the warm-up so it does not delay its quiet slices. */
    private void rehearseReplies() {
        for (int i = 0; i < EVIDENCE_REHEARSALS; i++) {
            evidence.read();
        }
        final long[] reading = evidence.read();
        for (int i = 0; i < REPLY_REHEARSALS; i++) {
            SliceProtocol.withWindow(ControlMessage.of(SliceProtocol.SLICE_DONE),
                    SliceProtocol.window(0, 0, 0, workers.histograms(), reading, reading));
        }
    }

    private ControlMessage hello() {
        return ControlMessage.of(ChildHandle.HELLO)
                .with(ChildHandle.PID, EnvironmentInfo.pid())
                .with(SliceProtocol.JAVA_VERSION, System.getProperty("java.version"))
                .with(SliceProtocol.VM, System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.vm.version"))
                .with(SliceProtocol.PRODUCER_CPUS, workers.producerFacts.cpus)
                .with(SliceProtocol.CONSUMER_CPUS, workers.consumerFacts.cpus)
                .with(SliceProtocol.PINNING, String.valueOf(workers.producerFacts.note) + "; "
                        + workers.consumerFacts.note);
    }

    private ControlMessage answer(final ControlMessage command) throws InterruptedException {
        switch (command.type()) {
            case SliceProtocol.WARMUP:
                return warmUp();
            case SliceProtocol.SLICE:
                return measuredSlice(command.number(SliceProtocol.CYCLE));
            case SliceProtocol.FINISH:
                return finish();
            default:
                return ControlMessage.failed("unknown command " + command.type());
        }
    }

    /**
     * The single run's warm-up in slices: the fast stage, the literals, then paced slices until steady; with
     * qp.compare.recompile, paced slices again after {@link Recompilation}.
     */
    private ControlMessage warmUp() throws InterruptedException {
        final WarmupCollections collections = new WarmupCollections(options.warmupGc());
        final StringLiterals literals = new StringLiterals(options.resolveLiterals());
        int done = 0;
        while (sentInto(0) < options.fastWarmupMessages()) {
            if (done == 1 || done == 2) {
                collections.collectBefore(done);
            }
            final String stuck = runSlice(schedule.fastWarmupQueue(), options.warmupRate(),
                    options.fastWarmupMessages() - sentInto(0));
            if (stuck != null) {
                return ControlMessage.failed("fast warm-up slice " + done + ": " + stuck);
            }
            done++;
        }
        final int fast = done;
        rehearseDrain();
        literals.resolveLoaded();
        final PacedWarmup paced = pacedUntilSteady(fast);
        if (paced.stuck != null) {
            return ControlMessage.failed(paced.stuck);
        }
        PacedWarmup last = paced;
        int shift = -1;
        if (slices.recompile()) {
            try {
                shift = Recompilation.deoptimizeAll(new SplittableRandom());
            } catch (final ReflectiveOperationException e) {
                return ControlMessage.failed("recompilation (qp.compare.recompile): " + e);
            }
            last = pacedUntilSteady(fast + paced.slices);
            if (last.stuck != null) {
                return ControlMessage.failed("after the recompilation, " + last.stuck);
            }
        }
        return ControlMessage.of(SliceProtocol.WARMED_UP)
                .with(SliceProtocol.FAST_SLICES, fast)
                .with(SliceProtocol.PACED_SLICES, paced.slices)
                .with(SliceProtocol.RECOMPILED_SLICES, slices.recompile() ? last.slices : -1)
                .with(SliceProtocol.CODE_SHIFT, shift)
                .with(SliceProtocol.STEADY, last.steady)
                .with(SliceProtocol.LAST_FAILURE, last.lastFailure)
                .with(SliceProtocol.SENT_SO_FAR, sent())
                .with(SliceProtocol.WARMUP_GCS, collections.toList())
                .with(SliceProtocol.STRING_LITERALS, literals.toMap());
    }

    /** The paced stage of a warm-up: its slices, steady or not, the last slice's failed check; or why it stuck. */
    private static final class PacedWarmup {
        int slices;
        boolean steady;
        String lastFailure;
        String stuck;
    }

    /** Paced slices, renewed as measured ones are, until steady or the bound; {@code before}: earlier slices. */
    private PacedWarmup pacedUntilSteady(final int before) throws InterruptedException {
        final PacedWarmup paced = new PacedWarmup();
        schedule.startPacedWarmup(slices.warmupSlices());
        while (paced.slices < slices.warmupSlices() && !schedule.steady()) {
            final int number = before + paced.slices;
            if (schedule.renewsBeforePacedWarmup()) {
                final String failure = renewWorkers();
                if (failure != null) {
                    paced.stuck = "renewal before warm-up slice " + number + ": " + failure;
                    return paced;
                }
            }
            final long[] start = evidence.read();
            final int queue = schedule.pacedWarmupQueue();
            final String stuck = runSlice(queue, options.rate(), Long.MAX_VALUE);
            if (stuck != null) {
                paced.stuck = "warm-up slice " + number + ": " + stuck;
                return paced;
            }
            final long[] end = evidence.read();
            paced.lastFailure = SliceEvidence.warmupFailure(start, end);
            schedule.pacedWarmupSliceDone(queue, SliceEvidence.jitEvents(start, end),
                    SliceEvidence.hotLoopBytes(start, end));
            paced.slices++;
        }
        paced.steady = schedule.steady();
        if (!paced.steady && paced.lastFailure == null) { // its last slice was quiet: too few in a row, or a queue
            paced.lastFailure = "the bound came before " + slices.steadySlices() + " quiet slices in a row, or"
                    + " before every queue had one";
        }
        return paced;
    }

    /**
     * Compiles the consumer's drain ({@link SliceWorkers#drainOthers}) on a tailer of its own: a JVM warmed up first
     * meets no other JVM's messages, and would compile it in its first measured slices. Every JVM on Chronicle does.
     */
    private void rehearseDrain() {
        if (!transports[0].persists()) {
            return; // a ring has one reader: its consumer; and its drain is always empty
        }
        final MessageReceiver rehearsal = transports[0].openReceiver();
        final ReceivedMessage message = new ReceivedMessage();
        try {
            for (int i = 0; i < DRAIN_REHEARSALS; i++) {
                SliceWorkers.drainOthers(rehearsal, message, OwnSequences.noWriter());
            }
        } finally {
            rehearsal.close(); // its Chronicle tailer, which nothing reads after this
        }
    }

    private ControlMessage measuredSlice(final long cycle) throws InterruptedException {
        if (schedule.renewsBeforeMeasured()) {
            final String failure = renewWorkers();
            if (failure != null) {
                return ControlMessage.failed("renewal before the slice of cycle " + cycle + ": " + failure);
            }
        }
        final int queue = schedule.measuredQueue();
        final long first = next[queue];
        final long[] before = evidence.read();
        final long start = System.nanoTime();
        final String stuck = runSlice(queue, options.rate(), Long.MAX_VALUE);
        final long wallNanos = System.nanoTime() - start;
        if (stuck != null) {
            return ControlMessage.failed("slice of cycle " + cycle + ": " + stuck);
        }
        final long[] after = evidence.read();
        final long startMillis = System.currentTimeMillis() // now less the time since the start
                - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        final MeasuredWindow window = SliceProtocol.window(startMillis, start, wallNanos, workers.histograms(),
                before, after);
        return SliceProtocol.withWindow(ControlMessage.of(SliceProtocol.SLICE_DONE)
                .with(SliceProtocol.CYCLE, cycle)
                .with(SliceProtocol.QUEUE, queue)
                .with(SliceProtocol.FIRST_SEQUENCE, first)
                .with(SliceProtocol.SLICE_MESSAGES, next[queue] - first)
                .with(SliceProtocol.FAILURE, SliceEvidence.failure(before, after)), window);
    }

    /** The next slice (at most {@code most} messages) through {@code queue}; null, or why the JVM is stuck. */
    private String runSlice(final int queue, final long rate, final long most) {
        return runMessages(queue, rate, Math.min(most, slices.sliceMessages(rate)), slices.resumeMessages());
    }

    /** The next {@code messages} of {@code queue} at {@code rate}, the first {@code unrecorded} not recorded. */
    private String runMessages(final int queue, final long rate, final long messages, final long unrecorded) {
        final long first = next[queue];
        next[queue] += messages;
        final long scheduleNanos = TimeUnit.SECONDS.toNanos(1) * messages / rate;
        return workers.slice(queue, first, next[queue], first + unrecorded, rate, scheduleNanos + SLICE_GRACE_NANOS);
    }

    /** New workers, then an unrecorded warm-in through every queue; null, or why the JVM is unusable. */
    private String renewWorkers() throws InterruptedException {
        final String failure = workers.renew();
        // at least one index spacing: a thread's first index entry in a queue allocates, which would void a slice
        final long warmIn = Math.max(MIN_RENEWAL_WARM_IN_MESSAGES,
                options.transportSpec().rollCycle.defaultIndexSpacing());
        for (int queue = 0; queue < transports.length && failure == null; queue++) {
            final String stuck = runMessages(queue, options.rate(), warmIn, warmIn);
            if (stuck != null) {
                return "its warm-in through queue " + queue + ": " + stuck;
            }
        }
        return failure;
    }

    private long sent() {
        return IntStream.range(0, next.length).mapToLong(this::sentInto).sum();
    }

    private long sentInto(final int queue) {
        return next[queue] - own.first;
    }

    /** A shared queue holds other JVMs' messages too: only this JVM's own are proved, each in order. */
    private PersistenceProof readBack(final int queue) {
        if (own.shared) { // on Chronicle alone: ComparisonOptions checks it
            System.err.println("[qp] drained " + workers.drained() + " messages of other JVMs before this JVM's"
                    + " slices");
            return ((ChronicleQueueTransport) transports[queue]).provePersisted(own, sentInto(queue));
        }
        return transports[queue].provePersisted(next[queue]);
    }

    /** Every queue read back in this JVM's own turn: each must hold exactly its own sequences, in order. */
    private ControlMessage finish() throws InterruptedException {
        final String ended = workers.stop();
        if (ended != null) {
            return ControlMessage.failed("ending the producer and consumer: " + ended);
        }
        closeTransports();
        final boolean persists = transports[0].persists(); // every queue of a JVM is one transport kind
        long read = 0;
        long readNanos = 0;
        for (int i = 0; i < transports.length && persists; i++) {
            final PersistenceProof proof = readBack(i);
            if (!proof.passed()) {
                return ControlMessage.failed("persistence read-back" + (transports.length > 1 ? " of queue " + i : "")
                        + ": " + proof.problem);
            }
            read += proof.messagesRead;
            readNanos += proof.durationNanos;
        }
        return ControlMessage.of(SliceProtocol.FINISHED)
                .with(SliceProtocol.SENT, sent())
                .with(SliceProtocol.READ_BACK, persists ? read : -1)
                .with(SliceProtocol.READ_BACK_NANOS, persists ? readNanos : -1);
    }

    /** Deletes every queue this JVM made, or with qp.keepQueue only its owner records (a kept queue is not stale). */
    private synchronized void removeQueues() {
        for (int i = 0; queueOwners != null && i < queueOwners.length; i++) {
            if (queueOwners[i] != null) {
                queueOwners[i].end(options.keepQueue(), System.err);
            }
        }
    }

    private void closeTransports() {
        if (transports != null) {
            for (final Transport transport : transports) {
                if (transport != null) {
                    transport.close();
                }
            }
        }
    }
}
