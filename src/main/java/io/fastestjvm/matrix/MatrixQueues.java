package io.fastestjvm.matrix;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import io.fastestjvm.config.BenchmarkOptions;
import io.fastestjvm.config.InvalidSettingException;
import io.fastestjvm.config.Settings;
import io.fastestjvm.launch.JvmFlags;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * The fresh matrix's private queue folder: a queue left in it after its JVM ended is a killed JVM's and can be removed
 * without touching anyone else's; a kept one ({@code qp.keepQueue}) never is.
 */
final class MatrixQueues {
    private final boolean keep;
    private final PrintStream err;
    private Path root;

    private MatrixQueues(final Path root, final boolean keep, final PrintStream err) {
        this.root = root;
        this.keep = keep;
        this.err = err;
    }

    /** A new private folder, said on {@code out}; none when the settings name a queue folder of their own. */
    static MatrixQueues open(final List<String> qpSettings, final PrintStream out, final PrintStream err)
            throws IOException, MatrixRefusal {
        final boolean keep = keepsQueue(qpSettings);
        if (qpSettings.stream().anyMatch(setting -> setting.startsWith("-D" + Settings.QUEUE_DIR.name() + "="))) {
            return new MatrixQueues(null, keep, err);
        }
        final File shm = new File("/dev/shm");
        final File parent = shm.isDirectory() && shm.canWrite() ? shm
                : new File(System.getenv().getOrDefault("TMPDIR", "/tmp"));
        final Path root = Files.createTempDirectory(parent.toPath(), "qp-matrix-");
        out.println(FreshMatrix.PREFIX + "queues in " + root + " (private to this matrix)");
        return new MatrixQueues(root, keep, err);
    }

    /** The folder a run's queue goes in, or null for the settings' own. */
    Path root() {
        return root;
    }

    /** Once a run's JVM has ended: a queue it left is a killed JVM's (its shutdown hook deletes it otherwise). */
    synchronized void removeLeftovers() throws IOException {
        if (root == null || keep) {
            return;
        }
        try (DirectoryStream<Path> left = Files.newDirectoryStream(root, "qp-*")) {
            for (final Path queue : left) {
                err.println(FreshMatrix.PREFIX + "removed the queue a killed JVM left: " + queue);
                ChronicleQueueTransport.deleteTree(queue);
            }
        }
    }

    /** At the end (or an interrupt): the leftovers, then the folder itself unless it holds kept queues. */
    synchronized void close() throws IOException {
        if (root == null) {
            return;
        }
        removeLeftovers();
        try {
            Files.delete(root);
        } catch (final IOException e) {
            err.println(FreshMatrix.PREFIX + "kept the queues in " + root
                    + " (qp.keepQueue=true); remove them when done");
        }
        root = null;
    }

    /** Whether runs keep their queues, by the benchmark's own parsing, so the matrix never deletes a kept one. */
    static boolean keepsQueue(final List<String> qpSettings) throws MatrixRefusal {
        final String given = JvmFlags.qpSettings(qpSettings).getProperty(Settings.KEEP_QUEUE.name());
        final Properties keep = new Properties();
        if (given != null) {
            keep.setProperty(Settings.KEEP_QUEUE.name(), given);
        }
        try {
            return BenchmarkOptions.fromProperties(keep).keepQueue();
        } catch (final InvalidSettingException e) {
            throw new MatrixRefusal(e.getMessage());
        }
    }
}
