package io.fastestjvm.faults;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
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
 * A small file naming its writer, locked by it for as long as it lives: the kernel drops the lock however the
 * process dies, so a free lock proves the writer gone. Written under a temporary name and renamed into place locked.
 */
final class LockedRecord implements AutoCloseable {
    /** Never opened a second time here: closing any descriptor of a file drops the process's POSIX locks on it. */
    private static final Set<Path> HELD_HERE = ConcurrentHashMap.newKeySet();

    private final Path file;
    /** Holds the lock: closing it releases the lock. */
    private final FileChannel channel;
    private final boolean ours;

    private LockedRecord(final Path file, final FileChannel channel, final boolean ours) {
        this.file = file;
        this.channel = channel;
        this.ours = ours;
    }

    static LockedRecord create(final Path file, final String extraLines) throws IOException {
        final Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
        final FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            channel.lock();
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
            return new LockedRecord(file, channel, true);
        } catch (final IOException | RuntimeException e) {
            HELD_HERE.remove(file.toAbsolutePath());
            channel.close();
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    /**
     * A shared lock (read access only, so other users' records are judged too) on someone else's record; null while
     * its writer lives or when the file is gone or a link.
     */
    static LockedRecord claimAbandoned(final Path file) {
        if (heldHere(file)) {
            return null;
        }
        final FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        } catch (final IOException e) {
            return null; // gone, or a symlink
        }
        return claimAbandoned(file, channel, true);
    }

    /** As {@link #claimAbandoned(Path)}; not {@code shared}: an exclusive lock, on a record opened read-write. */
    static LockedRecord claimAbandoned(final Path file, final FileChannel channel, final boolean shared) {
        if (heldHere(file)) {
            closeQuietly(channel);
            return null;
        }
        try {
            if (channel.tryLock(0, Long.MAX_VALUE, shared) != null) {
                return new LockedRecord(file, channel, false);
            }
        } catch (final IOException | OverlappingFileLockException e) {
            // held: alive
        }
        closeQuietly(channel);
        return null;
    }

    /** Such a record must not be opened here. */
    static boolean heldHere(final Path file) {
        return HELD_HERE.contains(file.toAbsolutePath());
    }

    Path file() {
        return file;
    }

    /** The writer, or null when the text does not name one. */
    ProcessIdentity writer() {
        try {
            final ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 1 << 16));
            channel.read(buffer, 0);
            return ProcessIdentity.parse(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8));
        } catch (final IOException e) {
            return null;
        }
    }

    void deleteAndClose() throws IOException {
        try {
            Files.deleteIfExists(file);
        } finally {
            close();
        }
    }

    @Override
    public void close() {
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
