package io.fastestjvm.calibration;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.fastestjvm.transport.DecoratedTransport;
import io.fastestjvm.transport.MessageReceiver;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.Transport;

/**
 * Known delays injected to prove the harness measures them: a one-off producer or consumer stall at a measured
 * second, and a consumer spin before every N-th receive stamp. Decorators exist only when an injection is asked
 * for, so with every injection off the measured threads run exactly the code they run without this class.
 */
public final class DelayInjection {
    /** Warm-up rehearses an enabled stall with spins this long: see {@link #stallBefore}. */
    static final long REHEARSAL_NANOS = 1_000;
    /** Warm-up sequences that are multiples of this rehearse the stall. */
    static final long REHEARSAL_MASK = 0xFFFF;

    private final long producerStallNanos;
    private final long consumerStallNanos;
    private final long stallSequence;
    private final long consumerSpinNanos;
    private final long spinEveryMessages;
    private final int stallAtSecond;
    private final long warmupMessages;

    /** Stalls fall on the first message of measured second {@code stallAtSecond} (0-based, across runs). */
    public DelayInjection(final long producerStallMillis, final long consumerStallMillis, final int stallAtSecond,
                          final long consumerSpinNanos, final long spinEveryMessages, final long warmupMessages,
                          final long rate) {
        this.producerStallNanos = producerStallMillis * 1_000_000L;
        this.consumerStallNanos = consumerStallMillis * 1_000_000L;
        this.stallSequence = warmupMessages + stallAtSecond * rate;
        this.consumerSpinNanos = consumerSpinNanos;
        this.spinEveryMessages = spinEveryMessages;
        this.stallAtSecond = stallAtSecond;
        this.warmupMessages = warmupMessages;
    }

    public boolean enabled() {
        return producerStallNanos > 0 || consumerStallNanos > 0 || consumerSpinNanos > 0;
    }

    public Transport wrap(final Transport transport) {
        return enabled() ? new DecoratedTransport(transport, this::decorate, this::decorate) : transport;
    }

    public MessageSender decorate(final MessageSender sender) {
        if (producerStallNanos == 0) {
            return sender;
        }
        return new MessageSender() {
            private long sequence;

            @Override
            public void prepare(final long next) {
                sequence = next;
                sender.prepare(next);
            }

            @Override
            public void send(final long intendedSendNanos, final long actualSendNanos) {
                // restamped after the stall, as a producer that stalls before it reads the clock would be
                sender.send(intendedSendNanos, spinFrom(actualSendNanos, stallBefore(sequence, producerStallNanos)));
            }
        };
    }

    public MessageReceiver decorate(final MessageReceiver receiver) {
        final MessageReceiver spun = consumerSpinNanos == 0 ? receiver
                : restampedAfterSpin(receiver, consumerSpinNanos, spinEveryMessages);
        if (consumerStallNanos == 0) {
            return spun;
        }
        return into -> {
            if (!spun.poll(into)) {
                return false;
            }
            // after the message is stamped: the ones that arrive meanwhile wait, in both latency definitions
            spinFrom(System.nanoTime(), stallBefore(into.sequence + 1, consumerStallNanos));
            return true;
        };
    }

    /**
     * Every {@code every}-th receive stamp taken after a spin of {@code nanos}, timed from poll's return: the work
     * after the transport's own stamp (Chronicle closing the document) would absorb it. Every message is restamped,
     * so a comparison's variants run the same code and differ by their spins alone.
     */
    public static MessageReceiver restampedAfterSpin(final MessageReceiver receiver, final long nanos,
                                                     final long every) {
        if (every == 1 || nanos == 0) {
            return into -> {
                if (!receiver.poll(into)) {
                    return false;
                }
                into.receivedNanos = spinFrom(System.nanoTime(), nanos);
                return true;
            };
        }
        return into -> {
            if (!receiver.poll(into)) {
                return false;
            }
            into.receivedNanos = spinFrom(System.nanoTime(), into.sequence % every == 0 ? nanos : 0);
            return true;
        };
    }

    /**
     * Busy-waits: allocation-free, and the thread keeps its CPU as a descheduled or GC-paused one would not. Returns
     * the clock when done ({@code start} for 0).
     */
    private static long spinFrom(final long start, final long nanos) {
        long now = start;
        while (now - start < nanos) {
            now = System.nanoTime();
        }
        return now;
    }

