package io.fastestjvm.faults;

import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.util.Properties;

import io.fastestjvm.audit.SystemFiles;
import io.fastestjvm.environment.EnvironmentInfo;

/** A process told apart from a later one that reuses its pid by its kernel start time and host. */
public final class ProcessIdentity {
    public enum Liveness {
        /** The pid runs and has the recorded start time. */
        ALIVE,
        /** No process has the pid, or the one that has it started at another time: the recorded one is gone. */
        DEAD,
        /** Another host, no {@code /proc}, or an unreadable record: nothing may be assumed. */
        UNKNOWN
    }

    private static final File PROC = new File("/proc");
    private static final String HOST = hostName();

    public final long pid;
    /** Kernel start time in clock ticks since boot, or null where there is no {@code /proc}. */
    public final String startTime;
    final String host;

    ProcessIdentity(final long pid, final String startTime, final String host) {
        this.pid = pid;
        this.startTime = startTime;
        this.host = host;
    }

    public static ProcessIdentity current() {
        final long pid = EnvironmentInfo.pid();
        return new ProcessIdentity(pid, startTimeOf(pid), HOST);
    }

    public String toText() {
        return "pid=" + pid + "\nstartTime=" + (startTime == null ? "" : startTime) + "\nhost=" + host + "\n";
    }

    /** Reads a record written by {@link #toText}; null when it is empty or incomplete. */
    public static ProcessIdentity parse(final String text) {
        final Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (final IOException e) {
            return null;
        }
        final String pid = properties.getProperty("pid", "");
        if (!pid.matches("[0-9]+")) {
            return null;
        }
        final String start = properties.getProperty("startTime", "");
        return new ProcessIdentity(Long.parseLong(pid), start.isEmpty() ? null : start,
                properties.getProperty("host", ""));
    }

    public Liveness liveness() {
        if (!PROC.isDirectory() || startTime == null || !host.equals(HOST)) {
            return Liveness.UNKNOWN;
        }
        final String now = startTimeOf(pid);
        if (now == null) {
            return new File(PROC, Long.toString(pid)).exists() ? Liveness.UNKNOWN : Liveness.DEAD;
        }
        return now.equals(startTime) ? Liveness.ALIVE : Liveness.DEAD;
    }

    private static String startTimeOf(final long pid) {
        return SystemFiles.live().statStartTime("/proc/" + pid + "/stat");
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (final IOException e) {
            return "unknown";
        }
    }
}
