package io.fastestjvm.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.fastestjvm.results.DurableFiles;

/** Writes report files whole or not at all (temp file, sync, rename), so a reader never sees half a report. */
public final class ReportFiles {
    private ReportFiles() {
    }

    public static void write(final Path file, final String text) throws IOException {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Files.createDirectories(file.toAbsolutePath().getParent());
        final Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        DurableFiles.write(temp, out -> out.write(bytes));
        DurableFiles.moveIntoPlace(temp, file);
    }
}
