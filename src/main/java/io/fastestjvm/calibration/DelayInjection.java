package io.fastestjvm.calibration;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.fastestjvm.transport.MessageReceiver;

/**
 * Known delays injected to prove the harness measures them: a one-off stall of the producer or of the consumer
 * at the start of a given measured second, and a fixed spin on the consumer every N messages. Stalls happen
 * between the one-second chunks, outside the inner loops, and the spin is a {@link MessageReceiver} decorator
 * used only when enabled: with every injection off, the measured loops run exactly the code they run without
 * this class. Immutable.
 */
public final class DelayInjection {
    public static final DelayInjection NONE = new DelayInjection(0, 0, 0, 0, 1, 0, 0);
    /** Every warm-up chunk rehearses an enabled stall with a spin this long: see {@link #stallFor}. */
    static final long REHEARSAL_NANOS = 1_000;

    private final long producerStallNanos;
    private final long consumerStallNanos;
    private final long stallSequence;
    private final long consumerSpinNanos;
    private final long spinEveryMessages;
    private final int stallAtSecond;
    private final long warmupMessages;

    DelayInjection(final long producerStallNanos, final long consumerStallNanos, final long stallSequence,
                   final long consumerSpinNanos, final long spinEveryMessages, final int stallAtSecond,
                   final long warmupMessages) {
        this.producerStallNanos = producerStallNanos;
        this.consumerStallNanos = consumerStallNanos;
        this.stallSequence = stallSequence;
        this.consumerSpinNanos = consumerSpinNanos;
        this.spinEveryMessages = spinEveryMessages;
        this.stallAtSecond = stallAtSecond;
        this.warmupMessages = warmupMessages;
    }

    /** Stalls fall on the first message of measured second {@code stallAtSecond} (0-based, across runs). */
    public static DelayInjection of(final long producerStallMillis, final long consumerStallMillis,
                                    final int stallAtSecond, final long consumerSpinNanos,
                                    final long spinEveryMessages, final long warmupMessages, final long rate) {
        return new DelayInjection(producerStallMillis * 1_000_000L, consumerStallMillis * 1_000_000L,
                warmupMessages + stallAtSecond * rate, consumerSpinNanos, spinEveryMessages, stallAtSecond,
                warmupMessages);
    }

    public boolean enabled() {
        return producerStallNanos > 0 || consumerStallNanos > 0 || consumerSpinNanos > 0;
    }

    /** Called by the producer before sending the chunk that starts at {@code chunkStart}. */
    public void beforeProducerChunk(final long chunkStart) {
        if (producerStallNanos > 0) {
            spin(stallFor(chunkStart, producerStallNanos));
        }
    }

    /** Called by the consumer before receiving the chunk that starts at {@code chunkStart}. */
    public void beforeConsumerChunk(final long chunkStart) {
        if (consumerStallNanos > 0) {
            spin(stallFor(chunkStart, consumerStallNanos));
        }
    }

    /**
     * The stall before a chunk: {@code stall} before the chosen one, {@link #REHEARSAL_NANOS} before each warm-up
     * chunk, else 0. Computed without a branch on purpose: C2 compiles a branch that warm-up never took as an
     * uncommon trap, and taking it mid-measurement would deoptimise the loop (and rematerialise the objects escape
     * analysis had removed, which the allocation check rightly reports). The rehearsal exercises the spin loop.
     */
    long stallFor(final long chunkStart, final long stall) {
        final long difference = chunkStart ^ stallSequence;
        final long isStallChunk = ~((difference | -difference) >> 63);   // -1 when equal, else 0
        final long isWarmupChunk = (chunkStart - warmupMessages) >> 63;  // -1 before the measured runs, else 0
        return (stall & isStallChunk) | (REHEARSAL_NANOS & isWarmupChunk);
    }

    /** The consumer's receiver, decorated with the periodic spin only when one is asked for. */
    public MessageReceiver decorate(final MessageReceiver receiver) {
        return consumerSpinNanos > 0 ? new SpinningReceiver(receiver, consumerSpinNanos, spinEveryMessages)
                : receiver;
    }

    /** Busy-waits: allocation-free, and the thread keeps its CPU as a descheduled or GC-paused one would not. */
    static void spin(final long nanos) {
        final long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            // injected delay
        }
    }

    public long stallSequence() {
        return stallSequence;
    }

    /** The one stall's length (producer or consumer; both at once are measured as the longer). */
    public long stallNanos() {
        return Math.max(producerStallNanos, consumerStallNanos);
    }

    public long consumerSpinNanos() {
        return consumerSpinNanos;
    }

    public long spinEveryMessages() {
        return spinEveryMessages;
    }

    public Map<String, Object> toMap(final long rate) {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("producerStallMillis", producerStallNanos / 1_000_000L);
        map.put("consumerStallMillis", consumerStallNanos / 1_000_000L);
        map.put("stallAtMeasuredSecond", stallAtSecond);
        map.put("stallBeforeSequence", stallSequence);
        map.put("consumerSpinNanos", consumerSpinNanos);
        map.put("spinEveryMessages", spinEveryMessages);
        return map;
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
                    + " during it", stallAtSecond, stallSequence,
                    Math.max(producerStallNanos, consumerStallNanos) * rate / 1_000_000_000L));
        }
        if (consumerSpinNanos > 0) {
            out.append(String.format(Locale.ROOT, "; consumer spin %,d ns after every %,d messages",
                    consumerSpinNanos, spinEveryMessages));
        }
        return out.toString();
    }
}
