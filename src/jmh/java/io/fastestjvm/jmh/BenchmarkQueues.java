package io.fastestjvm.jmh;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;

import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/** Fresh queues where QueuePerformance puts them (/dev/shm when writable), with the same roll cycle. */
final class BenchmarkQueues {
    static final int SIZE = 256;

    private BenchmarkQueues() {
    }

    static File freshDirectory() throws IOException {
        final File shm = new File("/dev/shm");
        final File parent = shm.isDirectory() && shm.canWrite() ? shm : new File(System.getProperty("java.io.tmpdir"));
        return Files.createTempDirectory(parent.toPath(), "qp-jmh-").toFile();
    }

    static SingleChronicleQueue open(final File directory, final long blockSize) {
        return SingleChronicleQueueBuilder.binary(directory).rollCycle(RollCycles.FAST_DAILY).blockSize(blockSize)
                .build();
    }

    static void delete(final File directory) {
        final File[] files = directory.listFiles();
        if (files != null) {
            for (final File file : files) {
                if (!file.delete()) {
                    throw new IllegalStateException("could not delete " + file);
                }
            }
        }
        if (!directory.delete()) {
            throw new IllegalStateException("could not delete " + directory);
        }
    }
}
