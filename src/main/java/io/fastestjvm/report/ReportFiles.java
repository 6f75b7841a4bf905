package io.fastestjvm.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes report files whole or not at all (temp file + rename), so a reader never sees half a report. */
public final class ReportFiles {
    private ReportFiles() {
    }

    public static void write(final Path file, final String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(final Path file, final byte[] bytes) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        final Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(temp, bytes);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
