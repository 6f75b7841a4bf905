package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.fastestjvm.results.RunSummary;

/**
 * The machine's live measurements: one locked record each; one whose lock is free is removed by whoever finds it.
 * Like /tmp the registry's directory is mode 1777, so anyone may add a record and only its writer remove it; it must
 * be a real directory owned by root or this user, so nobody else can plant it. A registered run looks for others at
 * its start, once a second from its own thread, and at its end: two runs that overlapped at any time measured each
 * other, so neither is comparable with a run that had the machine alone.
 */
public final class RunRegistry implements AutoCloseable {
    /** The fixed place: not under java.io.tmpdir, which differs between users, tests and JVMs. */
    static final Path MACHINE_WIDE = Paths.get("/tmp", "queue-latency-runs");
    static final int MODE = 01777;
    static final String SUFFIX = ".run";
    static final String RUN_ID = "runId=";

    private final File directory;
    private final LockedRecord own;
    private final Set<Long> seen = new ConcurrentSkipListSet<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private Thread watch;

    private RunRegistry(final File directory, final LockedRecord own) {
        this.directory = directory;
        this.own = own;
    }

    public static File machineWide() {
        return MACHINE_WIDE.toFile();
    }

    /** Registers this process as a live measurement until {@link #close()}. */
    public static RunRegistry register(final File directory, final String runId) throws IOException {
        openOrCreate(directory.toPath());
        final ProcessIdentity self = ProcessIdentity.current();
        final File file = new File(directory, self.pid + "-" + self.startTime + SUFFIX);
        return new RunRegistry(directory, LockedRecord.create(file.toPath(), RUN_ID + runId + "\n"));
    }

    /** The other live measurements: pid to run id. Records of dead measurements found on the way are removed. */
    public Map<Long, String> otherLiveRuns() {
        return live(directory, own.file());
    }

    /** Starts looking for other runs, each new one reported on {@code err} as it is seen. */
    public synchronized void startWatching(final PrintStream err) {
        check(err);
        watch = new Thread(() -> {
            try {
                while (!stopped.await(1, TimeUnit.SECONDS)) {
                    check(err);
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "qp-concurrent-run-watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** Stops watching, checks a last time and returns the pids of every other run seen, ascending. */
    public List<Long> finishWatching(final PrintStream err) throws InterruptedException {
        stopWatching();
        check(err);
        return new ArrayList<>(seen);
    }

    private void check(final PrintStream err) {
        otherLiveRuns().forEach((pid, runId) -> {
            if (seen.add(pid)) {
                err.println("FAILED: " + String.format(RunSummary.NOT_COMPARABLE, pid) + " [" + runId + "]");
            }
        });
    }

    private synchronized void stopWatching() throws InterruptedException {
        stopped.countDown();
        if (watch != null) {
            watch.join();
        }
    }

    /** Seen without registering. */
    public static Map<Long, String> liveIn(final File directory) {
        return live(directory, null);
    }

    private static Map<Long, String> live(final File directory, final Path except) {
        final Map<Long, String> live = new LinkedHashMap<>();
        final File[] records = directory.listFiles(f -> f.getName().endsWith(SUFFIX) && !f.toPath().equals(except));
        for (final File record : records == null ? new File[0] : records) {
            final LockedRecord abandoned = LockedRecord.claimAbandoned(record.toPath());
            if (abandoned != null) {
                removeIfDead(abandoned);
            } else if (record.exists()) {
                live.put(pidOf(record), runIdOf(record));
            }
        }
        return live;
    }

    /** A live record's run id; never read when this JVM holds it (closing any descriptor would drop its lock). */
    private static String runIdOf(final File record) {
        if (LockedRecord.heldHere(record.toPath())) {
            return "this JVM";
        }
        try {
            return Files.readAllLines(record.toPath(), StandardCharsets.UTF_8).stream()
                    .filter(line -> line.startsWith(RUN_ID)).map(line -> line.substring(RUN_ID.length()))
                    .findFirst().orElse("?");
        } catch (final IOException e) {
            return "?"; // ended while being read
        }
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

    static Path openOrCreate(final Path directory) throws IOException {
        try {
            Files.createDirectory(directory);
        } catch (final FileAlreadyExistsException e) {
            // made earlier, by this user or another: checked below like any other
        }
        // the umask applied at creation: the owner sets the mode on a real directory of its own, others only check
        if (!Files.isSymbolicLink(directory) && Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)
                && (Integer) Files.getAttribute(directory, "unix:uid", LinkOption.NOFOLLOW_LINKS) == ownUid()) {
            Files.setAttribute(directory, "unix:mode", MODE, LinkOption.NOFOLLOW_LINKS);
        }
        checkDirectory(directory);
        return directory;
    }

    static void checkDirectory(final Path directory) throws IOException {
        if (Files.isSymbolicLink(directory) || !Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(directory + " is not a directory (a link or a file is refused)");
        }
        final Map<String, Object> attributes = Files.readAttributes(directory, "unix:mode,uid",
                LinkOption.NOFOLLOW_LINKS);
        final int mode = (Integer) attributes.get("mode") & 07777;
        if (mode != MODE) {
            throw new IOException(directory + " has mode " + Integer.toOctalString(mode) + ", not 1777 (sticky,"
                    + " world-writable)");
        }
        final int owner = (Integer) attributes.get("uid");
        final int self = ownUid();
        if (owner != 0 && owner != self) {
            throw new IOException(directory + " is owned by uid " + owner + ", neither root nor this user (uid "
                    + self + ")");
        }
    }

    static int ownUid() throws IOException {
        return (Integer) Files.getAttribute(Paths.get("/proc/self"), "unix:uid");
    }

    /** Stops watching and removes this run's record. */
    @Override
    public void close() throws IOException {
        try {
            stopWatching();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            own.deleteAndClose();
        }
    }
}
