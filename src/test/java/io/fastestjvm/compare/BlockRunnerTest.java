package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Random;

import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.faults.ProcessIdentity;
import io.fastestjvm.faults.QueueDirectoryOwner;
import io.fastestjvm.recording.Latency;
import io.fastestjvm.recording.LatencyRecorder;
import io.fastestjvm.results.MeasuredWindow;
import io.fastestjvm.slice.SliceChild;
import io.fastestjvm.transport.OwnSequences;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A block: its start order (the first-started JVM was faster, so first place rotates), shared queue, slice logs. */
class BlockRunnerTest {
    private static final List<String> VARIANTS = Arrays.asList("a", "b", "c", "d");

    @Test
    void overKBlocksEveryVariantStartsFirstOnce() {
        for (int offset = 0; offset < VARIANTS.size(); offset++) {
            final Random random = new Random(offset);
            for (int from = 1; from <= 3; from++) { // any k blocks in a row, not only the first k
                final List<String> firsts = new ArrayList<>();
                for (int block = from; block < from + VARIANTS.size(); block++) {
                    firsts.add(BlockRunner.startOrder(VARIANTS, block, offset, random).get(0));
                }
                assertEquals(new HashSet<>(VARIANTS), new HashSet<>(firsts), "offset " + offset + ": " + firsts);
            }
        }
    }

    @Test
    void theFirstIsTheBlocksTurnAndTheRestAreEveryOtherVariantOnce() {
        final List<String> order = BlockRunner.startOrder(VARIANTS, 6, 1, new Random(7));
        assertEquals("c", order.get(0), "(6 - 1 + 1) mod 4 = 2");
        assertEquals(new HashSet<>(VARIANTS), new HashSet<>(order));
        assertEquals(VARIANTS.size(), order.size());
        assertEquals(Arrays.asList("a", "b", "c", "d"), VARIANTS, "the plan's list is left as it was");
    }

    @Test
    void theSameSeedGivesTheSameOrderAndTheRestAreNotAlwaysInListOrder() {
        final List<List<String>> orders = new ArrayList<>();
        final Random one = new Random(42);
        final Random two = new Random(42);
        for (int block = 1; block <= 20; block++) {
            final List<String> order = BlockRunner.startOrder(VARIANTS, block, 0, one);
            assertEquals(order, BlockRunner.startOrder(VARIANTS, block, 0, two));
            orders.add(order.subList(1, order.size()));
        }
        assertTrue(new HashSet<>(orders).size() > VARIANTS.size(),
                "the rest are shuffled, not only rotated: " + orders);
    }

    // qp.compare.sharedQueue on the parent's side: a block's owned directory, and each child's two flags.
    @TempDir
    Path temp;
    private final PrintStream err = new PrintStream(new ByteArrayOutputStream());

    private static List<String> command(final QueueDirectoryOwner shared, final int index) {
        final VariantSpec variant = ComparisonOptions.fromProperties(props()).variants().get(index);
        return VariantLaunch.command(variant, props(), "classes", BlockRunner.sharedQueueFlags(shared, index));
    }

    private static boolean mentions(final List<String> line, final String property) {
        return line.stream().anyMatch(arg -> arg.startsWith("-D" + property + "="));
    }

    @Test
    void offThereIsNoDirectoryAndNoChildFlag() {
        assertEquals(Collections.emptyList(), BlockRunner.sharedQueueFlags(null, 0));
        final List<String> line = command(null, 1);
        assertFalse(mentions(line, SliceChild.SHARED_QUEUE_PROPERTY), line.toString());
        assertFalse(mentions(line, SliceChild.SEQUENCE_BASE_PROPERTY), line.toString());
        assertEquals(VariantLaunch.command(ComparisonOptions.fromProperties(props()).variants().get(1), props(),
                "classes", Collections.<String>emptyList()), line, "the same line as without the setting");
        assertEquals(0, temp.toFile().list().length, "nothing made");
    }

