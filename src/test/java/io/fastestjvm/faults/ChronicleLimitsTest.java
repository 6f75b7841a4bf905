package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;
import io.fastestjvm.transport.ChronicleQueueTransport;
import io.fastestjvm.transport.MessageSender;
import io.fastestjvm.transport.PersistenceProof;
import io.fastestjvm.transport.Transports;

/** Settings that pass every range check but would break the run: refused before anything is written. */
class ChronicleLimitsTest {
    @TempDir
    Path temp;

    private BenchmarkOptions small() {
        return BenchmarkOptions.defaults().withRate(1_000).withSeconds(300).withWarmupSeconds(40)
                .withSetting(Settings.QUEUE_DIR, temp.toFile()).withResultsDir(temp.resolve("results").toFile());
    }

    @Test
    void aRollCycleShorterThanTheRunIsRefusedNamingBothFigures() {
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> Preflight.check(small().withSetting(Settings.ROLL_CYCLE, RollCycles.FIVE_MINUTELY)));
        assertEquals("qp.rollCycle: FIVE_MINUTELY rolls every 300 s but this run lasts 340 s (qp.warmupSeconds +"
                + " qp.seconds x qp.runs), so the queue would roll to a new file while measuring; accepted: a cycle at"
                + " least as long as the run, e.g. FAST_HOURLY or FAST_DAILY (the default)", e.getMessage());
        Preflight.check(small().withSetting(Settings.ROLL_CYCLE, RollCycles.FAST_HOURLY));
        Preflight.check(small().withSeconds(250).withSetting(Settings.ROLL_CYCLE, RollCycles.FIVE_MINUTELY)); // 290 s: fits
    }

    @Test
    void theRollCycleIsNotAConcernOfTransportsThatWriteNoFiles() {
        final BenchmarkOptions floor = small().withSetting(Settings.ROLL_CYCLE, RollCycles.FIVE_MINUTELY).withSetting(Settings.TRANSPORT, "floor");
        assertFalse(floor.transportEntry().persists(), "the floor ring writes no files");
        assertDoesNotThrow(() -> Preflight.check(floor), "a 340 s run on a 300 s cycle: no roll without files");
        // the same settings over the Chronicle Queue are refused for that very cycle
        final BenchmarkOptions chronicle = floor.withSetting(Settings.TRANSPORT, Transports.CHRONICLE);
        assertTrue(chronicle.transportEntry().persists());
        final InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> Preflight.check(chronicle));
        assertTrue(e.getMessage().startsWith("qp.rollCycle: FIVE_MINUTELY rolls every 300 s but this run lasts 340 s"),
                e.getMessage());
    }

    @Test
    void aMessageThatDoesNotFitTheBlockIsRefusedNamingTheLargestThatDoes() {
        final InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> Preflight.check(
                small().withSize(Settings.MAX_SIZE).withSetting(Settings.BLOCK_SIZE_MIB, 1).withRate(1).withSeconds(1)
                        .withWarmupSeconds(0)));
        assertEquals("qp.size: 1,048,576 bytes do not fit Chronicle Queue's 1.0 MiB block (qp.blockSizeMiB=1): a"
                + " message and its header must be smaller than one block; accepted: up to 1,048,568 bytes with this"
                + " block size, or a larger qp.blockSizeMiB (0 sizes it to the run)", e.getMessage());
        Preflight.check(small().withSize(Settings.MAX_SIZE).withSetting(Settings.BLOCK_SIZE_MIB, 2).withRate(1).withSeconds(1)
                .withWarmupSeconds(0));
    }

    @Test
    void theLargestMessageAcceptedIsWrittenAndReadBackWithChroniclesAssertionsOn() throws Exception {
        assertTrue(ChronicleLimitsTest.class.desiredAssertionStatus(), "surefire runs with -ea");
        final long block = 1L << 20;
        writeAndProve((int) ChronicleQueueTransport.maxMessageBytes(block), block);
        assertThrows(AssertionError.class, () -> writeAndProve(Settings.MAX_SIZE, block),
                "one byte per header more and Chronicle's own invariant breaks: the limit is not too strict");
    }

    private void writeAndProve(final int size, final long block) throws Exception {
        final File dir = Files.createTempDirectory(temp, "queue").toFile();
        final ChronicleQueueTransport queue = new ChronicleQueueTransport(dir, size, RollCycles.FAST_DAILY, block);
        try {
            final MessageSender sender = queue.openSender();
            for (int i = 0; i < 3; i++) {
                sender.prepare(i);
                sender.send(System.nanoTime(), System.nanoTime());
            }
            queue.close();
            final PersistenceProof proof = queue.provePersisted(3);
            assertNull(proof.problem);
            assertEquals(3L * size, proof.bytesRead);
        } finally {
            queue.close();
            queue.deleteFiles();
        }
    }

    @Test
    void theHeapCheckCountsTheSortedCopyOfTheSamples() {
        // 16 B per sample (the two raw arrays) fit in three quarters of the heap; 24 B (plus the sort buffer) do not
        final long heap = Runtime.getRuntime().maxMemory();
        final long samples = heap * 3 / 4 / 20;
        final int seconds = 100;
        final long rate = samples / seconds;
        final InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> Preflight.check(
                small().withRate(rate).withSeconds(seconds).withWarmupSeconds(0).withSetting(Settings.TRANSPORT, "floor")));
        assertTrue(e.getMessage().startsWith("qp.seconds: the raw samples need "), e.getMessage());
        assertTrue(16 * rate * seconds < heap * 3 / 4, String.format(Locale.ROOT, "%d", rate));
    }
}
