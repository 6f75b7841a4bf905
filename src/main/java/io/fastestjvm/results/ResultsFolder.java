package io.fastestjvm.results;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run's own new folder under the results directory. It is never reused: creation fails rather than overwrite,
 * and every file lands by write-to-temp-sync-then-rename, so a reader never sees half a file.
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
        return DurableFiles.moveIntoPlace(temporary, directory.resolve(fileName));
    }

    /** Writes a whole file atomically, or throws: see {@link DurableFiles}. */
    public Path write(final String fileName, final Content content) throws IOException {
        final Path temporary = temporaryFile(fileName);
        DurableFiles.write(temporary, content);
        return publish(temporary, fileName);
    }

    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }
}
