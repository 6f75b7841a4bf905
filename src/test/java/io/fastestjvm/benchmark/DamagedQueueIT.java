package io.fastestjvm.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.Settings;
import io.fastestjvm.message.MessageLayout;
import io.fastestjvm.results.model.RunResults;

/**
 * A queue file damaged between the end of measurement and the persistence proof: the proof names the first bad
 * message and its queue index, the run fails with exit code 1, and the queue is still removed.
 */
// sized to the run, about 3x: one run per test: 1 s warm-up + 1 s measured, ~16 s here
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class DamagedQueueIT {
    private static final int SIZE = 256;

    @TempDir
    Path temp;

    @Test
    void aFlippedPayloadByteIsReportedWithItsMessageAndQueueIndex() throws Exception {
        final Run run = run(queueDir -> {
            try (RandomAccessFile file = new RandomAccessFile(queueFile(queueDir), "rw");
                 FileChannel channel = file.getChannel()) {
                final MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_WRITE, 0, channel.size());
                map.order(ByteOrder.LITTLE_ENDIAN);
                final int at = find(map, MessageLayout.payloadWord(5, 3));
                map.put(at + 2, (byte) ~map.get(at + 2));
                map.force();
            }
        });
        assertEquals(BenchmarkResult.CHECK_FAILED, run.result.exitCode(), run.err);
        assertFailure(run, "message 5: payload word 3 differs from the pattern", 5);
    }

    @Test
    void aQueueFileTruncatedInsideAMessageIsReportedAtThatMessage() throws Exception {
        final Run run = run(queueDir -> truncateAt(queueDir, MessageLayout.payloadWord(1000, 0), 0));
        assertEquals(BenchmarkResult.CHECK_FAILED, run.result.exitCode(), run.err);
        assertFailure(run, "message 1000: payload word 0 differs from the pattern", 1000);
    }

    @Test
    void aQueueFileTruncatedBetweenMessagesIsReportedWithTheFirstMissingMessage() throws Exception {
        // back from message 1000's first payload word over its 32-byte header and Chronicle's 4-byte length
        final Run run = run(queueDir -> truncateAt(queueDir, MessageLayout.payloadWord(1000, 0),
                -MessageLayout.HEADER_BYTES - 4));
        assertEquals(BenchmarkResult.CHECK_FAILED, run.result.exitCode(), run.err);
        assertFailure(run, "read back 1000 messages, expected 40000; the first missing is message 1000", 1000);
    }

    /** The failure line names the problem and the queue index of {@code message}; the summary agrees. */
    private static void assertFailure(final Run run, final String problem, final long message) {
        final Matcher failure = Pattern.compile("FAILED: persistence proof: " + Pattern.quote(problem)
                + " at queue index 0x([0-9a-f]+)\n").matcher(run.err);
        assertTrue(failure.find(), run.err);
        assertEquals(message, Long.parseLong(failure.group(1), 16) & 0xFFFF_FFFFL, "queue index of the message");
        assertEquals(failure.group(1), run.summary.at("/checks/persistence/firstBadIndex").asText());
        assertEquals(message, run.summary.at("/checks/persistence/messagesRead").asLong());
        assertQueueRemoved(run);
    }

    private static void truncateAt(final File queueDir, final long word, final int offset) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(queueFile(queueDir), "rw");
             FileChannel channel = file.getChannel()) {
            final MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            map.order(ByteOrder.LITTLE_ENDIAN);
            channel.truncate(find(map, word) + offset);
        }
    }

    private static void assertQueueRemoved(final Run run) {
        assertFalse(new File(run.summary.at("/checks/persistence/queueDirectory").asText()).exists());
        assertEquals("failed", run.summary.get("status").asText());
    }

    private Run run(final BenchmarkRun.QueueHook damage) throws Exception {
        final File queues = Files.createDirectories(temp.resolve("queues")).toFile();
        final BenchmarkOptions options = BenchmarkOptions.defaults().withRate(20_000).withSeconds(1)
                .withWarmupSeconds(1).withSize(SIZE).withSetting(Settings.QUEUE_DIR, queues)
                .withResultsDir(temp.resolve("results").toFile());
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final BenchmarkResult result = new BenchmarkRun(options, System.out, new PrintStream(err, true, "UTF-8"))
                .beforePersistenceProof(damage).execute();
        final String text = new String(err.toByteArray(), StandardCharsets.UTF_8);
        System.err.print(text);
        return new Run(result, text);
    }

    private static File queueFile(final File queueDir) {
        final File[] files = queueDir.listFiles((dir, name) -> name.endsWith(".cq4"));
        assertEquals(1, files.length, "one cycle file");
        return files[0];
    }

    /** Offset of the first 8-byte little-endian occurrence of {@code word}. */
    private static int find(final MappedByteBuffer map, final long word) {
        for (int i = 0; i + 8 <= map.limit(); i++) {
            if (map.getLong(i) == word) {
                return i;
            }
        }
        throw new AssertionError("word not found in the queue file");
    }

    private static final class Run {
        final BenchmarkResult result;
        final String err;
        final JsonNode summary;

        Run(final BenchmarkResult result, final String err) throws IOException {
            this.result = result;
            this.err = err;
            this.summary = RunResults.read(result.resultsFolder().resolve(RunResults.FILE_NAME)).tree();
        }
    }
}
