package io.fastestjvm.environment;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;

/** This JVM's process id, for Java 8 too (no ProcessHandle there): the one place that reads it. */
public final class ProcessId {
    private ProcessId() {
    }

    /** As {@code /proc/self} names it, so it matches /proc; else the runtime's "pid@host". */
    public static long current() {
        try {
            return Long.parseLong(new File("/proc/self").getCanonicalFile().getName());
        } catch (final IOException | NumberFormatException e) {
            final String name = ManagementFactory.getRuntimeMXBean().getName();
            final int at = name.indexOf('@');
            return Long.parseLong(at > 0 ? name.substring(0, at) : name);
        }
    }
}