    @Test
    void onEachChildGetsTheBlocksDirectoryAndABaseOfItsOwn() throws IOException {
        final File dir;
        final QueueDirectoryOwner shared = BlockRunner.sharedQueue(temp.toFile(), 7);
        try {
            dir = new File(temp.toFile(), "qp-shared-" + ProcessIdentity.current().pid + "-b07");
            assertTrue(dir.isDirectory(), dir.toString());
            assertTrue(new File(dir, QueueDirectoryOwner.FILE_NAME).isFile(), "owned, so a crash leaves it to a sweep");
            final List<String> first = command(shared, 0);
            final List<String> second = command(shared, 1);
            for (final List<String> line : Arrays.asList(first, second)) {
                assertTrue(line.contains("-D" + SliceChild.SHARED_QUEUE_PROPERTY + "=" + dir.getPath()),
                        line.toString());
                assertTrue(line.indexOf("-cp") > line.indexOf("-D" + SliceChild.SHARED_QUEUE_PROPERTY + "="
                        + dir.getPath()), "before the class path and main class: " + line);
            }
            assertTrue(first.contains("-D" + SliceChild.SEQUENCE_BASE_PROPERTY + "=0"), first.toString());
            assertTrue(second.contains("-D" + SliceChild.SEQUENCE_BASE_PROPERTY + "=" + OwnSequences.baseOf(1)),
                    second.toString());
            Files.write(new File(dir, "metadata.cq4t").toPath(), new byte[8]); // what the children leave
        } finally {
            shared.end(false, err); // as BlockRunner.run does when the block ends
        }
        assertFalse(dir.exists(), "deleted when the block ends");
    }

    @Test
    void keptOnRequestWithoutItsOwnerRecord() throws IOException {
        final File dir;
        final QueueDirectoryOwner shared = BlockRunner.sharedQueue(temp.toFile(), 1);
        try {
            dir = new File(temp.toFile(), "qp-shared-" + ProcessIdentity.current().pid + "-b01");
            assertTrue(dir.isDirectory(), dir.toString());
        } finally {
            shared.end(true, err); // qp.keepQueue
        }
        assertTrue(dir.isDirectory(), "qp.keepQueue keeps it");
        assertFalse(new File(dir, QueueDirectoryOwner.FILE_NAME).exists(), "a kept queue is not a stale one");
    }

    private static Properties props() {
        final Properties settings = new Properties();
        settings.setProperty("qp.compare.variants", "a=|;b=|-Xmx1g");
        return settings;
    }

    // A block's slice log as HdrHistogram's own reader sees it: both latencies per slice, tagged, at real times.
    @TempDir
    File folder;

    private static Histogram latencies(final long value, final int count) {
        final Histogram histogram = LatencyRecorder.newHistogram();
        histogram.recordValueWithCount(value, count);
        return histogram;
    }

    @Test
    void hdrHistogramsReaderGetsEachSlicesTwoLatenciesWithTheirTagsCountsAndRealTimes() throws IOException {
        final File file = new File(folder, "jdk17-1.slices.hlog");
        final long base = 1_750_000_000_000L; // epoch ms
        final long[] starts = {base + 1_250, base + 3_480, base + 5_731};
        try (BlockRunner.SliceLog log = new BlockRunner.SliceLog(file, base)) {
            for (int cycle = 0; cycle < starts.length; cycle++) {
                log.slice(cycle, MeasuredWindow.startingAt(starts[cycle], 0, 1_010_000_000L + cycle * 1_000_000L)
                        .histogram(Latency.ACTUAL_SEND, latencies(400 + cycle, 100 + cycle))
                        .histogram(Latency.INTENDED_SEND, latencies(900 + cycle, 200 + cycle)).build());
            }
        }
        final HistogramLogReader reader = new HistogramLogReader(file);
        for (int cycle = 0; cycle < starts.length; cycle++) {
            final EncodableHistogram actual = reader.nextIntervalHistogram();
            final EncodableHistogram intended = reader.nextIntervalHistogram();
            assertEquals("actualSend", actual.getTag());
            assertEquals("intendedSend", intended.getTag());
            assertEquals(100 + cycle, ((Histogram) actual).getTotalCount());
            assertEquals(200 + cycle, ((Histogram) intended).getTotalCount());
            assertEquals(400 + cycle, ((Histogram) actual).getMaxValue());
            for (final EncodableHistogram interval : new EncodableHistogram[] {actual, intended}) {
                assertEquals(starts[cycle], interval.getStartTimeStamp(), "the slice's own start, epoch ms");
                assertEquals(starts[cycle] + 1_010 + cycle, interval.getEndTimeStamp(), "its length in ms");
            }
        }
        assertNull(reader.nextIntervalHistogram(), "nothing else");
        assertEquals(base / 1000.0, reader.getStartTimeSec(), 1e-3);
    }
}
