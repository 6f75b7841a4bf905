package io.fastestjvm.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fastestjvm.config.ComparisonOptions;
import io.fastestjvm.config.ComparisonOptions.VariantSpec;
import io.fastestjvm.faults.ProcessIdentity;
import io.fastestjvm.faults.QueueDirectoryOwner;
import io.fastestjvm.slice.SliceChild;
import io.fastestjvm.transport.OwnSequences;

/** qp.compare.sharedQueue on the parent's side: a block's owned directory, and each child's two flags. */
class SharedQueueTest {
    @TempDir
    Path temp;
    private final PrintStream err = new PrintStream(new ByteArrayOutputStream());

    private static List<String> command(final SharedQueue shared, final int index) {
        final VariantSpec variant = ComparisonOptions.fromProperties(props()).variants().get(index);
        return VariantLaunch.command(variant, props(), "classes", shared.childFlags(index));
    }

    private static boolean mentions(final List<String> line, final String property) {
        return line.stream().anyMatch(arg -> arg.startsWith("-D" + property + "="));
    }

    @Test
    void offThereIsNoDirectoryAndNoChildFlag() throws IOException {
        try (SharedQueue none = SharedQueue.forBlock(false, temp.toFile(), 0, false, err)) {
            assertEquals(Collections.emptyList(), none.childFlags(0));
            final List<String> line = command(none, 1);
            assertFalse(mentions(line, SliceChild.SHARED_QUEUE_PROPERTY), line.toString());
            assertFalse(mentions(line, SliceChild.SEQUENCE_BASE_PROPERTY), line.toString());
            assertEquals(VariantLaunch.command(ComparisonOptions.fromProperties(props()).variants().get(1), props(),
                    "classes", Collections.<String>emptyList()), line, "the same line as without the setting");
        }
        assertEquals(0, temp.toFile().list().length, "nothing made");
    }

    @Test
    void onEachChildGetsTheBlocksDirectoryAndABaseOfItsOwn() throws IOException {
        final File dir;
        try (SharedQueue shared = SharedQueue.forBlock(true, temp.toFile(), 7, false, err)) {
            dir = new File(temp.toFile(), "qp-shared-" + ProcessIdentity.current().pid + "-b07");
            assertTrue(dir.isDirectory(), dir.toString());
            assertTrue(new File(dir, QueueDirectoryOwner.FILE_NAME).isFile(), "owned, so a crash leaves it to a sweep");
            final List<String> first = command(shared, 0);
            final List<String> second = command(shared, 1);
            for (final List<String> line : Arrays.asList(first, second)) {
                assertTrue(line.contains("-D" + SliceChild.SHARED_QUEUE_PROPERTY + "=" + dir.getPath()), line.toString());
                assertTrue(line.indexOf("-cp") > line.indexOf("-D" + SliceChild.SHARED_QUEUE_PROPERTY + "="
                        + dir.getPath()), "before the class path and main class: " + line);
            }
            assertTrue(first.contains("-D" + SliceChild.SEQUENCE_BASE_PROPERTY + "=0"), first.toString());
            assertTrue(second.contains("-D" + SliceChild.SEQUENCE_BASE_PROPERTY + "=" + OwnSequences.baseOf(1)),
                    second.toString());
            Files.write(new File(dir, "metadata.cq4t").toPath(), new byte[8]); // what the children leave
        }
        assertFalse(dir.exists(), "deleted when the block ends");
    }

    @Test
    void keptOnRequestWithoutItsOwnerRecord() throws IOException {
        final File dir;
        try (SharedQueue shared = SharedQueue.forBlock(true, temp.toFile(), 1, true, err)) {
            dir = new File(temp.toFile(), "qp-shared-" + ProcessIdentity.current().pid + "-b01");
            assertTrue(dir.isDirectory(), dir.toString());
        }
        assertTrue(dir.isDirectory(), "qp.keepQueue keeps it");
        assertFalse(new File(dir, QueueDirectoryOwner.FILE_NAME).exists(), "a kept queue is not a stale one");
    }

    private static Properties props() {
        final Properties settings = new Properties();
        settings.setProperty("qp.compare.variants", "a=|;b=|-Xmx1g");
        return settings;
    }
}
