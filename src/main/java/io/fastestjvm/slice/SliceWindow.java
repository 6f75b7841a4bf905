package io.fastestjvm.slice;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;

import io.fastestjvm.control.ControlMessage;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.results.MeasuredWindow;

/** A slice as a {@link MeasuredWindow}, as the warm JVM sends it in its reply and the comparison reads it back. */
public final class SliceWindow {
    private SliceWindow() {
    }

    /** One slice's window: {@code before} and {@code after} are {@link SliceEvidence} readings around it. */
    static MeasuredWindow of(final long startMillis, final long startNanos, final long wallNanos,
                             final Histogram actualSend, final Histogram intendedSend, final long[] before,
                             final long[] after) {
        final MeasuredWindow.Builder window = MeasuredWindow.startingAt(startMillis, startNanos, wallNanos)
                .histogram(Latency.ACTUAL_SEND, actualSend).histogram(Latency.INTENDED_SEND, intendedSend);
        group(window, SliceEvidence.delta(before, after));
        return window.build();
    }

    /** {@code reply} with the fields that carry {@code window}; its evidence as one map, as the parent reads it. */
    public static ControlMessage into(final ControlMessage reply, final MeasuredWindow window) {
        final Map<String, Object> evidence = new LinkedHashMap<>(window.jvm());
        evidence.putAll(window.allocation());
        evidence.putAll(window.interference());
        ControlMessage withHistograms = reply;
        for (final Latency latency : Latency.ALL) {
            withHistograms = withHistograms.with(latency.key() + SliceProtocol.HISTOGRAM,
                    encode(window.histogram(latency)));
        }
        return withHistograms.with(SliceProtocol.START_MILLIS, window.startEpochMillis())
                .with(SliceProtocol.START_NANOS, window.startNanos())
                .with(SliceProtocol.WALL_NANOS, window.lengthNanos())
                .with(SliceProtocol.SLICE_EVIDENCE, evidence);
    }

    /** The window a slice reply's fields carry, with {@code around}: what the parent sampled around the slice. */
    @SuppressWarnings("unchecked")
    public static MeasuredWindow read(final Map<String, Object> reply, final Map<String, Long> around)
            throws IOException {
        final MeasuredWindow.Builder window = MeasuredWindow.startingAt(number(reply, SliceProtocol.START_MILLIS),
                number(reply, SliceProtocol.START_NANOS), number(reply, SliceProtocol.WALL_NANOS));
        for (final Latency latency : Latency.ALL) {
            window.histogram(latency, decode((String) reply.get(latency.key() + SliceProtocol.HISTOGRAM)));
        }
        group(window, (Map<String, Object>) reply.get(SliceProtocol.SLICE_EVIDENCE));
        around.forEach(window::interference);
        return window.build();
    }

    /** The evidence's counters in the window's groups: JVM activity, then allocation, then the rest interference. */
    private static void group(final MeasuredWindow.Builder window, final Map<String, Object> evidence) {
        for (final Map.Entry<String, Object> counter : evidence.entrySet()) {
            final int at = SliceProtocol.EVIDENCE.indexOf(counter.getKey());
            final long value = ((Number) counter.getValue()).longValue();
            if (at >= 0 && at < SliceEvidence.PRODUCER_BYTES) {
                window.jvm(counter.getKey(), value);
            } else if (at >= 0 && at <= SliceEvidence.CONSUMER_BYTES) {
                window.allocation(counter.getKey(), value);
            } else {
                window.interference(counter.getKey(), value);
            }
        }
    }

    private static long number(final Map<String, Object> reply, final String name) {
        return ((Number) reply.get(name)).longValue();
    }

    /** A latency's {@link SliceProtocol#PERCENTILES}, then its {@link SliceProtocol#MORE_STATISTICS}, in ns. */
    public static Map<String, Object> percentiles(final Histogram histogram) {
        final Map<String, Object> values = new LinkedHashMap<>();
        final double[] at = {50, 90, 99, 99.9};
        for (int i = 0; i < at.length; i++) {
            values.put(SliceProtocol.PERCENTILES.get(i), histogram.getValueAtPercentile(at[i]));
        }
        values.put(SliceProtocol.PERCENTILES.get(at.length), histogram.getMaxValue());
        values.put(SliceProtocol.MORE_STATISTICS.get(0), histogram.getValueAtPercentile(1));
        values.put(SliceProtocol.MORE_STATISTICS.get(1), histogram.getValueAtPercentile(10));
        values.put(SliceProtocol.MORE_STATISTICS.get(2), Math.round(histogram.getMean()));
        values.put(SliceProtocol.MORE_STATISTICS.get(3), histogram.getMinValue());
        return values;
    }

    /** HdrHistogram's compressed encoding in base64, as its log format carries each interval. */
    static String encode(final Histogram histogram) {
        final ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        final int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        final byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static Histogram decode(final String base64) throws IOException {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (final DataFormatException e) {
            throw new IOException("a slice's histogram does not decode: " + e, e);
        }
    }
}
