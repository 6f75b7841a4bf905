package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

import io.fastestjvm.benchmark.Preflight;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * Removes queue directories left by runs that died without cleaning up (kill -9, a JVM crash, a power cut of the
 * container): on /dev/shm each holds up to the whole run's queue in RAM. A directory is removed only when it is
 * one of ours ({@code qp-*} holding a {@link QueueDirectoryOwner} file), its owner's lock is free and its owner
 * process is provably gone; anything else is left alone.
 */
public final class StaleQueueSweeper {
    private StaleQueueSweeper() {
    }

    /** Sweeps {@code queueParent}, printing one line per directory removed; returns the directories removed. */
    public static List<File> sweep(final File queueParent, final PrintStream err) {
        final List<File> removed = new ArrayList<>();
        final File[] candidates = queueParent.listFiles(f -> f.isDirectory() && f.getName().startsWith("qp-")
                && new File(f, QueueDirectoryOwner.FILE_NAME).isFile());
        if (candidates == null) {
            return removed;
        }
        for (final File dir : candidates) {
            final LockedRecord owner = LockedRecord.claimAbandoned(new File(dir, QueueDirectoryOwner.FILE_NAME)
                    .toPath());
            if (owner == null) {
                continue;
            }
            try {
                final ProcessIdentity writer = owner.writer();
                if (writer == null || writer.liveness() != ProcessIdentity.Liveness.DEAD) {
                    continue;
                }
                final long size = sizeOf(dir.toPath());
                final long freeBefore = queueParent.getUsableSpace();
                ChronicleQueueTransport.deleteTree(dir.toPath());
                final long freed = Math.max(0, queueParent.getUsableSpace() - freeBefore);
                err.println("[qp] removed stale queue directory " + dir + " (files " + Preflight.bytes(size) + ", "
                        + "free space grew by " + Preflight.bytes(freed) + ") left by pid " + writer.pid()
                        + ", which is no longer running");
                removed.add(dir);
            } catch (final IOException | IllegalStateException e) {
                err.println("[qp] could not remove stale queue directory " + dir + ": " + e);
            } finally {
                owner.close();
            }
        }
        return removed;
    }

    /** Apparent size of every file under {@code root}. */
    static long sizeOf(final Path root) throws IOException {
        final long[] total = {0};
        Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
            @Override
            public FileVisitResult visitFile(final Path file, final BasicFileAttributes attributes) {
                total[0] += attributes.size();
                return FileVisitResult.CONTINUE;
            }
        });
        return total[0];
    }
}
