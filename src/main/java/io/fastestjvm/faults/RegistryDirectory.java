package io.fastestjvm.faults;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

/**
 * The machine-wide run registry's directory. Like /tmp it is mode 1777, so anyone may add a record and only its
 * writer remove it; it must be a real directory owned by root or this user, so nobody else can plant it.
 */
final class RegistryDirectory {
    /** The fixed place: not under java.io.tmpdir, which differs between users, tests and JVMs. */
    static final Path MACHINE_WIDE = Paths.get("/tmp", "queue-latency-runs");
    static final int MODE = 01777;

    private RegistryDirectory() {
    }

    static Path openOrCreate(final Path directory) throws IOException {
        try {
            Files.createDirectory(directory);
        } catch (final FileAlreadyExistsException e) {
            // made earlier, by this user or another: checked below like any other
        }
        // the umask applied at creation: the owner sets the mode on a real directory of its own, others only check
        if (!Files.isSymbolicLink(directory) && Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)
                && (Integer) Files.getAttribute(directory, "unix:uid", LinkOption.NOFOLLOW_LINKS) == ownUid()) {
            Files.setAttribute(directory, "unix:mode", MODE, LinkOption.NOFOLLOW_LINKS);
        }
        check(directory);
        return directory;
    }

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

    static int ownUid() throws IOException {
        return (Integer) Files.getAttribute(Paths.get("/proc/self"), "unix:uid");
    }
}
