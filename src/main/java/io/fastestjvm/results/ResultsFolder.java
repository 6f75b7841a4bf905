package io.fastestjvm.results;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A run's own new folder under the results directory. It is never reused: creation fails rather than overwrite,
 * and every file lands by write-to-temp-sync-then-rename, so a reader never sees half a file. The static methods
 * write any results file whole or not at all: every write error throws (a full disk must not leave a truncated
 * file that looks finished), and the bytes, then the rename into place, are forced to the disk.
 */
public final class ResultsFolder {
    private final Path directory;

    private ResultsFolder(final Path directory) {
        this.directory = directory;
    }

    /** Creates {@code parent/name}, or {@code parent/name-2}, -3… if taken. */
    public static ResultsFolder createNew(final File parent, final String name) throws IOException {
        Files.createDirectories(parent.toPath());
        for (int attempt = 1; ; attempt++) {
            final Path candidate = parent.toPath().resolve(attempt == 1 ? name : name + "-" + attempt);
            try {
                return new ResultsFolder(Files.createDirectory(candidate));
            } catch (final FileAlreadyExistsException e) {
                // taken by an earlier or concurrent run: try the next suffix
            }
        }
    }

    /** An existing folder that several tools write finished files into, e.g. a sweep or matrix set folder. */
    public static ResultsFolder existing(final Path directory) throws IOException {
        return new ResultsFolder(Files.createDirectories(directory));
    }

    public Path directory() {
        return directory;
    }

    public Path temporaryFile(final String fileName) {
        return directory.resolve("." + fileName + ".tmp");
    }

    /** Moves a finished (written and synced) temporary file into place under its final name. */
    public Path publish(final Path temporary, final String fileName) throws IOException {
        return moveIntoPlace(temporary, directory.resolve(fileName));
    }

    /** Writes a whole file atomically, or throws. */
    public Path write(final String fileName, final Content content) throws IOException {
        final Path temporary = temporaryFile(fileName);
        write(temporary, content);
        return publish(temporary, fileName);
    }

    /** Writes {@code file} from {@code content} and forces it to the disk; throws on any write error. */
    public static void write(final Path file, final Content content) throws IOException {
        try (FileOutputStream stream = new FileOutputStream(file.toFile())) {
            // Content may close what it is given (Jackson does): the file is closed here, after the sync.
            final OutputStream out = new BufferedOutputStream(new FilterOutputStream(stream) {
                @Override
                public void write(final byte[] bytes, final int offset, final int length) throws IOException {
                    out.write(bytes, offset, length);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            }, 1 << 16);
            content.writeTo(out);
            out.flush();
            stream.getFD().sync();
        }
    }

    /** A PrintStream hides write errors; this turns its sticky error flag into the exception it swallowed. */
    public static void requireNoError(final PrintStream print, final String what) throws IOException {
        if (print.checkError()) {
            throw new IOException("writing " + what + " failed (no space left on the device, or an I/O error)");
        }
    }

    /** Renames a finished, synced temporary file to {@code target} atomically, and forces the rename. */
    public static Path moveIntoPlace(final Path temporary, final Path target) throws IOException {
        Path moved;
        try {
            moved = Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (final AtomicMoveNotSupportedException e) {
            moved = Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
        try (FileChannel channel = FileChannel.open(target.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            channel.force(true);
        } catch (final IOException e) {
            // not every file system can sync a directory; the file's own bytes are already on the disk
        }
        return moved;
    }

    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }
}
