package io.fastestjvm.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.nio.file.attribute.UserPrincipal;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which directories the sweeper may remove: only real {@code qp-*} directories of this user, flat, holding only
 * queue files and an owner record that names a process provably gone and whose lock is free. Everything planted
 * here to look like a stale queue but be something else must survive, and so must whatever it points to.
 */
class StaleQueueSweeperTest {
    @TempDir
    Path temp;
    private final ProcessIdentity self = ProcessIdentity.current();
    /** Same pid, another start time: a process that is provably gone. */
    private final ProcessIdentity dead = new ProcessIdentity(self.pid, self.startTime + "0", self.host);

    @Test
    void onlyDirectoriesOfProvablyDeadOwnersAreRemoved() throws Exception {
        final File gone = owned("qp-recycled-pid", dead.toText());
        final File alive = owned("qp-live-owner", self.toText());
        final File otherHost = owned("qp-other-host", new ProcessIdentity(self.pid, "1", "elsewhere").toText());
        final File unreadable = owned("qp-unreadable", "");
        final File notOurs = owned("not-a-queue", dead.toText());
        final File noOwner = Files.createDirectories(temp.resolve("qp-no-owner")).toFile();
        final String err = sweepExpecting(gone);
        assertTrue(err.matches("\\[qp] removed stale queue directory " + gone + " \\(files 1\\d\\d B, free"
                + " space grew by .*\\) left by pid " + self.pid + ", which is no longer running\n"), err);
        for (final File kept : Arrays.asList(alive, otherHost, unreadable, notOurs, noOwner)) {
            assertTrue(kept.isDirectory(), kept + " must be kept");
        }
    }

    @Test
    void aSymlinkInsideIsNeitherFollowedNorRemovedAndTheFileItPointsToSurvives() throws Exception {
        final Path outside = Files.write(temp.resolve("outside.cq4"), "precious".getBytes(StandardCharsets.UTF_8));
        final File planted = owned("qp-with-symlink", dead.toText());
        Files.createSymbolicLink(planted.toPath().resolve("20261122G.cq4"), outside);
        final String err = sweepExpecting();
        assertArrayEquals("precious".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(outside));
        assertTrue(Files.isSymbolicLink(planted.toPath().resolve("20261122G.cq4")), "the link itself is kept too");
        assertTrue(err.contains("kept stale queue directory " + planted + " of dead pid " + self.pid
                + ": 20261122G.cq4 is a symbolic link"), err);
    }

    @Test
    void aDirectoryWithASubdirectoryIsNotWhatARunLeavesAndIsKeptWhole() throws Exception {
        final File planted = owned("qp-with-subdir", dead.toText());
        final Path inner = Files.write(Files.createDirectories(planted.toPath().resolve("inner"))
                .resolve("data.cq4"), new byte[10]);
        final String err = sweepExpecting();
        assertTrue(Files.isRegularFile(inner), "nothing inside a subdirectory is removed");
        assertTrue(new File(planted, "20261122F.cq4").isFile(), "and the directory is kept whole");
        assertTrue(err.contains(": inner is a directory"), err);
    }

    @Test
    void aQueueDirectoryThatIsASymlinkIsNotFollowed() throws Exception {
        final File target = owned("elsewhere", dead.toText());
        Files.createSymbolicLink(temp.resolve("qp-link"), target.toPath());
        sweepExpecting();
        assertEquals(Arrays.asList("20261122F.cq4", QueueDirectoryOwner.FILE_NAME),
                Arrays.asList(sorted(target.list())));
    }

    @Test
    void aStaleDirectoryOfAnotherUserIsKept() throws Exception {
        final File foreign = owned("qp-other-user", dead.toText());
        final UserPrincipal nobody = temp.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName("nobody");
        try {
            for (final String name : new String[] {QueueDirectoryOwner.FILE_NAME, "20261122F.cq4", ""}) {
                Files.setOwner(foreign.toPath().resolve(name), nobody);
            }
        } catch (final IOException e) {
            RootOnly.unavailable("chown needs root: " + e);
            return;
        }
        final String err = sweepExpecting();
        assertTrue(new File(foreign, "20261122F.cq4").isFile());
        assertTrue(err.contains("kept queue directory " + foreign + ": it belongs to user nobody"), err);
    }

    @Test
    void aProcessIsToldApartFromALaterOneWithTheSamePid() {
        assertEquals(ProcessIdentity.Liveness.ALIVE, self.liveness());
        assertEquals(ProcessIdentity.Liveness.DEAD, dead.liveness());
        assertEquals(ProcessIdentity.Liveness.DEAD,
                new ProcessIdentity(Integer.MAX_VALUE, "1", self.host).liveness(), "no such pid");
        assertEquals(ProcessIdentity.Liveness.UNKNOWN,
                new ProcessIdentity(self.pid, "1", "another-host").liveness());
        assertEquals(self.toText(), ProcessIdentity.parse(self.toText()).toText());
        assertNull(ProcessIdentity.parse("pid=\n"));
    }

    /** Sweeps {@code temp}, asserts exactly {@code expected} were removed and returns what was printed. */
    @Test
    void aSharedQueueOfADeadComparisonIsSweptAsAChildsOwnQueueIs() throws Exception {
        // qp.compare.sharedQueue: the parent owns qp-shared-<pid>-b<NN>; Chronicle leaves .cq4 and .cq4t files there
        final File shared = owned("qp-shared-" + self.pid + "-b03", dead.toText());
        Files.write(new File(shared, "metadata.cq4t").toPath(), new byte[10]);
        final File live = owned("qp-shared-" + self.pid + "-b04", self.toText());
        sweepExpecting(shared);
        assertTrue(!shared.exists() && live.isDirectory(), "the dead comparison's block goes, the live one stays");
    }

    private String sweepExpecting(final File... expected) throws IOException {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(Arrays.asList(expected), sweep(err));
        return new String(err.toByteArray(), StandardCharsets.UTF_8);
    }

    private java.util.List<File> sweep(final ByteArrayOutputStream err) throws IOException {
        return StaleQueueSweeper.sweep(temp.toFile(), new PrintStream(err, true, "UTF-8"));
    }

    private static String[] sorted(final String[] names) {
        Arrays.sort(names);
        return names;
    }

    private File owned(final String name, final String ownerText) throws IOException {
        final File dir = Files.createDirectories(temp.resolve(name)).toFile();
        Files.write(new File(dir, QueueDirectoryOwner.FILE_NAME).toPath(), ownerText.getBytes(StandardCharsets.UTF_8));
        Files.write(new File(dir, "20261122F.cq4").toPath(), new byte[100]);
        return dir;
    }
}
