package io.fastestjvm.control;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The children this JVM has stopped ({@link ChildHandle#pause}). A stopped child cannot notice its parent died, so it
 * would hold its heap and queues for ever: a shutdown hook continues them, and {@link #continueOrphans} those a
 * SIGKILLed parent left behind, so each ends itself and removes its queues.
 */
public final class PausedChildren {
    private static final Set<Long> PAUSED = new LinkedHashSet<>();
    private static boolean hooked;

    private PausedChildren() {
    }

    static synchronized void paused(final long pid) {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(PausedChildren::continueAll, "qp-continue-children"));
            hooked = true;
        }
        PAUSED.add(pid);
    }

    static synchronized void continued(final long pid) {
        PAUSED.remove(pid);
    }

    private static synchronized void continueAll() {
        PAUSED.forEach(pid -> ChildHandle.signal(pid, "CONT"));
        PAUSED.clear();
    }

    /** Continues every stopped, re-parented process running {@code mainClass}; their pids, each said on err. */
    public static List<Long> continueOrphans(final String mainClass, final PrintStream err) {
        final List<Long> continued = new ArrayList<>();
        final File[] processes = new File("/proc").listFiles((dir, name) -> name.matches("[0-9]+"));
        if (processes == null) {
            return continued;
        }
        for (final File process : processes) {
            try {
                final String stat = read(new File(process, "stat"));
                if (!stopped(stat) || !orphan(parent(stat))) {
                    continue;
                }
                if (read(new File(process, "cmdline")).contains(mainClass)) {
                    final long pid = Long.parseLong(process.getName());
                    if (ChildHandle.signal(pid, "CONT") == null) {
                        err.println("[qp] continued pid " + pid + ", a " + mainClass + " a killed comparison left"
                                + " stopped; it ends itself and removes its queues");
                        continued.add(pid);
                    }
                }
            } catch (final IOException | RuntimeException e) {
                // a process that ended between the listing and the read
            }
        }
        return continued;
    }

    /** Whether a /proc/PID/stat line is of a stopped process (state T). */
    static boolean stopped(final String stat) {
        return stat.startsWith("T ", stat.lastIndexOf(')') + 2);
    }

    /** The parent pid in a /proc/PID/stat line (the command may hold spaces and parentheses: read past the last). */
    static long parent(final String stat) {
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1]);
    }

    /** An orphan was handed to init or a subreaper, never a JVM; a comparison's parent always is one. */
    private static boolean orphan(final long parent) {
        if (parent == 1) {
            return true;
        }
        try {
            return !read(new File("/proc/" + parent + "/cmdline")).contains("java");
        } catch (final IOException e) {
            return true; // the parent ended meanwhile
        }
    }

    private static String read(final File file) throws IOException {
        return new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8);
    }
}
