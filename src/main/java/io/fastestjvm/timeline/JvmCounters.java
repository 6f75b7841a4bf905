package io.fastestjvm.timeline;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

import io.fastestjvm.environment.EnvironmentInfo;

/**
 * HotSpot's perf counters (the hsperfdata file jstat reads): compilations and safepoints on JDK 8+, with no JMX call
 * or safepoint. Each read is one 8-byte positional read through a RandomAccessFile kept open: a {@code getLong} on
 * the mapping ran JDK methods that reached C2's threshold in the measured window ("Cleanup" safepoints). One reader
 * at a time; null from {@link #open()} under {@code -XX:-UsePerfData} or {@code -XX:+PerfDisableSharedMem}.
 */
public final class JvmCounters {
    /** A counter this JVM does not publish. */
    public static final long UNAVAILABLE = -1;
    private static final int MAGIC = 0xcafec0c0;

    private final RandomAccessFile file;
    private final boolean bigEndian;
    private final byte[] value = new byte[Long.BYTES];
    private final int totalCompiles;
    private final int totalInvalidates;
    private final int safepoints;
    private final int safepointTicks;
    private final int safepointSyncTicks;
    private final double nanosPerTick;

    /** Opens {@code file} last: an offset that cannot be read leaves nothing open. */
    private JvmCounters(final File file, final MappedByteBuffer data) throws IOException {
        this.bigEndian = data.order() == ByteOrder.BIG_ENDIAN;
        this.totalCompiles = offsetOf(data, "sun.ci.totalCompiles");
        this.totalInvalidates = offsetOf(data, "sun.ci.totalInvalidates");
        this.safepoints = offsetOf(data, "sun.rt.safepoints");
        this.safepointTicks = offsetOf(data, "sun.rt.safepointTime");
        this.safepointSyncTicks = offsetOf(data, "sun.rt.safepointSyncTime");
        final int frequency = offsetOf(data, "sun.os.hrt.frequency");
        this.nanosPerTick = frequency < 0 ? 1.0 : 1e9 / data.getLong(frequency);
        this.file = new RandomAccessFile(file, "r");
    }

    /** This JVM's counters, or null when it publishes none (the reason is not needed: callers record "unavailable"). */
    public static JvmCounters open() {
        return open(new File(new File(System.getProperty("os.name").startsWith("Windows")
                ? System.getProperty("java.io.tmpdir") : "/tmp", "hsperfdata_" + System.getProperty("user.name")),
                String.valueOf(EnvironmentInfo.pid())));
    }

    static JvmCounters open(final File file) {
        // the mapping outlives its channel (FileChannel#map); only the constructor reads it
        try (FileChannel channel = FileChannel.open(file.toPath())) {
            final MappedByteBuffer data = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            if (data.getInt(0) != MAGIC) {
                return null;
            }
            data.order(data.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            return new JvmCounters(file, data);
        } catch (final IOException | RuntimeException e) {
            return null; // unreadable: as if the JVM published none
        }
    }

    /** Methods compiled so far, by any tier (jstat -compiler "Compiled"). */
    public long compilations() {
        return read(totalCompiles);
    }

    /** Compiled methods invalidated so far (jstat -compiler "Invalid"). */
    public long invalidations() {
        return read(totalInvalidates);
    }

    public long safepoints() {
        return read(safepoints);
    }

    /** Total time spent at safepoints once every thread had stopped (the time to safepoint is not in it), ns. */
    public long safepointNanos() {
        return ticksToNanos(read(safepointTicks));
    }

    /** Total time spent bringing threads to safepoints (time to safepoint, summed), ns. */
    public long safepointSyncNanos() {
        return ticksToNanos(read(safepointSyncTicks));
    }

    private long read(final int offset) {
        if (offset < 0) {
            return UNAVAILABLE;
        }
        try {
            file.seek(offset);
            file.readFully(value);
        } catch (final IOException e) {
            return UNAVAILABLE;
        }
        long result = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            result = (result << 8) | (value[bigEndian ? i : Long.BYTES - 1 - i] & 0xff);
        }
        return result;
    }

    private long ticksToNanos(final long ticks) {
        return ticks < 0 ? UNAVAILABLE : (long) (ticks * nanosPerTick);
    }

    /**
     * The value offset of the scalar long counter {@code name}, or -1, from the file's entry directory: a prologue,
     * then one variable-length entry per counter (name, type, value).
     */
    private static int offsetOf(final MappedByteBuffer data, final String name) {
        final int count = data.getInt(28);
        int entry = data.getInt(24);
        for (int i = 0; i < count && entry > 0 && entry < data.capacity(); i++) {
            final int length = data.getInt(entry);
            final int vectorLength = data.getInt(entry + 8);
            final boolean scalarLong = vectorLength == 0 && data.get(entry + 12) == 'J';
            if (scalarLong && name.equals(nameAt(data, entry + data.getInt(entry + 4)))) {
                return entry + data.getInt(entry + 16);
            }
            entry += length;
        }
        return -1;
    }

    private static String nameAt(final MappedByteBuffer data, final int offset) {
        final StringBuilder name = new StringBuilder();
        for (int i = offset; i < data.capacity() && data.get(i) != 0; i++) {
            name.append((char) data.get(i));
        }
        return name.toString();
    }
}
