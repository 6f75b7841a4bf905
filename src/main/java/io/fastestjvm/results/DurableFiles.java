package io.fastestjvm.results;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Results files are written whole or not at all: every write error throws (a full disk must not leave a truncated
 * file that looks finished), and the bytes, then the rename into place, are forced to the disk.
 */
public final class DurableFiles {
    private DurableFiles() {
    }

    /** Writes {@code file} from {@code content} and forces it to the disk; throws on any write error. */
    public static void write(final Path file, final ResultsFolder.Content content) throws IOException {
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
        syncDirectory(target.toAbsolutePath().getParent());
        return moved;
    }

    private static void syncDirectory(final Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (final IOException e) {
            // not every file system can sync a directory; the file's own bytes are already on the disk
        }
    }
}