    /**
     * {@code stall} before the chosen message, {@link #REHEARSAL_NANOS} before some warm-up ones, else 0. Branch-free
     * on purpose: a branch warm-up never took is an uncommon trap, and taking it mid-measurement would deoptimise.
     */
    long stallBefore(final long sequence, final long stall) {
        final long difference = sequence ^ stallSequence;
        final long isStall = ~((difference | -difference) >> 63);                        // -1 when equal, else 0
        final long low = sequence & REHEARSAL_MASK;
        final long isRehearsal = ~((low | -low) >> 63) & ((sequence - warmupMessages) >> 63); // warm-up multiple
        return (stall & isStall) | (Math.min(stall, REHEARSAL_NANOS) & isRehearsal);
    }

    /** Both stalls at once are read out as the longer. */
    public long stallNanos() {
        return Math.max(producerStallNanos, consumerStallNanos);
    }

    public Map<String, Object> toMap() {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("producerStallMillis", producerStallNanos / 1_000_000L);
        map.put("consumerStallMillis", consumerStallNanos / 1_000_000L);
        map.put("stallAtMeasuredSecond", stallAtSecond);
        map.put("stallBeforeSequence", stallSequence);
        map.put("consumerSpinNanos", consumerSpinNanos);
        map.put("spinEveryMessages", spinEveryMessages);
        return map;
    }

    /**
     * What the raw samples show of the injected delays (sample {@code i} is sequence {@code warmup + i}), checked
     * against two bounds that hold whatever else disturbs the machine: a message due {@code t} into a stall S has an
     * intended-send latency of at least S - t, so at least half of those due have one above S/2; a message spun X
     * before its receive stamp has both latencies at least X.
     */
    public Map<String, Object> observe(final long[] actual, final long[] intended, final int count, final long rate) {
        final Map<String, Object> node = new LinkedHashMap<>();
        if (stallNanos() > 0) {
            final long first = stallSequence - warmupMessages;
            final long due = stallNanos() * rate / 1_000_000_000L;
            final int from = (int) Math.min(count, Math.max(0, first));
            final int to = (int) Math.min(count, first + due);
            final Map<String, Object> stall = new LinkedHashMap<>();
            stall.put("messagesDueDuringStall", to - from);
            stall.put("guaranteedIntendedSendAboveHalfStall", (to - from) / 2);
            stall.put("intendedSendAboveHalfStall", countAbove(intended, from, to, stallNanos() / 2));
            stall.put("actualSendAboveHalfStall", countAbove(actual, from, to, stallNanos() / 2));
            stall.put("firstMessageIntendedSendNanos", from < to ? intended[from] : null);
            stall.put("firstMessageActualSendNanos", from < to ? actual[from] : null);
            node.put("stall", stall);
        }
        if (consumerSpinNanos > 0) {
            long spins = 0;
            long intendedAtLeast = 0;
            long actualAtLeast = 0;
            final long every = spinEveryMessages;
            // the measured multiples of every; sample index = sequence - warmup
            for (long sequence = (warmupMessages + every - 1) / every * every; sequence - warmupMessages < count;
                 sequence += every) {
                final int index = (int) (sequence - warmupMessages);
                spins++;
                intendedAtLeast += intended[index] >= consumerSpinNanos ? 1 : 0;
                actualAtLeast += actual[index] >= consumerSpinNanos ? 1 : 0;
            }
            final Map<String, Object> spin = new LinkedHashMap<>();
            spin.put("spunMeasuredMessages", spins);
            spin.put("thresholdNanos", consumerSpinNanos);
            spin.put("intendedSendAtOrAboveThreshold", intendedAtLeast);
            spin.put("actualSendAtOrAboveThreshold", actualAtLeast);
            node.put("spin", spin);
        }
        return node;
    }

    private static long countAbove(final long[] samples, final int from, final int to, final long nanos) {
        long above = 0;
        for (int i = from; i < to; i++) {
            if (samples[i] > nanos) {
                above++;
            }
        }
        return above;
    }

    public String describe(final long rate) {
        final StringBuilder out = new StringBuilder("calibration: injected");
        if (producerStallNanos > 0) {
            out.append(String.format(Locale.ROOT, " producer stall %,d ms", producerStallNanos / 1_000_000L));
        }
        if (consumerStallNanos > 0) {
            out.append(String.format(Locale.ROOT, " consumer stall %,d ms", consumerStallNanos / 1_000_000L));
        }
        if (producerStallNanos > 0 || consumerStallNanos > 0) {
            out.append(String.format(Locale.ROOT, " at measured second %d (before message %,d): ~%,d messages due"
                    + " during it", stallAtSecond, stallSequence, stallNanos() * rate / 1_000_000_000L));
        }
        if (consumerSpinNanos > 0) {
            out.append(String.format(Locale.ROOT, "; consumer spin %,d ns before the stamp of every %,d-th message",
                    consumerSpinNanos, spinEveryMessages));
        }
        return out.toString();
    }
}
