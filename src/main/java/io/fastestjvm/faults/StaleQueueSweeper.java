package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;


/**
 * Removes queue directories (on /dev/shm, RAM) left by runs that died: only a real {@code qp-*} directory of this
 * user whose owner is provably gone and that holds only this user's queue files. The parent is usually
 * world-writable, so every look and deletion goes through a {@link SecureDirectoryStream}, never a path that could
 * be swapped in between.
 */
public final class StaleQueueSweeper {
    private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private StaleQueueSweeper() {
    }

    public static List<File> sweep(final File queueParent, final PrintStream err) {
        final UserPrincipal self = processUser();
        if (self == null) {
            return Collections.emptyList(); // no /proc: ownership cannot be proved, so nothing is removed
        }
        final List<File> removed = new ArrayList<>();
        try (DirectoryStream<Path> parent = Files.newDirectoryStream(queueParent.toPath(), "qp-*")) {
            if (!(parent instanceof SecureDirectoryStream)) {
                return removed; // this platform cannot delete relative to a checked directory
            }
            final SecureDirectoryStream<Path> secureParent = (SecureDirectoryStream<Path>) parent;
            for (final Path entry : parent) {
                final Path name = entry.getFileName();
                try {
                    if (sweepOne(secureParent, name, entry, self, queueParent, err)) {
                        removed.add(entry.toFile());
                    }
                } catch (final IOException | RuntimeException e) {
                    err.println("[qp] could not remove stale queue directory " + entry + ": " + e);
                }
            }
        } catch (final IOException e) {
            err.println("[qp] could not look for stale queue directories in " + queueParent + ": " + e);
        }
        return removed;
    }

    private static boolean sweepOne(final SecureDirectoryStream<Path> parent, final Path name, final Path path,
                                    final UserPrincipal self, final File queueParent, final PrintStream err)
            throws IOException {
        final PosixFileAttributes dirAttributes = attributes(parent, name);
        if (!dirAttributes.isDirectory()) {
            return false; // a file, or a symlink (to a directory or not): never ours
        }
        try (SecureDirectoryStream<Path> dir = parent.newDirectoryStream(name, NO_FOLLOW)) {
            final Path ownerName = Paths.get(QueueDirectoryOwner.FILE_NAME);
            final PosixFileAttributes ownerAttributes = attributesOrNull(dir, ownerName);
            if (ownerAttributes == null || !ownerAttributes.isRegularFile()) {
                return false; // no owner record: not a queue directory of this tool
            }
            if (!self.equals(dirAttributes.owner()) || !self.equals(ownerAttributes.owner())) {
                err.println("[qp] kept queue directory " + path + ": it belongs to user " + dirAttributes.owner()
                        + ", not to " + self + " who runs this benchmark");
                return false;
            }
            final LockedRecord owner = claimOwner(dir, ownerName, path.resolve(ownerName));
            if (owner == null) {
                return false; // its owner's lock is held: the run is alive
            }
            try {
                final ProcessIdentity writer = owner.writer();
                if (writer == null || writer.liveness() != ProcessIdentity.Liveness.DEAD) {
                    return false;
                }
                final List<Path> queueFiles = new ArrayList<>();
                long size = ownerAttributes.size();
                for (final Path entry : dir) {
                    final Path file = entry.getFileName();
                    if (file.equals(ownerName)) {
                        continue;
                    }
                    final PosixFileAttributes attributes = attributes(dir, file);
                    final String refusal = refusal(file.toString(), attributes, self);
                    if (refusal != null) {
                        err.println("[qp] kept stale queue directory " + path + " of dead pid " + writer.pid
                                + ": " + file + " " + refusal + ", which a run never leaves there; remove it by hand"
                                + " if it is yours");
                        return false;
                    }
                    queueFiles.add(file);
                    size += attributes.size();
                }
                final long freeBefore = queueParent.getUsableSpace();
                for (final Path file : queueFiles) {
                    dir.deleteFile(file);
                }
                dir.deleteFile(ownerName);
                owner.close();
                parent.deleteDirectory(name);
                final long freed = Math.max(0, queueParent.getUsableSpace() - freeBefore);
                err.println("[qp] removed stale queue directory " + path + " (files " + Preflight.bytes(size) + ", "
                        + "free space grew by " + Preflight.bytes(freed) + ") left by pid " + writer.pid
                        + ", which is no longer running");
                return true;
            } finally {
                owner.close();
            }
        }
    }

    static String refusal(final String name, final PosixFileAttributes attributes, final UserPrincipal self) {
        if (attributes.isSymbolicLink()) {
            return "is a symbolic link";
        }
        if (attributes.isDirectory()) {
            return "is a directory";
        }
        if (!attributes.isRegularFile()) {
            return "is not a regular file";
        }
        if (!self.equals(attributes.owner())) {
            return "belongs to user " + attributes.owner();
        }
        if (!name.endsWith(".cq4") && !name.endsWith(".cq4t") && !name.equals("." + QueueDirectoryOwner.FILE_NAME
                + ".tmp")) {
            return "is not a Chronicle Queue file";
        }
        return null;
    }

    private static LockedRecord claimOwner(final SecureDirectoryStream<Path> dir, final Path ownerName,
                                           final Path fullPath) {
        final FileChannel channel;
        try {
            channel = (FileChannel) dir.newByteChannel(ownerName, new HashSet<OpenOption>(Arrays.asList(
                    StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)));
        } catch (final IOException | ClassCastException e) {
            return null;
        }
        return LockedRecord.claimAbandoned(fullPath, channel, false);
    }

    private static PosixFileAttributes attributes(final SecureDirectoryStream<Path> dir, final Path name)
            throws IOException {
        return dir.getFileAttributeView(name, PosixFileAttributeView.class, NO_FOLLOW).readAttributes();
    }

    private static PosixFileAttributes attributesOrNull(final SecureDirectoryStream<Path> dir, final Path name) {
        try {
            return attributes(dir, name);
        } catch (final IOException e) {
            return null;
        }
    }

    /** The owner of this process's /proc entry; null where there is no /proc. */
    static UserPrincipal processUser() {
        try {
            return Files.getOwner(Paths.get("/proc/self"));
        } catch (final IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
