package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;

/** The queue's free-space check applies only to a transport that writes files. */
class PreflightTransportTest {
    @TempDir
    Path temp;

    @Test
    void aRunTooBigForTheDiskIsRefusedForChronicleOnlyAsTheRingsWriteNoFiles() {
        // 3,660,000 messages of 1 MiB: ~3.5 TiB of queue, but only 60,000 samples in memory
        final BenchmarkOptions huge = BenchmarkOptions.defaults().withSize(1 << 20).withSeconds(60).withRate(1_000)
                .withWarmupSeconds(3_600).withSetting(Settings.QUEUE_DIR, temp.toFile()).withResultsDir(temp.resolve("r").toFile());
        final InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> Preflight.check(huge));
        assertTrue(e.getMessage().startsWith("qp.queueDir: "), e.getMessage());
        assertTrue(Preflight.queueBytesNeeded(huge) > temp.toFile().getUsableSpace(), "the queue would not fit");
        Preflight.check(huge.withSetting(Settings.TRANSPORT, "floor"));
        Preflight.check(huge.withSetting(Settings.TRANSPORT, "agrona"));
        Preflight.check(huge.withSetting(Settings.TRANSPORT, "disruptor"));
    }

    @Test
    void theRingsSkipOnlyTheFreeSpaceCheckNotTheOthers() {
        final BenchmarkOptions ring = BenchmarkOptions.defaults().withSetting(Settings.TRANSPORT, "floor").withSetting(Settings.QUEUE_DIR, temp.toFile())
                .withResultsDir(temp.resolve("r").toFile());
        final long heapFilling = Runtime.getRuntime().maxMemory() / Preflight.SAMPLE_BYTES_PER_MESSAGE / 86_400 + 1;
        final InvalidSettingException heap = assertThrows(InvalidSettingException.class, () -> Preflight.check(
                ring.withSeconds(86_400).withRate(heapFilling)));
        assertTrue(heap.getMessage().startsWith("qp.seconds: the raw samples need "), heap.getMessage());
        final InvalidSettingException dir = assertThrows(InvalidSettingException.class, () -> Preflight.check(
                ring.withSetting(Settings.QUEUE_DIR, temp.resolve("missing").toFile())));
        assertTrue(dir.getMessage().startsWith("qp.queueDir: "), dir.getMessage());
    }
}
