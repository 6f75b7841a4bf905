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
import io.fastestjvm.transport.OwnSequences;

/**
 * qp.compare.sharedQueue: one queue directory per block that every variant's JVM writes in turn, so both sides of a
 * pair go through the same pages. Its owner record leaves a killed comparison's directory to the next sweep.
 */
final class SharedQueue implements AutoCloseable {
    private static final SharedQueue NONE = new SharedQueue(null, false, null);

    private final QueueDirectoryOwner owner;
    private final boolean keep;
    private final PrintStream err;

    private SharedQueue(final QueueDirectoryOwner owner, final boolean keep, final PrintStream err) {
        this.owner = owner;
        this.keep = keep;
        this.err = err;
    }

    /** Block {@code block}'s shared queue under {@code queueParent} when {@code on}, else none. */
    static SharedQueue forBlock(final boolean on, final File queueParent, final int block, final boolean keep,
                                final PrintStream err) throws IOException {
        return on ? new SharedQueue(QueueDirectoryOwner.create(new File(queueParent, String.format("qp-shared-%d-b%02d",
                ProcessIdentity.current().pid, block))), keep, err) : NONE;
    }

    /** What variant {@code index}'s command line adds: the directory and its sequence base; nothing when off. */
    List<String> childFlags(final int index) {
        if (owner == null) {
            return Collections.emptyList();
        }
        return Arrays.asList("-D" + SliceChild.SHARED_QUEUE_PROPERTY + "=" + owner.directory().getPath(),
                "-D" + SliceChild.SEQUENCE_BASE_PROPERTY + "=" + OwnSequences.baseOf(index));
    }

    /** Deletes the directory, or with qp.keepQueue only its owner record, as a child does with its own queue. */
    @Override
    public void close() {
        if (owner != null) {
            owner.end(keep, err);
        }
    }
}
