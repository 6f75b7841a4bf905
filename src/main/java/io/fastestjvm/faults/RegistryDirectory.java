package io.fastestjvm.faults;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

/**
 * The machine-wide run registry's directory: one fixed place that every run, test and user shares, whatever their
 * {@code java.io.tmpdir}. Like /tmp it is sticky and world-writable (mode 1777), so anyone may add a record and
 * only its writer may remove it; it must be a real directory (not a link) owned by root or by this user, so nobody
 * else can plant it and then remove or replace other people's records.
 */
final class RegistryDirectory {
    /** The fixed place: not under java.io.tmpdir, which differs between users, tests and JVMs. */
    static final Path MACHINE_WIDE = Paths.get("/tmp", "queue-latency-runs");
    static final int MODE = 01777;

    private RegistryDirectory() {
    }

    /** Creates {@code directory} with mode 1777 when missing, then checks it; throws naming what is wrong. */
    static Path openOrCreate(final Path directory) throws IOException {
        try {
            Files.createDirectory(directory);
        } catch (final FileAlreadyExistsException e) {
            // made earlier, by this user or another: checked below like any other
        }
        // the umask applies at creation, and a run of this user may have created it a moment ago: the owner sets
        // mode 1777 (the sticky bit too) on a real directory of its own; anyone else's is only checked
        if (!Files.isSymbolicLink(directory) && Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)
                && (Integer) Files.getAttribute(directory, "unix:uid", LinkOption.NOFOLLOW_LINKS) == ownUid()) {
            Files.setAttribute(directory, "unix:mode", MODE, LinkOption.NOFOLLOW_LINKS);
        }
        check(directory);
        return directory;
    }

    /** Throws unless {@code directory} is a real directory, mode 1777, owned by root or this process's user. */
    static void check(final Path directory) throws IOException {
        if (Files.isSymbolicLink(directory) || !Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(directory + " is not a directory (a link or a file is refused)");
        }
        final Map<String, Object> attributes = Files.readAttributes(directory, "unix:mode,uid",
                LinkOption.NOFOLLOW_LINKS);
        final int mode = (Integer) attributes.get("mode") & 07777;
        if (mode != MODE) {
            throw new IOException(directory + " has mode " + Integer.toOctalString(mode) + ", not 1777 (sticky,"
                    + " world-writable)");
        }
        final int owner = (Integer) attributes.get("uid");
        final int self = ownUid();
        if (owner != 0 && owner != self) {
            throw new IOException(directory + " is owned by uid " + owner + ", neither root nor this user (uid "
                    + self + ")");
        }
    }

    /** This process's user id: the owner of its own /proc entry. */
    static int ownUid() throws IOException {
        return (Integer) Files.getAttribute(Paths.get("/proc/self"), "unix:uid");
    }
}
