package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine-wide registry's directory: created sticky and world-writable, and refused when it is not that. */
class RegistryDirectoryTest {
    @TempDir
    Path temp;

    @Test
    void theRegistryIsAtAFixedPlaceNotUnderJavaIoTmpdir() {
        assertEquals("/tmp/queue-latency-runs", RunRegistry.MACHINE_WIDE.toString());
        assertEquals(RunRegistry.MACHINE_WIDE.toFile(), RunRegistry.machineWide());
    }

    @Test
    void aMissingDirectoryIsCreatedWithMode1777() throws IOException {
        final Path directory = RunRegistry.openOrCreate(temp.resolve("runs"));
        assertEquals(01777, (Integer) Files.getAttribute(directory, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777);
    }

    @Test
    void aDirectoryOfThisUserLeftWithAnotherModeIsSetTo1777() throws IOException {
        final Path directory = Files.createDirectory(temp.resolve("runs"));
        Files.setAttribute(directory, "unix:mode", 0755);
        RunRegistry.openOrCreate(directory);
        assertEquals(01777, (Integer) Files.getAttribute(directory, "unix:mode") & 07777);
    }

    @Test
    void aLinkIsRefusedEvenToAGoodDirectory() throws IOException {
        final Path real = RunRegistry.openOrCreate(temp.resolve("real"));
        final Path link = Files.createSymbolicLink(temp.resolve("runs"), real);
        final IOException refused = assertThrows(IOException.class, () -> RunRegistry.openOrCreate(link));
        assertEquals(link + " is not a directory (a link or a file is refused)", refused.getMessage());
    }

    @Test
    void aDirectoryWithoutTheStickyBitIsRefusedByTheCheck() throws IOException {
        final Path directory = Files.createDirectory(temp.resolve("runs"));
        Files.setAttribute(directory, "unix:mode", 0777);
        final IOException refused = assertThrows(IOException.class, () -> RunRegistry.checkDirectory(directory));
        assertTrue(refused.getMessage().endsWith("has mode 777, not 1777 (sticky, world-writable)"),
                refused.getMessage());
    }

    @Test
    void theOwnUidIsTheProcesssUser() throws IOException {
        final Path made = Files.createFile(temp.resolve("mine"));
        assertEquals(Files.getAttribute(made, "unix:uid"), RunRegistry.ownUid());
    }
}
