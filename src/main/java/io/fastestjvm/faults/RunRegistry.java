package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine's live benchmark runs: one locked record per run in {@code ${java.io.tmpdir}/queue-latency-runs/},
 * named {@code <pid>-<start time>.run}. A record whose lock is held belongs to a live run; one whose lock is free
 * was left by a dead run and is removed by whoever finds it.
 */
public final class RunRegistry implements AutoCloseable {
    static final String SUFFIX = ".run";

    private final File directory;
    private final LockedRecord own;

    private RunRegistry(final File directory, final LockedRecord own) {
        this.directory = directory;
        this.own = own;
    }

    /**
     * Environment variable naming another registry directory. Not a qp.* setting: it exists so the test suite keeps
     * its runs in a registry of its own (pom.xml sets it for the test JVM, and every process a test starts, matrix
     * script and Maven included, inherits it), so mvn test never fails, or is failed by, a real run.
     */
    public static final String DIRECTORY_VARIABLE = "QP_RUN_REGISTRY";

    public static File defaultDirectory() {
        final String configured = System.getenv(DIRECTORY_VARIABLE);
        return configured == null || configured.isEmpty()
                ? new File(System.getProperty("java.io.tmpdir"), "queue-latency-runs") : new File(configured);
    }

    /** Registers this process as a live run until {@link #close()}. */
    public static RunRegistry register(final File directory, final String runId) throws IOException {
        Files.createDirectories(directory.toPath());
        final ProcessIdentity self = ProcessIdentity.current();
        final File file = new File(directory, self.pid() + "-" + self.startTime() + SUFFIX);
        return new RunRegistry(directory, LockedRecord.create(file.toPath(), "runId=" + runId + "\n"));
    }

    /** Pids of the other runs live right now; records of dead runs found on the way are removed. */
    public List<Long> otherLiveRuns() {
        final List<Long> live = new ArrayList<>();
        final File[] records = directory.listFiles(f -> f.getName().endsWith(SUFFIX)
                && !f.toPath().equals(own.file()));
        for (final File record : records == null ? new File[0] : records) {
            final LockedRecord abandoned = LockedRecord.claimAbandoned(record.toPath());
            if (abandoned != null) {
                removeIfDead(abandoned);
            } else if (record.exists()) {
                live.add(pidOf(record));
            }
        }
        return live;
    }

    private static void removeIfDead(final LockedRecord abandoned) {
        final ProcessIdentity writer = abandoned.writer();
        try {
            if (writer == null || writer.liveness() != ProcessIdentity.Liveness.ALIVE) {
                abandoned.deleteAndClose();
            }
        } catch (final IOException e) {
            // another run may have removed it first
        } finally {
            abandoned.close();
        }
    }

    /** From the name, so a record held by this JVM is never opened (that would drop its lock). */
    private static long pidOf(final File record) {
        final String name = record.getName();
        final int dash = name.indexOf('-');
        try {
            return Long.parseLong(name.substring(0, dash > 0 ? dash : name.length() - SUFFIX.length()));
        } catch (final NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public void close() throws IOException {
        own.deleteAndClose();
    }
}
