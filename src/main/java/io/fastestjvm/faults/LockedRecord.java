package io.fastestjvm.faults;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A small file that names the process that wrote it ({@link ProcessIdentity} plus extra lines) and stays locked by
 * that process for as long as it lives. The kernel drops the lock when the process dies, however it dies, so "the
 * lock is free" is the proof that the writer is gone. The file is written and locked under a temporary name and
 * renamed into place, so a visible record is never unlocked while its writer lives.
 */
final class LockedRecord implements AutoCloseable {
    /**
     * Records this JVM holds. They are never opened a second time here: closing any descriptor of a file drops
     * every POSIX lock the process holds on it (see {@link FileLock}).
     */
    private static final Set<Path> HELD_HERE = ConcurrentHashMap.newKeySet();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    private final boolean ours;

    private LockedRecord(final Path file, final FileChannel channel, final FileLock lock, final boolean ours) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.ours = ours;
    }

    /** Writes and locks a record of this process at {@code file}, holding the lock until {@link #close()}. */
    static LockedRecord create(final Path file, final String extraLines) throws IOException {
        final Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
        final FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            final FileLock lock = channel.lock();
            // readable by every user, so another user's run can tell whether this one lives
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-r--r--"));
            channel.write(ByteBuffer.wrap((ProcessIdentity.current().toText() + extraLines)
                    .getBytes(StandardCharsets.UTF_8)));
            channel.force(true);
            HELD_HERE.add(file.toAbsolutePath());
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (final AtomicMoveNotSupportedException e) {
                Files.move(temporary, file);
            }
            return new LockedRecord(file, channel, lock, true);
        } catch (final IOException | RuntimeException e) {
            HELD_HERE.remove(file.toAbsolutePath());
            channel.close();
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    /**
     * Takes a shared lock on someone else's record, which needs only read access, so records of other users are
     * judged too. Returns null while its writer lives (its exclusive lock is held, here or in another process) or
     * when the file is gone or a link; else the caller holds the lock until {@link #close()}.
     */
    static LockedRecord claimAbandoned(final Path file) {
        if (HELD_HERE.contains(file.toAbsolutePath())) {
            return null;
        }
        final FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        } catch (final IOException e) {
            return null; // gone, or a symlink
        }
        return claim(file, channel, true);
    }

    /**
     * As {@link #claimAbandoned(Path)}, for a record already opened (read-write) as {@code channel}: an exclusive
     * lock.
     */
    static LockedRecord claimAbandoned(final Path file, final FileChannel channel) {
        return claim(file, channel, false);
    }

    private static LockedRecord claim(final Path file, final FileChannel channel, final boolean shared) {
        if (HELD_HERE.contains(file.toAbsolutePath())) {
            closeQuietly(channel);
            return null;
        }
        try {
            final FileLock lock = channel.tryLock(0, Long.MAX_VALUE, shared);
            if (lock != null) {
                return new LockedRecord(file, channel, lock, false);
            }
        } catch (final IOException | OverlappingFileLockException e) {
            // held: alive
        }
        closeQuietly(channel);
        return null;
    }

    /** Whether this JVM holds the record at {@code file}: it must not be opened here then. */
    static boolean heldHere(final Path file) {
        return HELD_HERE.contains(file.toAbsolutePath());
    }

    Path file() {
        return file;
    }

    /** The record's text as its writer left it. */
    String text() throws IOException {
        final ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 1 << 16));
        channel.read(buffer, 0);
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }

    /** The writer, or null when the text does not name one. */
    ProcessIdentity writer() {
        try {
            return ProcessIdentity.parse(text());
        } catch (final IOException e) {
            return null;
        }
    }

    /** Deletes the file and releases the lock. */
    void deleteAndClose() throws IOException {
        try {
            Files.deleteIfExists(file);
        } finally {
            close();
        }
    }

    @Override
    public void close() {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } catch (final IOException e) {
            // closing the channel below releases it as well
        }
        closeQuietly(channel);
        if (ours) {
            HELD_HERE.remove(file.toAbsolutePath());
        }
    }

    private static void closeQuietly(final FileChannel channel) {
        try {
            channel.close();
        } catch (final IOException e) {
            // nothing left to release
        }
    }
}
