package io.fastestjvm.affinity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.BitSet;

/** Reads the calling thread's and the process's real CPU affinity from the OS, not from what was asked for. */
public final class ThreadAffinity {
    private ThreadAffinity() {
    }

    /** The OS thread id of the caller, or -1 where /proc/thread-self is missing. */
    public static int currentThreadId() {
        try {
            final Path link = Files.readSymbolicLink(Paths.get("/proc/thread-self"));
            return Integer.parseInt(link.getFileName().toString());
        } catch (final IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Empty when unknown. */
    public static BitSet currentThreadAllowedCpus() {
        final int tid = currentThreadId();
        return tid < 0 ? new BitSet() : allowedCpus(Paths.get("/proc/self/task/" + tid + "/status"));
    }

    /** CPUs this process may run on; falls back to 0..availableProcessors-1 where /proc is missing. */
    public static BitSet processAllowedCpus() {
        final BitSet allowed = allowedCpus(Paths.get("/proc/self/status"));
        if (allowed.isEmpty()) {
            allowed.set(0, Runtime.getRuntime().availableProcessors());
        }
        return allowed;
    }

    static BitSet allowedCpus(final Path status) {
        try {
            for (final String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return CpuList.parse(line.substring("Cpus_allowed_list:".length()));
                }
            }
        } catch (final IOException | RuntimeException e) {
            // not Linux, or /proc hidden: report unknown
        }
        return new BitSet();
    }
}
