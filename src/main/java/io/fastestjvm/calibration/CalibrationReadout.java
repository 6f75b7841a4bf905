package io.fastestjvm.calibration;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the raw samples show of the injected delays (sample {@code i} is sequence {@code warmup + i}), checked
 * against two bounds that hold whatever else disturbs the machine: a message due {@code t} into a stall S has an
 * intended-send latency of at least S - t, so at least half of those due have one above S/2; a message spun X
 * before its receive stamp has both latencies at least X.
 */
public final class CalibrationReadout {
    private CalibrationReadout() {
    }

    public static Map<String, Object> observe(final DelayInjection injection, final long[] actual,
                                              final long[] intended, final int count, final long warmupMessages,
                                              final long rate) {
        final Map<String, Object> node = new LinkedHashMap<>();
        final long stallNanos = injection.stallNanos();
        if (stallNanos > 0) {
            final long first = injection.stallSequence() - warmupMessages;
            final long due = stallNanos * rate / 1_000_000_000L;
            final int from = (int) Math.min(count, Math.max(0, first));
            final int to = (int) Math.min(count, first + due);
            final Map<String, Object> stall = new LinkedHashMap<>();
            stall.put("messagesDueDuringStall", to - from);
            stall.put("guaranteedIntendedSendAboveHalfStall", (to - from) / 2);
            stall.put("intendedSendAboveHalfStall", countAbove(intended, from, to, stallNanos / 2));
            stall.put("actualSendAboveHalfStall", countAbove(actual, from, to, stallNanos / 2));
            stall.put("firstMessageIntendedSendNanos", from < to ? intended[from] : null);
            stall.put("firstMessageActualSendNanos", from < to ? actual[from] : null);
            node.put("stall", stall);
        }
        if (injection.consumerSpinNanos() > 0) {
            final long threshold = injection.consumerSpinNanos();
            long spins = 0;
            long intendedAtLeast = 0;
            long actualAtLeast = 0;
            final long every = injection.spinEveryMessages();
            // the measured multiples of every; sample index = sequence - warmup
            for (long sequence = (warmupMessages + every - 1) / every * every; sequence - warmupMessages < count;
                 sequence += every) {
                final int index = (int) (sequence - warmupMessages);
                spins++;
                intendedAtLeast += intended[index] >= threshold ? 1 : 0;
                actualAtLeast += actual[index] >= threshold ? 1 : 0;
            }
            final Map<String, Object> spin = new LinkedHashMap<>();
            spin.put("spunMeasuredMessages", spins);
            spin.put("thresholdNanos", threshold);
            spin.put("intendedSendAtOrAboveThreshold", intendedAtLeast);
            spin.put("actualSendAtOrAboveThreshold", actualAtLeast);
            node.put("spin", spin);
        }
        return node;
    }

    static long countAbove(final long[] samples, final int from, final int to, final long nanos) {
        long above = 0;
        for (int i = from; i < to; i++) {
            if (samples[i] > nanos) {
                above++;
            }
        }
        return above;
    }
}
