package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which directories the sweeper may remove: only {@code qp-*} ones whose owner file names a process that is
 * provably gone and whose lock is free. A recycled pid (same number, other start time) counts as gone; a live
 * owner, a locked owner file, an unreadable one, or a directory that is not ours is left alone.
 */
class StaleQueueSweeperTest {
    @TempDir
    Path temp;

    @Test
    void onlyDirectoriesOfProvablyDeadOwnersAreRemoved() throws Exception {
        final ProcessIdentity self = ProcessIdentity.current();
        final ProcessIdentity recycled = new ProcessIdentity(self.pid(), self.startTime() + "0", self.host());
        final File dead = owned("qp-recycled-pid", recycled.toText());
        final File alive = owned("qp-live-owner", self.toText());
        final File otherHost = owned("qp-other-host", new ProcessIdentity(self.pid(), "1", "elsewhere").toText());
        final File unreadable = owned("qp-unreadable", "");
        final File notOurs = owned("not-a-queue", recycled.toText());
        final File noOwner = Files.createDirectories(temp.resolve("qp-no-owner")).toFile();
        final File locked = Files.createDirectories(temp.resolve("qp-locked")).toFile();
        try (QueueDirectoryOwner owner = QueueDirectoryOwner.claim(locked)) {
            final ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(Collections.singletonList(dead),
                    StaleQueueSweeper.sweep(temp.toFile(), new PrintStream(err, true, "UTF-8")));
            final String printed = new String(err.toByteArray(), StandardCharsets.UTF_8);
            assertTrue(printed.matches("\\[qp] removed stale queue directory " + dead + " \\(files 1\\d\\d B, free"
                    + " space grew by .*\\) left by pid " + self.pid() + ", which is no longer running\n"), printed);
            for (final File kept : Arrays.asList(alive, otherHost, unreadable, notOurs, noOwner, locked)) {
                assertTrue(kept.isDirectory(), kept + " must be kept");
            }
        }
    }

    @Test
    void aProcessIsToldApartFromALaterOneWithTheSamePid() {
        final ProcessIdentity self = ProcessIdentity.current();
        assertEquals(ProcessIdentity.Liveness.ALIVE, self.liveness());
        assertEquals(ProcessIdentity.Liveness.DEAD,
                new ProcessIdentity(self.pid(), self.startTime() + "0", self.host()).liveness());
        assertEquals(ProcessIdentity.Liveness.DEAD,
                new ProcessIdentity(Integer.MAX_VALUE, "1", self.host()).liveness(), "no such pid");
        assertEquals(ProcessIdentity.Liveness.UNKNOWN,
                new ProcessIdentity(self.pid(), "1", "another-host").liveness());
        assertEquals(self.toText(), ProcessIdentity.parse(self.toText()).toText());
        assertNull(ProcessIdentity.parse("pid=\n"));
    }

    private File owned(final String name, final String ownerText) throws IOException {
        final File dir = Files.createDirectories(temp.resolve(name)).toFile();
        Files.write(new File(dir, QueueDirectoryOwner.FILE_NAME).toPath(), ownerText.getBytes(StandardCharsets.UTF_8));
        Files.write(new File(dir, "20261122F.cq4").toPath(), new byte[100]);
        return dir;
    }
}
