package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.control.ChildHandle;
import io.fastestjvm.control.ChildOutput;
import io.fastestjvm.faults.QueueDirectoryOwner;
import io.fastestjvm.faults.StaleQueueSweeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real interleaved comparison, small: two warm JVMs of this build (an A/A), 3 blocks of 6 cycles of 200 ms slices,
 * a short fast warm-up stage, the default design otherwise (8 queues drawn per slice, new workers every slice, idle
 * JVMs stopped). Every block completes, every slice is recorded once, each JVM's read-back matches what
 * it sent, and no queue is left behind. Whether A/A is separable is the benchmark's question, not this test's.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class InterleavedComparisonIT {
    @TempDir
    Path temp;

    /** A small A/A: 200 ms slices, 6 cycles; the caller sets the blocks. */
    private Properties settings(final Path queues, final int blocks) {
        final Properties settings = new Properties();
        settings.setProperty("qp.compare.variants", "a=|-Xmx512m;b=|-Xmx512m");
        settings.setProperty("qp.compare.blocks", String.valueOf(blocks));
        settings.setProperty("qp.compare.cycles", "6");
        settings.setProperty("qp.compare.sliceMillis", "200");
        settings.setProperty("qp.warmupSeconds", "6"); // 30 slices of 200 ms
        settings.setProperty("qp.steadySeconds", "1");
        settings.setProperty("qp.compare.seed", "11");
        settings.setProperty("qp.warmupIndexBlocks", "1");
        settings.setProperty("qp.queueDir", queues.toString());
        settings.setProperty("qp.resultsDir", temp.resolve("results").resolve("runs").toString());
        return settings;
    }

    private static int compare(final Properties settings, final ByteArrayOutputStream err) throws IOException {
        return Comparison.run(new String[0], settings, new PrintStream(new ByteArrayOutputStream(), true, "UTF-8"),
                new PrintStream(err, true, "UTF-8"));
    }

    @Test
    void aSmallAaComparisonCompletesAndRecordsEverySlice() throws IOException {
        final Path queues = Files.createDirectory(temp.resolve("queues"));
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exit = compare(settings(queues, 3), err);
        final String log = err.toString("UTF-8");

        final File[] made = temp.resolve("results").resolve("comparisons").toFile().listFiles();
        assertEquals(1, made == null ? 0 : made.length, log);
        final File folder = made[0];
        final List<BlockRow> blocks = ComparisonFiles.readBlocks(folder);
        assertEquals(6, blocks.size(), log);
        for (final BlockRow block : blocks) {
            assertTrue(block.ok(), block.toCsv());
            assertTrue(block.readBack > 0, "each JVM read back what it sent: " + block.toCsv());
            assertTrue(block.startMillis > 0 && block.warmupMillis > 0 && block.finishMillis >= 0
                    && block.cyclesMillis >= 3 * 2 * 200, "what each step took: " + block.toCsv());
        }
        final List<SliceRow> slices = ComparisonFiles.readSlices(folder);
        assertEquals(3 * 6 * 2, slices.size());
        for (final SliceRow slice : slices) {
            assertEquals(20_000, slice.recorded, "200 ms at 100,000 msg/s, the resume unrecorded: " + slice.toCsv());
        }
        assertTrue(new String(Files.readAllBytes(folder.toPath().resolve(Comparison.REPORT)), StandardCharsets.UTF_8)
                .contains("| a / b | actual-send p50 |"));
        assertEquals(0, exit, log);
        try (Stream<Path> left = Files.list(queues)) {
            assertEquals("", left.map(Path::toString).collect(Collectors.joining(", ")), "queues left behind");
        }
    }

    @Test
    void byDefaultEachJvmThrowsItsCodeAwayOnceWarmAndWarmsUpAgainBeforeItIsMeasured() throws IOException {
        final Path queues = Files.createDirectory(temp.resolve("queues"));
        final Properties settings = settings(queues, 1); // qp.compare.recompile as a user gets it: true
        settings.setProperty("qp.compare.maxVoidPercent", "100"); // 200 ms slices: voids are not this test's subject
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exit = compare(settings, err);
        final String log = err.toString("UTF-8");

        for (final String variant : new String[] {"a", "b"}) {
            assertTrue(Pattern.compile("block 1: " + variant + " warmed up in \\d+ fast \\+ \\d+ slices, recompiled"
                    + " \\(code cache shifted \\d+ B\\) \\+ [1-9]\\d* slices").matcher(log).find(), log);
        }
        final File[] made = temp.resolve("results").resolve("comparisons").toFile().listFiles();
        assertEquals(1, made == null ? 0 : made.length, log);
        assertTrue(new File(made[0], "build/whitebox/sun/hotspot/WhiteBox.class").isFile(), "the class the boot"
                + " loader appends");
        for (final BlockRow block : ComparisonFiles.readBlocks(made[0])) {
            assertTrue(block.ok(), block.toCsv());
            assertTrue(block.recompiledSlices > 0, "blocks.csv records the slices after recompiling: " + block.toCsv());
        }
        assertEquals(6 * 2, ComparisonFiles.readSlices(made[0]).size(), log);
        assertEquals(0, exit, log);
    }

    @Test
    void eachJvmWritesItsQueuesInTurnAndReadsEachBack() throws IOException {
        final Path queues = Files.createDirectory(temp.resolve("queues"));
        final Properties settings = settings(queues, 1);
        settings.setProperty("qp.compare.queues", "3");
        settings.setProperty("qp.compare.queueOrder", "turns");
        // 200 ms slices and the shortest warm-up: a queue's first measured slice may void its cycle (its producer
        // allocated 240 B here, in Chronicle); voids are not what this test is about
        settings.setProperty("qp.compare.maxVoidPercent", "100");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exit = compare(settings, err);
        final String log = err.toString("UTF-8");

        final File[] made = temp.resolve("results").resolve("comparisons").toFile().listFiles();
        assertEquals(1, made == null ? 0 : made.length, log);
        for (final BlockRow block : ComparisonFiles.readBlocks(made[0])) {
            assertTrue(block.ok(), block.toCsv());
            assertTrue(block.readBack > 0, "each JVM read back all three of its queues: " + block.toCsv());
        }
        final List<SliceRow> slices = ComparisonFiles.readSlices(made[0]);
        assertEquals(6 * 2, slices.size());
        for (final String variant : new String[] {"a", "b"}) {
            final List<SliceRow> own = slices.stream().filter(s -> s.variant.equals(variant))
                    .sorted(java.util.Comparator.comparingInt(s -> s.cycle)).collect(Collectors.toList());
            for (int i = 1; i < own.size(); i++) {
                assertEquals((own.get(i - 1).queue + 1) % 3, own.get(i).queue, "queues in turn: " + own.get(i).toCsv());
            }
        }
        assertEquals(0, exit, log);
        try (Stream<Path> left = Files.list(queues)) {
            assertEquals("", left.map(Path::toString).collect(Collectors.joining(", ")), "queues left behind");
        }
    }

    @Test
    void aJvmThatCannotStartFailsItsBlockAndItsSiblingEndsWithItsQueue() throws IOException {
        final Path queues = Files.createDirectory(temp.resolve("queues"));
        final Properties settings = settings(queues, 1);
        settings.setProperty("qp.compare.variants", "a=|-Xmx512m;b=|-Xmx1k");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exit = compare(settings, err);
        final String log = err.toString("UTF-8");

        assertEquals(1, exit, log);
        assertTrue(log.contains("[qp] block 1 FAILED: b: ended with exit code"), log);
        final File folder = temp.resolve("results").resolve("comparisons").toFile().listFiles()[0];
        final List<BlockRow> blocks = ComparisonFiles.readBlocks(folder);
        assertEquals(1, blocks.size(), log);
        assertFalse(blocks.get(0).ok(), "a failed block never counts: " + blocks.get(0).toCsv());
        try (Stream<Path> left = Files.list(queues)) {
            assertEquals("", left.map(Path::toString).collect(Collectors.joining(", ")),
                    "a, started beside b, was ended and removed its queue");
        }
    }

    @Test
    void aKilledJvmsQueueIsOwnedSoTheNextSweepRemovesIt() throws Exception {
        final Path queues = Files.createDirectory(temp.resolve("queues"));
        final Properties settings = settings(queues, 1);
        final VariantSpec variant = ComparisonOptions.fromProperties(settings).variants().get(0);
        final ChildHandle child = ChildHandle.start(variant.name, VariantLaunch.command(variant, settings),
                ChildOutput.toLog(temp.resolve("a.log").toFile()), TimeUnit.MINUTES.toMillis(2));
        final int count = ComparisonOptions.fromProperties(settings).queues();
        final Set<File> own = new HashSet<>();
        for (int q = 0; q < count; q++) {
            own.add(new File(queues.toFile(), "qp-slice-" + child.pid() + "-q" + q));
        }
        try {
            for (final File queue : own) {
                assertTrue(new File(queue, QueueDirectoryOwner.FILE_NAME).isFile(), "its hello came after " + queue);
            }
            assertEquals(0, new ProcessBuilder("kill", "-9", String.valueOf(child.pid())).start().waitFor());
        } finally {
            child.close(); // returns once the process has ended (bounded)
        }
        for (final File queue : own) {
            assertTrue(queue.isDirectory(), "SIGKILL runs no shutdown hook: " + queue + " stays");
        }
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(own, new HashSet<>(StaleQueueSweeper.sweep(queues.toFile(), new PrintStream(err, true, "UTF-8"))),
                err.toString("UTF-8"));
        for (final File queue : own) {
            assertFalse(queue.exists());
        }
    }
}
