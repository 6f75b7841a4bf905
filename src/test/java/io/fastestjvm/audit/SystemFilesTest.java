package io.fastestjvm.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fields of a planted /proc/[pid]/stat, counted past the command name's last parenthesis. */
class SystemFilesTest {
    @TempDir
    Path root;

    @Test
    void fieldsAreCountedPastTheCommandsLastParenthesis() throws IOException {
        Files.createDirectories(root.resolve("proc/4242"));
        Files.write(root.resolve("proc/4242/stat"), ("4242 (java (x) 1 2) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 56"
                + " 7 8 20 0 30 0 987654 0\n").getBytes(StandardCharsets.US_ASCII));
        final SystemFiles files = new SystemFiles(root);
        assertEquals(1234 + 56, files.statCpuTicks("/proc/4242/stat"));
        assertEquals("987654", files.statStartTime("/proc/4242/stat"));
        assertNull(files.statCpuTicks("/proc/1/stat"), "no such process");
        assertNull(files.statStartTime("/proc/1/stat"), "no such process");
    }
}
