package io.fastestjvm.launch;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import io.fastestjvm.environment.ProcessId;
import io.fastestjvm.timeline.HotSpotLogs;
import io.fastestjvm.transport.ChronicleQueueTransport;

/**
 * The child's JVM-event logs: on JDK 8 to 13 the timeline needs LogCompilation and safepoint logging switched on at
 * start-up (JDK 14+ records JFR in-process and needs no flag). The logs go to a scratch directory of this launch,
 * which the child reads after its run and this launcher deletes once the child has ended.
 */
public final class JvmEventLogs {
    /** Begins the scratch directory's name; the rest (pid, clock) is unique to the launching JVM. */
    public static final String DIRECTORY_PREFIX = "qp-jvm-events-";

    private final Path directory;
    private final int childJavaMajor;

    JvmEventLogs(final Path directory, final int childJavaMajor) {
        this.directory = directory;
        this.childJavaMajor = childJavaMajor;
    }

    /**
     * A scratch directory name unique to this launching JVM, for a child of Java {@code childJavaMajor}; created
     * only if that JDK needs the logs.
     */
    public static JvmEventLogs inTemporaryDirectory(final int childJavaMajor) {
        return new JvmEventLogs(new File(System.getProperty("java.io.tmpdir"),
                DIRECTORY_PREFIX + ProcessId.current() + "-" + System.nanoTime()).toPath(), childJavaMajor);
    }

    /** The flags that switch the logs on, for the child's command line. */
    List<String> flags() {
        return HotSpotLogs.childJvmFlags(childJavaMajor, directory);
    }

    /** Removes the scratch directory, if the child's JDK needed one. */
    public void delete() {
        ChronicleQueueTransport.deleteTree(directory);
    }
}
