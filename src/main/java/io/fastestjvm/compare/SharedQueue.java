package io.fastestjvm.compare;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import io.fastestjvm.faults.ProcessIdentity;
import io.fastestjvm.faults.QueueDirectoryOwner;
import io.fastestjvm.slice.SliceChild;
import io.fastestjvm.transport.ChronicleQueueTransport;
import io.fastestjvm.transport.OwnSequences;

/**
 * qp.compare.sharedQueue: one queue directory per block that every variant's JVM writes in turn, so both sides of a
 * pair go through the same pages. Its owner record leaves a killed comparison's directory to the next sweep.
 */
final class SharedQueue implements AutoCloseable {
    private static final SharedQueue NONE = new SharedQueue(null, null, false, null);

    private final File directory;
    private final QueueDirectoryOwner owner;
    private final boolean keep;
    private final PrintStream err;

    private SharedQueue(final File directory, final QueueDirectoryOwner owner, final boolean keep,
                        final PrintStream err) {
        this.directory = directory;
        this.owner = owner;
        this.keep = keep;
        this.err = err;
    }

    /** Block {@code block}'s shared queue under {@code queueParent} when {@code on}, else none. */
    static SharedQueue forBlock(final boolean on, final File queueParent, final int block, final boolean keep,
                                final PrintStream err) throws IOException {
        if (!on) {
            return NONE;
        }
        final File dir = new File(queueParent, String.format("qp-shared-%d-b%02d", ProcessIdentity.current().pid(),
                block));
        if (!dir.mkdir()) {
            throw new IOException("could not create the shared queue directory " + dir);
        }
        try {
            return new SharedQueue(dir, QueueDirectoryOwner.claim(dir), keep, err);
        } catch (final IOException | RuntimeException e) {
            ChronicleQueueTransport.deleteTree(dir.toPath());
            throw e;
        }
    }

    /** What variant {@code index}'s command line adds: the directory and its sequence base; nothing when off. */
    List<String> childFlags(final int index) {
        if (directory == null) {
            return Collections.emptyList();
        }
        return Arrays.asList("-D" + SliceChild.SHARED_QUEUE_PROPERTY + "=" + directory.getPath(),
                "-D" + SliceChild.SEQUENCE_BASE_PROPERTY + "=" + OwnSequences.baseOf(index));
    }

    /** Deletes the directory, or with qp.keepQueue only its owner record, as a child does with its own queue. */
    @Override
    public void close() {
        if (directory == null) {
            return;
        }
        try {
            owner.close();
            if (!keep) {
                ChronicleQueueTransport.deleteTree(directory.toPath());
            }
        } catch (final IOException | RuntimeException e) {
            err.println("[qp] could not remove the shared queue " + directory + ": " + e);
        }
    }
}
